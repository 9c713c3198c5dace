import { useMemo, useRef, useState } from 'react';
import type { DocumentContent } from '../../../../client/create-client';
import { ErrorMessage } from '../../../components/error-message';
import { useShortcut } from '../../../lib/shortcuts';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSaveDocument } from '../queries/save-document';
import { contentProblem } from '../lib/content-problems';
import { displayText } from '../lib/display-text';
import { draftStatus } from '../lib/document-drafts';
import { leavesDocument } from '../lib/explorer-state';
import { useDocumentDrafts } from '../lib/use-document-drafts';
import { useLeaveGuard } from '../lib/use-leave-guard';
import { DocumentCodeEditor, LINT_DELAY_MS } from './document-code-editor';
import { DraftBadge } from './draft-badge';
import { LeaveDialog } from './leave-dialog';

type TextDocument = Extract<DocumentContent, { format: 'json' | 'xml' | 'text' }>;

/**
 * Edits a text document in place; Save replaces it with PUT. Every change is kept as a draft
 * (document-drafts.ts) until it is saved or discarded, so opening another document, leaving
 * the page or reloading loses nothing — and leaving with changes asks first.
 */
export function ContentEditor({ doc, onDone }: { doc: TextDocument; onDone(): void }) {
  const { drafts, put, discard } = useDocumentDrafts();
  const current = useMemo(() => displayText(doc.format, doc.text), [doc.format, doc.text]);
  const draft = drafts[doc.uri];
  const [text, setText] = useState(() => draft?.text ?? current);
  const [stored, setStored] = useState(true);
  const save = useSaveDocument();
  const form = useRef<HTMLFormElement>(null);
  const status = draftStatus(draft, current);
  const dirty = draft !== undefined;

  // Checked after a pause in typing, as the editor's marks are; a Save checks the text as it is.
  const settled = useDebouncedValue(text, LINT_DELAY_MS);
  const problem = useMemo(() => contentProblem(doc.format, settled), [doc.format, settled]);
  const [submitted, setSubmitted] = useState(false);
  const shownProblem = submitted ? contentProblem(doc.format, text) : problem;

  const guard = useLeaveGuard(dirty && !save.isPending, (next) => leavesDocument(doc.uri, next));

  const change = (next: string) => {
    setText(next);
    setSubmitted(false);
    setStored(put({ uri: doc.uri, format: doc.format, text: next, base: draft?.base ?? current, updated: Date.now() }));
  };
  const discardDraft = () => {
    discard(doc.uri);
    onDone();
  };

  useShortcut({ keys: 'mod+s', description: 'Save the document being edited', group: 'Documents' }, () => form.current?.requestSubmit(), { allowInInputs: true });

  return (
    <form
      ref={form}
      className="editor-form"
      aria-label={`Edit ${doc.uri}`}
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        if (contentProblem(doc.format, text)) return;
        save.mutate(
          { uri: doc.uri, content: text, format: doc.format },
          {
            onSuccess: () => {
              discard(doc.uri);
              onDone();
            },
          },
        );
      }}
    >
      <div className="draft-bar" data-testid="editor-draft-state">
        {dirty && status !== 'none' ? (
          <>
            <DraftBadge status={status} />
            <span className="muted">
              {status === 'conflict'
                ? 'The document changed since this draft began: saving replaces the newer version.'
                : stored
                  ? 'Kept in this browser until you save or discard it.'
                  : 'This browser refused to keep the draft (storage full?): save it or copy it.'}
            </span>
          </>
        ) : (
          <span className="muted">No changes yet.</span>
        )}
      </div>
      <DocumentCodeEditor value={text} onChange={change} format={doc.format} label={`Edit ${doc.uri}`} minHeight="16rem" maxHeight="70vh" testId="content-editor" />
      <p className={`content-problem${shownProblem ? ' content-problem--error' : ''}`} aria-live="polite" data-testid="content-problem">
        {shownProblem ? `Line ${shownProblem.line}, column ${shownProblem.column}: ${shownProblem.message}` : doc.format === 'text' ? '' : `Well-formed ${doc.format.toUpperCase()}.`}
      </p>
      {save.isError && <ErrorMessage error={save.error} title="Could not save" />}
      <div className="panel__actions">
        <button type="button" className="button" onClick={onDone} disabled={save.isPending} title={dirty ? 'Close the editor; the draft is kept' : undefined}>
          {dirty ? 'Close, keep draft' : 'Cancel'}
        </button>
        {dirty && (
          <button type="button" className="button button--danger-outline" onClick={discardDraft} disabled={save.isPending}>
            Discard draft
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={save.isPending || shownProblem !== undefined}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
      <LeaveDialog
        uri={doc.uri}
        open={guard.pending !== undefined}
        onStay={guard.stay}
        onKeep={guard.proceed}
        onDiscard={() => {
          discard(doc.uri);
          guard.proceed();
        }}
      />
    </form>
  );
}
