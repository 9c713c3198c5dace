/**
 * CodeMirror for a document: JSON or XML highlighting and, as the person types (after a
 * short pause), the first well-formedness problem marked where it is, with its message in
 * the gutter and on hover (content-problems.ts decides, as the server would).
 */
import { useMemo } from 'react';
import CodeMirror, { EditorView, type Extension } from '@uiw/react-codemirror';
import { json } from '@codemirror/lang-json';
import { xml } from '@codemirror/lang-xml';
import { lintGutter, type Diagnostic } from '@codemirror/lint';
import { relintableLinter } from '../../../lib/relint';
import { consoleCodeTheme } from '../../../components/code-mirror-theme';
import { contentProblem } from '../lib/content-problems';
import { LINT_DELAY_MS, type DocumentCodeEditorProps } from './document-code-editor';

function diagnostics(format: DocumentCodeEditorProps['format'], text: string): Diagnostic[] {
  const problem = contentProblem(format, text);
  if (!problem) return [];
  // An empty range (the end of the text) shows nothing: mark the character before it.
  const from = problem.from === problem.to ? Math.max(0, problem.to - 1) : problem.from;
  return [{ from, to: problem.to, severity: 'error', message: `Line ${problem.line}, column ${problem.column}: ${problem.message}`, source: format.toUpperCase() }];
}

export default function DocumentCodeEditorImpl({ value, onChange, format, label, minHeight = '16rem', maxHeight, testId }: DocumentCodeEditorProps) {
  const extensions = useMemo<Extension[]>(
    () => [
      ...(format === 'json' ? [json()] : format === 'xml' ? [xml()] : [EditorView.lineWrapping]),
      ...(format === 'text' ? [] : [relintableLinter((view) => diagnostics(format, view.state.doc.toString()), LINT_DELAY_MS), lintGutter()]),
      EditorView.contentAttributes.of({ 'aria-label': label }),
    ],
    [format, label],
  );
  return (
    <div className="code-editor" data-testid={testId}>
      <CodeMirror
        value={value}
        onChange={onChange}
        extensions={extensions}
        minHeight={minHeight}
        maxHeight={maxHeight}
        theme={consoleCodeTheme}
        basicSetup={{ autocompletion: false, searchKeymap: true }}
      />
    </div>
  );
}
