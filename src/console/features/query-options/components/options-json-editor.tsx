/**
 * CodeMirror set up for an option set: JSON highlighting, and marks — with messages in
 * the gutter and on hover — for what is wrong: JSON syntax, keys given twice, and each
 * problem the server named that can be placed in the text. Marks are recomputed from the
 * current text, so they follow edits and vanish when their text is fixed.
 */
import { useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import CodeMirror, { type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { json } from '@codemirror/lang-json';
import { lintGutter, type Diagnostic } from '@codemirror/lint';
import { relintableLinter, useRelintOn } from '../../../lib/relint';
import { useLatest } from '../../../lib/use-latest';
import { EditorSelection } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import type { TextProblem } from '../lib/options-text';
import { consoleCodeTheme } from '../../../components/code-mirror-theme';

export interface OptionsEditorHandle {
  /** Selects a range and scrolls it into view. */
  reveal(from: number, to: number): void;
  /** Replaces the whole text as one undoable edit, selecting `select`. */
  replace(text: string, select: { from: number; to: number }): void;
}

interface OptionsJsonEditorProps {
  value: string;
  onChange(value: string): void;
  /** The marks for a text: called on every lint pass with the text being linted. */
  problemsFor(text: string): TextProblem[];
  /** Changes whenever the marks for the same text would change (new server problems). */
  problemsVersion: unknown;
  handle?: Ref<OptionsEditorHandle>;
}

const LINT_DELAY_MS = 200;

export function OptionsJsonEditor({ value, onChange, problemsFor, problemsVersion, handle }: OptionsJsonEditorProps) {
  const editor = useRef<ReactCodeMirrorRef>(null);
  const latest = useLatest(problemsFor);

  const extensions = useMemo(
    () => [
      json(),
      relintableLinter((view) => diagnostics(latest.current(view.state.doc.toString())), LINT_DELAY_MS),
      lintGutter(),
      // An explicit tabindex: checkers do not count contenteditable as focusable, and the editor scrolls (code-mirror-editor.tsx).
      EditorView.contentAttributes.of({ 'aria-label': 'Options JSON', tabindex: '0' }),
    ],
    [],
  );

  // The problems changed while the text did not.
  useRelintOn(editor, problemsVersion);

  useImperativeHandle(
    handle,
    () => ({
      reveal(from, to) {
        const view = editor.current?.view;
        if (!view) return;
        const end = Math.min(to, view.state.doc.length);
        view.dispatch({ selection: EditorSelection.single(Math.min(from, end), end), scrollIntoView: true });
        view.focus();
      },
      replace(text, select) {
        const view = editor.current?.view;
        if (!view) return onChange(text);
        view.dispatch({
          changes: { from: 0, to: view.state.doc.length, insert: text },
          selection: EditorSelection.single(select.from, select.to),
          scrollIntoView: true,
        });
        view.focus();
      },
    }),
    [onChange],
  );

  return (
    <div className="code-editor options-json-editor" data-testid="options-editor">
      <CodeMirror
        ref={editor}
        value={value}
        onChange={onChange}
        extensions={extensions}
        minHeight="18rem"
        maxHeight="60vh"
        theme={consoleCodeTheme}
        basicSetup={{ autocompletion: false, searchKeymap: true }}
      />
    </div>
  );
}

function diagnostics(problems: TextProblem[]): Diagnostic[] {
  return problems.map((p) => {
    const { to } = p;
    // An empty range shows nothing: mark the character before it instead.
    const from = p.from === to ? Math.max(0, to - 1) : p.from;
    return { from, to, severity: p.severity, message: p.message, source: p.severity === 'error' ? 'Options' : 'JSON' };
  });
}
