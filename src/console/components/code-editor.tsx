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
    <Suspense
      fallback={
        <div className="code-editor" data-testid={props.testId}>
          <pre className="code-editor__fallback" style={{ minHeight: props.minHeight }}>
            {props.value}
          </pre>
        </div>
      }
    >
      <CodeMirrorEditor {...props} />
    </Suspense>
  );
}
