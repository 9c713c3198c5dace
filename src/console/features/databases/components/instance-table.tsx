import type { UseQueryResult } from '@tanstack/react-query';
import type { RestInstance } from '../../../../client/create-client';
import { ErrorMessage } from '../../../components/error-message';

/**
 * The server's REST instances (`GET /v1/rest-apis`): each one's port, and its content and modules
 * databases. In this browser an instance has no port of its own to listen on: it answers under
 * `/tabula/instances/<name>/…`; under `npm run serve` it listens on its port.
 */
export function InstanceTable({ titleId, instances, local }: { titleId: string; instances: UseQueryResult<RestInstance[]>; local: boolean }) {
  if (instances.isPending) {
    return (
      <p className="muted" role="status">
        Loading the REST instances…
      </p>
    );
  }
  if (instances.isError) return <ErrorMessage error={instances.error} title="Could not list the REST instances" />;
  return (
    <>
      <table className="table databases-table" aria-labelledby={titleId}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Port</th>
            <th scope="col">Content database</th>
            <th scope="col">Modules database</th>
            {local && <th scope="col">Path in this browser</th>}
          </tr>
        </thead>
        <tbody>
          {instances.data.map((i) => (
            <tr key={i.name}>
              <th scope="row">
                <span className="mono">{i.name}</span>
              </th>
              <td className="mono">{i.port}</td>
              <td className="mono">{i.database}</td>
              <td className="mono">{i.modulesDatabase}</td>
              {local && (
                <td>
                  <code>/tabula/instances/{encodeURIComponent(i.name)}/</code>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {local && (
        <p className="hint">
          A request reaches an instance’s content database without naming one; this console names the database it uses on every request instead. In
          this browser an instance answers under its path; under <code>npm run serve</code>, on its port.
        </p>
      )}
    </>
  );
}
