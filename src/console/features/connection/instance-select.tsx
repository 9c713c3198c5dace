import { useEffect } from 'react';
import { useApiReady } from '../../lib/api-worker-status';
import { useConnection } from '../../lib/connection';
import { instanceChoices, missingInstance } from '../../lib/connection-settings';
import { errorText } from '../../components/error-message';
import { useInstances } from '../databases/queries/databases';
import { ConnectionSelect } from './connection-select';

/**
 * The connection bar's REST instance: the one every request of the console goes to (in this
 * browser under `/tabula/instances/<name>`, on a remote server at its port), chosen among the
 * server's instances (`GET /v1/rest-apis`). While the list cannot be read (a user without
 * rest-admin, a server without the endpoint) the select offers only the built-in instance and the
 * one in use. Choosing one sends the database back to its default, the instance's content
 * database, and the bar says so; when the list no longer has the one in use, the console goes
 * back to the built-in one, and the bar says that (lib/connection.tsx).
 */
export function InstanceSelect({ held, heldReason }: { held: boolean; heldReason: string }) {
  const { settings, switchInstance, fallBackInstance } = useConnection();
  const ready = useApiReady();
  const list = useInstances(ready);
  const instances = list.data;
  const missing = instances ? missingInstance(settings, instances) : undefined;
  useEffect(() => {
    if (missing !== undefined) fallBackInstance(missing);
  }, [missing, fallBackInstance]);

  const choices = instanceChoices(settings, instances);
  const title = held
    ? heldReason
    : list.isError
      ? `The REST instances could not be listed: ${errorText(list.error)}`
      : 'Another instance answers at its own path or port; the database goes back to its content database';
  return (
    <ConnectionSelect
      id="connection-instance"
      label="Instance"
      value={settings.instance}
      choices={choices}
      held={held}
      title={title}
      busy={list.isPending && ready}
      onChange={(name) => {
        // The one in use may be missing from a list not (yet) read: choosing it again changes nothing.
        if (name === settings.instance) return;
        const chosen = instances?.find((i) => i.name === name);
        if (name === '' || chosen) switchInstance(chosen);
      }}
    />
  );
}
