/**
 * CodeMirror set up for SPARQL: highlighting, syntax errors marked while typing,
 * completion of prefixes and of the data's terms, and Ctrl/Cmd+Enter to run.
 */
import { useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import CodeMirror, { type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { autocompletion } from '@codemirror/autocomplete';
import { StreamLanguage } from '@codemirror/language';
import { sparql } from '@codemirror/legacy-modes/mode/sparql';
import { lintGutter, type Diagnostic } from '@codemirror/lint';
import { relintableLinter, useRelintOn } from '../../../lib/relint';
import { useLatest } from '../../../lib/use-latest';
import { consoleCodeTheme } from '../../../components/code-mirror-theme';
import { EditorSelection, Prec } from '@codemirror/state';
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
  /** What the page may do to the editor: read its text as it is now, put the cursor somewhere, replace the text. */
  handle?: Ref<SparqlEditorHandle>;
}

export interface SparqlEditorHandle {
  text(): string | undefined;
  /** Focuses the editor with the cursor at `offset`, scrolled into view. */
  focusAt(offset: number): void;
  /** Replaces the whole text, as one undoable change. */
  replaceText(text: string): void;
}

const LINT_DELAY_MS = 250;

export function SparqlCodeEditor({ value, onChange, onRun, base, vocabulary, handle }: SparqlCodeEditorProps) {
  const editor = useRef<ReactCodeMirrorRef>(null);
  const latest = useLatest({ onRun, base, vocabulary });

  useImperativeHandle(
    handle,
    () => ({
      text: () => editor.current?.view?.state.doc.toString(),
      focusAt: (offset) => {
        const view = editor.current?.view;
        if (!view) return;
        const at = Math.min(Math.max(0, offset), view.state.doc.length);
        view.dispatch({ selection: EditorSelection.cursor(at), effects: EditorView.scrollIntoView(at, { y: 'center' }) });
        view.focus();
      },
      replaceText: (text) => {
        const view = editor.current?.view;
        if (view) view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
      },
    }),
    [],
  );

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
        theme={consoleCodeTheme}
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
