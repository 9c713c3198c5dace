import { useEffect } from 'react';
import { useApiReady } from '../../lib/api-worker-status';
import { useConnection } from '../../lib/connection';
import { databaseChoices, missingDatabase } from '../../lib/connection-settings';
import { errorText } from '../../components/error-message';
import { useDatabaseList } from '../databases/queries/databases';
import { ConnectionSelect } from './connection-select';

/**
 * The connection bar's database: the one every request of the console names, chosen among the
 * server's databases (`GET /manage/v2/databases`). While the list cannot be read (a user without
 * the right to list databases, a server without the Management API on its REST port) the select
 * offers only the default and the database in use. When the list no longer has the one in use, the console goes
 * back to the default, and the bar says so (lib/connection.tsx).
 */
export function DatabaseSelect({ held, heldReason }: { held: boolean; heldReason: string }) {
  const { settings, update, fallBack } = useConnection();
  const ready = useApiReady();
  const list = useDatabaseList(ready);
  const names = list.data;
  const missing = names ? missingDatabase(settings, names) : undefined;
  useEffect(() => {
    if (missing !== undefined) fallBack(missing);
  }, [missing, fallBack]);

  const choices = databaseChoices(settings, names);
  const title = held ? heldReason : list.isError ? `The databases could not be listed: ${errorText(list.error)}` : undefined;
  return (
    <ConnectionSelect
      id="connection-database"
      label="Database"
      value={settings.database}
      choices={choices}
      held={held}
      title={title}
      busy={list.isPending && ready}
      onChange={(database) => update({ ...settings, database })}
    />
  );
}
