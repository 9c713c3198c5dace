/**
 * A CodeMirror linter that can be asked to run again while the text stays the same
 * (its inputs changed: a base IRI, the API's latest problems). `forceLinting` alone only
 * runs a pass that is already scheduled, and an unchanged text schedules none: `relint`
 * schedules one with an effect the linter's `needsRefresh` watches, then forces it.
 */
import { forceLinting, linter, type Diagnostic } from '@codemirror/lint';
import { StateEffect } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import type { ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { useEffect, type RefObject } from 'react';

const inputsChanged = StateEffect.define<null>();

export function relintableLinter(source: (view: EditorView) => Diagnostic[], delay: number) {
  return linter(source, {
    delay,
    needsRefresh: (update) => update.transactions.some((tr) => tr.effects.some((e) => e.is(inputsChanged))),
  });
}

/** Runs the linter of {@link relintableLinter} again now. */
export function relint(view: EditorView): void {
  view.dispatch({ effects: inputsChanged.of(null) });
  forceLinting(view);
}

/** Lints `editor` again whenever `input` changes while its text may not have. */
export function useRelintOn(editor: RefObject<ReactCodeMirrorRef | null>, input: unknown): void {
  useEffect(() => {
    const view = editor.current?.view;
    if (view) relint(view);
  }, [editor, input]);
}
