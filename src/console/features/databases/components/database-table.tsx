import { useState } from 'react';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { ErrorMessage, errorText } from '../../../components/error-message';
import { useConnection } from '../../../lib/connection';
import { databaseInUse, defaultDatabase } from '../../../lib/connection-settings';
import { formatBytes } from '../../../lib/format-bytes';
import { deleteHeldBack, listText, switchHeldBack, type RowState } from '../lib/database-text';
import { useDatabaseCounts, useDatabaseList, useDeleteDatabase } from '../queries/databases';
import { ScrollRegion } from '../../../components/scroll-region';

/**
 * Every database of the server, each with what it holds (asked per row, `?view=counts`, so a row
 * shows its own loading and its own error), the REST instances that use it, "Use" (the console's
 * requests then name it) and "Delete…" (once confirmed in a dialog naming it). `usedBy` is
 * undefined while the instances are not known: then nothing is held back for them, and the
 * server's refusal, if any, shows in the dialog.
 */
export function DatabaseTable({ titleId, usedBy, onDeleted }: { titleId: string; usedBy: Map<string, string[]> | undefined; onDeleted(): void }) {
  const { settings, transaction, switchDatabase } = useConnection();
  const list = useDatabaseList();
  const remove = useDeleteDatabase();
  const [asking, setAsking] = useState({ name: '', open: false });
  const current = databaseInUse(settings);
  const held = transaction !== undefined;

  if (list.isPending) {
    return (
      <p className="muted" role="status">
        Loading the databases…
      </p>
    );
  }
  if (list.isError) return <ErrorMessage error={list.error} title="Could not list the databases" />;

  const askingInUse = asking.name === current;
  return (
    <>
      <ScrollRegion label="Databases (scrollable)">
        <table className="table databases-table" aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col" className="databases-table__number">
                Documents
              </th>
              <th scope="col" className="databases-table__number">
                Triples
              </th>
              <th scope="col" className="databases-table__number" title="The documents' content">
                Size
              </th>
              <th scope="col">Used by</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((name) => {
              const state: RowState = { usedBy: usedBy?.get(name) ?? [], inUse: name === current, held };
              const useReason = switchHeldBack(state);
              const deleteReason = deleteHeldBack(state);
              return (
                <tr key={name} className={state.inUse ? 'databases-table__row--current' : undefined} data-testid="database-row">
                  <th scope="row">
                    <span className="mono">{name}</span>
                    {state.inUse && <span className="badge databases-table__in-use">in use</span>}
                  </th>
                  <CountCells name={name} />
                  <td>{listText(state.usedBy) || <span className="muted">—</span>}</td>
                  <td>
                    <div className="databases-table__actions">
                      {!state.inUse && (
                        <button type="button" className="button button--small" disabled={useReason !== undefined} title={useReason} onClick={() => switchDatabase(name)}>
                          Use<span className="visually-hidden"> {name}</span>
                        </button>
                      )}
                      <button
                        type="button"
                        className="button button--small button--danger-outline"
                        disabled={deleteReason !== undefined}
                        title={deleteReason}
                        onClick={() => {
                          remove.reset();
                          setAsking({ name, open: true });
                        }}
                      >
                        Delete…<span className="visually-hidden"> {name}</span>
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      {/* Mounted while closed, so a cancelled question hands focus back to the button that asked. */}
      <ConfirmDelete
        open={asking.open}
        onClose={() => setAsking((a) => ({ ...a, open: false }))}
        mutation={remove}
        target={asking.name}
        onDeleted={onDeleted}
        title={`Delete the database “${asking.name}”?`}
        confirmLabel="Delete database"
      >
        <p>Everything “{asking.name}” holds — documents, graphs, option sets, range indexes — is deleted with it. This cannot be undone.</p>
        {askingInUse && <p>The console uses it now: it goes back to {defaultDatabase(settings) ?? 'the instance’s default database'}.</p>}
      </ConfirmDelete>
    </>
  );
}

/** Documents, triples and size of one database: its own loading state and error. */
function CountCells({ name }: { name: string }) {
  const counts = useDatabaseCounts(name);
  if (counts.isPending) {
    return (
      <td colSpan={3} className="muted databases-table__pending" aria-busy="true" data-testid="database-counts">
        Counting…
      </td>
    );
  }
  if (counts.isError) {
    return (
      <td colSpan={3} data-testid="database-counts">
        <span className="field-error">{errorText(counts.error)}</span>
      </td>
    );
  }
  const { documents, triples, documentBytes } = counts.data;
  return (
    <>
      <td className="databases-table__number" data-testid="database-documents">
        {documents.toLocaleString('en')}
      </td>
      <td className="databases-table__number" data-testid="database-triples">
        {triples.toLocaleString('en')}
      </td>
      <td className="databases-table__number" data-testid="database-bytes" title={`${documentBytes.toLocaleString('en')} bytes`}>
        {formatBytes(documentBytes)}
      </td>
    </>
  );
}
