import { useId, useState } from 'react';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { ErrorMessage, errorText } from '../../../components/error-message';
import { formatBytes } from '../../../lib/format-bytes';
import { importedText, savedAt } from '../lib/scene-text';
import { useDeleteSnapshot, useDownloadSnapshot, useRestoreSnapshot, useSaveSnapshot, useSnapshots } from '../queries/scenes';
import { ScrollRegion } from '../../../components/scroll-region';

/** What is asked before a restore or a delete, and what it does. */
const questions = {
  restore: { verb: 'Restore', consequence: 'The database is replaced by the snapshot: everything written since it was saved is lost. The snapshot itself stays.' },
  delete: { verb: 'Delete', consequence: 'The snapshot is deleted from this browser; the database is not changed. This cannot be undone.' },
};

/**
 * Snapshots: the named scenes kept in this browser, each restorable (once confirmed),
 * downloadable and deletable (once confirmed), and "Save current database as…". A name the
 * server refuses shows its message under the field.
 */
export function SnapshotList({ open }: { open: boolean }) {
  const titleId = useId();
  const snapshots = useSnapshots(open);
  const restore = useRestoreSnapshot();
  const remove = useDeleteSnapshot();
  const download = useDownloadSnapshot();
  const [asking, setAsking] = useState<{ action: keyof typeof questions; name: string; open: boolean }>({ action: 'restore', name: '', open: false });
  const list = snapshots.data ?? [];

  return (
    <section className="scenes__section" aria-labelledby={titleId}>
      <h3 id={titleId} className="scenes__title">
        Snapshots
      </h3>
      <p className="hint">Kept in this browser apart from the database: a reset or an import leaves them as they are.</p>
      {snapshots.isPending && open && (
        <p className="muted" role="status">
          Loading snapshots…
        </p>
      )}
      {snapshots.isError && <ErrorMessage error={snapshots.error} title="Could not list the snapshots" />}
      {snapshots.isSuccess && list.length === 0 && <p className="muted">No snapshots yet.</p>}
      {list.length > 0 && (
        <ScrollRegion label="Snapshots (scrollable)">
          <table className="table" aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Saved</th>
                <th scope="col">Size</th>
                <th scope="col">Documents</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((s) => (
                <tr key={s.name}>
                  <th scope="row">{s.name}</th>
                  <td>
                    <time dateTime={s.created}>{savedAt(s.created)}</time>
                  </td>
                  <td>{formatBytes(s.size)}</td>
                  <td>{(s.counts.documents ?? 0).toLocaleString('en')}</td>
                  <td>
                    <div className="scenes__actions">
                      <button type="button" className="button button--small" onClick={() => setAsking({ action: 'restore', name: s.name, open: true })}>
                        Restore…<span className="visually-hidden"> {s.name}</span>
                      </button>
                      <button type="button" className="button button--small" disabled={download.isPending} onClick={() => download.mutate(s.name)}>
                        Download<span className="visually-hidden"> {s.name}</span>
                      </button>
                      <button type="button" className="button button--small button--danger-outline" onClick={() => setAsking({ action: 'delete', name: s.name, open: true })}>
                        Delete…<span className="visually-hidden"> {s.name}</span>
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {restore.isSuccess && (
        <p className="notice" role="status">
          {importedText(restore.data, 'Restored')} from “{restore.variables}”.
        </p>
      )}
      {download.isError && <ErrorMessage error={download.error} title="Download failed" />}
      <SaveSnapshot existing={list.map((s) => s.name)} />

      {/* Mounted while closed, so closing hands focus back to the button that asked. */}
      <ConfirmDelete
        open={asking.open}
        onClose={() => setAsking({ ...asking, open: false })}
        mutation={asking.action === 'restore' ? restore : remove}
        target={asking.name}
        onDeleted={() => {}}
        title={`${questions[asking.action].verb} the snapshot “${asking.name}”?`}
        confirmLabel={`${questions[asking.action].verb} snapshot`}
      >
        <p>{questions[asking.action].consequence}</p>
      </ConfirmDelete>
    </section>
  );
}

function SaveSnapshot({ existing }: { existing: string[] }) {
  const ids = { input: useId(), hint: useId(), error: useId() };
  const [name, setName] = useState('');
  const save = useSaveSnapshot();
  const replaces = existing.includes(name);
  return (
    <form
      className="scenes__form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(name, { onSuccess: () => setName('') });
      }}
    >
      <label className="field-label" htmlFor={ids.input}>
        Save current database as…
      </label>
      <div className="scenes__row">
        <input
          id={ids.input}
          className="input"
          value={name}
          placeholder="before the demo"
          aria-invalid={save.isError}
          aria-describedby={[replaces && ids.hint, save.isError && ids.error].filter(Boolean).join(' ') || undefined}
          onChange={(e) => {
            setName(e.target.value);
            if (!save.isPending) save.reset();
          }}
        />
        <button type="submit" className="button button--primary" disabled={name === '' || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save snapshot'}
        </button>
      </div>
      {replaces && (
        <p id={ids.hint} className="hint">
          A snapshot of that name exists: saving replaces it.
        </p>
      )}
      {save.isError && (
        <p id={ids.error} className="field-error" role="alert">
          {errorText(save.error)}
        </p>
      )}
      {save.isSuccess && (
        <p className="notice" role="status">
          Saved “{save.data.name}” ({(save.data.counts.documents ?? 0).toLocaleString('en')} documents, {formatBytes(save.data.size)}).
        </p>
      )}
    </form>
  );
}
