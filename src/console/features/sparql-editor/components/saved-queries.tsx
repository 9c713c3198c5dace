import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import { savedQueryUri } from '../lib/saved-queries';
import { SAVED_QUERIES_LIMIT, useSaveQuery, useSavedQueries, type SavedQuery } from '../queries/saved-queries';

/** "Saved queries": the database's saved queries by title; choosing one opens it in a new tab. */
export function SavedQueriesMenu({ onOpen }: { onOpen(query: SavedQuery): void }) {
  const saved = useSavedQueries();
  const menu = useRef<HTMLDetailsElement>(null);
  const queries = saved.data?.queries;
  return (
    <details className="menu saved-queries" ref={menu}>
      <summary className="button button--small">Saved queries{queries ? ` (${saved.data?.total})` : ''}</summary>
      <div className="menu__list saved-queries__list">
        {saved.error != null ? (
          <ErrorMessage error={saved.error} title="The saved queries could not be read" />
        ) : queries === undefined ? (
          <p className="muted">Reading…</p>
        ) : queries.length === 0 ? (
          <p className="muted">No saved queries yet: “Save query…” stores the editor’s query here, for everyone using this database.</p>
        ) : (
          <ul aria-label="Saved queries">
            {queries.map((q) => (
              <li key={q.uri}>
                <button
                  type="button"
                  className="menu__item"
                  title={`Open in a new tab:\n\n${q.text}`}
                  onClick={() => {
                    if (menu.current) menu.current.open = false;
                    onOpen(q);
                  }}
                >
                  {q.title}
                </button>
              </li>
            ))}
            {(saved.data?.total ?? 0) > SAVED_QUERIES_LIMIT && <li className="muted">The first {SAVED_QUERIES_LIMIT} are listed.</li>}
          </ul>
        )}
      </div>
    </details>
  );
}

/** "Save query…": asks for a title and stores the editor's text as a saved query. */
export function SaveQueryButton({ text, suggestedTitle }: { text: string; suggestedTitle?: string }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const save = useSaveQuery();
  const saved = useSavedQueries();
  const inputId = useId();
  const trimmed = title.trim();
  const replaces = trimmed ? saved.data?.queries.find((q) => q.uri === savedQueryUri(trimmed)) : undefined;
  const close = () => {
    save.reset();
    setOpen(false);
  };
  const confirm = () => {
    if (trimmed === '') return;
    save.mutate({ title: trimmed, text }, { onSuccess: () => setOpen(false) });
  };
  return (
    <>
      <button
        type="button"
        className="button button--small"
        disabled={text.trim() === ''}
        onClick={() => {
          setTitle(suggestedTitle ?? '');
          setOpen(true);
        }}
      >
        Save query…
      </button>
      <ConfirmDialog open={open} title="Save this query" confirmLabel="Save" tone="primary" busy={save.isPending} error={save.error} onConfirm={confirm} onCancel={close}>
        <label htmlFor={inputId} className="field-label">
          Title
        </label>
        <input
          id={inputId}
          className="input"
          value={title}
          autoFocus
          onChange={(e) => setTitle(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              confirm();
            }
          }}
        />
        <p className="muted">
          {replaces ? `Replaces the saved query “${replaces.title}”.` : `Saved in the database as ${trimmed ? savedQueryUri(trimmed) : 'a document'}, where every console on it finds it.`}
        </p>
      </ConfirmDialog>
    </>
  );
}
