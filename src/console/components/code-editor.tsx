import { lazy, Suspense } from 'react';

export type CodeLanguage = 'json' | 'xml' | 'text';

export interface CodeEditorProps {
  value: string;
  language: CodeLanguage;
  /** Accessible name of the editing surface. */
  label: string;
  onChange?(value: string): void;
  readOnly?: boolean;
  minHeight?: string;
  maxHeight?: string;
  testId?: string;
}

// CodeMirror is about half of the console's code; loading it on first use lets the
// shell and the listing appear before it arrives.
const CodeMirrorEditor = lazy(() => import('./code-mirror-editor'));

/** A code editor with JSON/XML highlighting; also the read-only viewer, so both look alike. */
export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<CodeEditorFallback {...props} />}>
      <CodeMirrorEditor {...props} />
    </Suspense>
  );
}

/** What an editor shows while CodeMirror loads: its text, where the editor will be. */
export function CodeEditorFallback({ value, minHeight, testId }: { value: string; minHeight?: string; testId?: string }) {
  return (
    <div className="code-editor" data-testid={testId}>
      <pre className="code-editor__fallback" style={{ minHeight }}>
        {value}
      </pre>
    </div>
  );
}
