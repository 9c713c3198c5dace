import type { UseQueryResult } from '@tanstack/react-query';
import type { RestInstance } from '../../../../client/create-client';
import { ErrorMessage } from '../../../components/error-message';
import { useConnection } from '../../../lib/connection';
import { instanceHeldBack, isBuiltInInstance } from '../../../lib/connection-settings';
import { ScrollRegion } from '../../../components/scroll-region';

/**
 * The server's REST instances (`GET /v1/rest-apis`): each one's port, and its content and modules
 * databases, the one the console uses, and "Use" (the console's requests then go to it, and the
 * database back to its content database). In this browser an instance has no port of its own to
 * listen on: it answers under `/tabula/instances/<name>/…`; under `npm run serve` it listens on
 * its port, where the console then reaches it.
 */
export function InstanceTable({ titleId, instances, local }: { titleId: string; instances: UseQueryResult<RestInstance[]>; local: boolean }) {
  const { settings, transaction, switchInstance } = useConnection();
  if (instances.isPending) {
    return (
      <p className="muted" role="status">
        Loading the REST instances…
      </p>
    );
  }
  if (instances.isError) return <ErrorMessage error={instances.error} title="Could not list the REST instances" />;
  const held = transaction !== undefined;
  return (
    <>
      <ScrollRegion label="REST instances (scrollable)">
        <table className="table databases-table" aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Port</th>
              <th scope="col">Content database</th>
              <th scope="col">Modules database</th>
              {local && <th scope="col">Path in this browser</th>}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {instances.data.map((i) => {
              const inUse = settings.instance ? i.name === settings.instance : isBuiltInInstance(settings, i);
              const reason = held ? 'Commit or roll back the open transaction first' : instanceHeldBack(settings, i);
              return (
                <tr key={i.name} className={inUse ? 'databases-table__row--current' : undefined} data-testid="instance-row">
                  <th scope="row">
                    <span className="mono">{i.name}</span>
                    {inUse && <span className="badge databases-table__in-use">in use</span>}
                  </th>
                  <td className="mono">{i.port}</td>
                  <td className="mono">{i.database}</td>
                  <td className="mono">{i.modulesDatabase}</td>
                  {local && (
                    <td>
                      <code>{isBuiltInInstance(settings, i) ? '/' : `/tabula/instances/${encodeURIComponent(i.name)}/`}</code>
                    </td>
                  )}
                  <td>
                    <div className="databases-table__actions">
                      {!inUse && (
                        <button type="button" className="button button--small" disabled={reason !== undefined} title={reason} onClick={() => switchInstance(i)}>
                          Use<span className="visually-hidden"> {i.name}</span>
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="hint">
        “Use” sends the console’s requests to another instance, and the database goes back to that instance’s content database: a request
        reaches it without naming one.{' '}
        {local ? (
          <>
            In this browser an instance answers under its path; under <code>npm run serve</code>, on its port.
          </>
        ) : (
          <>Each instance is reached on its port, at the base URL’s host.</>
        )}
      </p>
    </>
  );
}
