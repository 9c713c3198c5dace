import { lazy, Suspense } from 'react';
import { CodeEditorFallback } from '../../../components/code-editor';

export interface DocumentCodeEditorProps {
  value: string;
  onChange(value: string): void;
  format: 'json' | 'xml' | 'text';
  /** Accessible name of the editing surface. */
  label: string;
  minHeight?: string;
  maxHeight?: string;
  testId?: string;
}

/** How long typing must pause before the text is checked. */
export const LINT_DELAY_MS = 250;

// CodeMirror is most of the console's code: loaded on first edit, as the shared editor is.
const Impl = lazy(() => import('./document-code-editor-impl'));

/** The explorer's editor: the shared editor's highlighting, plus JSON and XML checked as you type. */
export function DocumentCodeEditor(props: DocumentCodeEditorProps) {
  return (
    <Suspense fallback={<CodeEditorFallback {...props} />}>
      <Impl {...props} />
    </Suspense>
  );
}
