/**
 * CodeMirror set up for SPARQL: highlighting, syntax errors marked while typing,
 * completion of prefixes and of the data's terms, and Ctrl/Cmd+Enter to run.
 */
import { useMemo, useRef } from 'react';
import CodeMirror, { type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { autocompletion } from '@codemirror/autocomplete';
import { StreamLanguage } from '@codemirror/language';
import { sparql } from '@codemirror/legacy-modes/mode/sparql';
import { lintGutter, type Diagnostic } from '@codemirror/lint';
import { Prec } from '@codemirror/state';
import { relintableLinter, useRelintOn } from '../../../lib/relint';
import { useLatest } from '../../../lib/use-latest';
import { EditorView, keymap } from '@codemirror/view';
import { sparqlCompletions, type DataVocabulary } from '../lib/sparql-completion';
import { analyseSparql } from '../lib/sparql-syntax';

interface SparqlCodeEditorProps {
  value: string;
  onChange(value: string): void;
  /** Ctrl/Cmd+Enter: runs the editor's text as it is at that moment. */
  onRun(text: string): void;
  /** The base IRI of the parameters panel: relative IRIs are checked against it. */
  base: string;
  vocabulary: DataVocabulary;
}

const LINT_DELAY_MS = 250;

export function SparqlCodeEditor({ value, onChange, onRun, base, vocabulary }: SparqlCodeEditorProps) {
  const editor = useRef<ReactCodeMirrorRef>(null);
  const latest = useLatest({ onRun, base, vocabulary });

  const extensions = useMemo(
    () => [
      StreamLanguage.define(sparql),
      relintableLinter((view) => diagnostics(view.state.doc.toString(), latest.current.base), LINT_DELAY_MS),
      lintGutter(),
      autocompletion({ override: [sparqlCompletions(() => latest.current.vocabulary)] }),
      Prec.highest(
        keymap.of([
          {
            key: 'Mod-Enter',
            run: (view) => {
              latest.current.onRun(view.state.doc.toString());
              return true;
            },
          },
        ]),
      ),
      EditorView.contentAttributes.of({ 'aria-label': 'SPARQL editor' }),
    ],
    [],
  );

  // Relative IRIs may become (in)valid with the same text.
  useRelintOn(editor, base);

  return (
    <div className="code-editor sparql-code-editor" data-testid="sparql-editor">
      <CodeMirror
        ref={editor}
        value={value}
        onChange={onChange}
        extensions={extensions}
        minHeight="12rem"
        maxHeight="45vh"
        theme="light"
        autoFocus
        basicSetup={{ autocompletion: false, searchKeymap: true }}
      />
    </div>
  );
}

function diagnostics(text: string, base: string): Diagnostic[] {
  const { error } = analyseSparql(text, base.trim() || undefined);
  if (!error) return [];
  let { from, to } = error;
  if (from === to) {
    // A text that stops too early: mark its last character, an empty range shows nothing.
    to = text.trimEnd().length;
    from = Math.max(0, to - 1);
  }
  return [{ from, to, severity: 'error', message: error.message, source: 'SPARQL' }];
}
