import { useCallback, useState } from 'react';
import { useConnection } from '../../../lib/connection';
import { databaseKey, readColumns, writeColumns } from './column-prefs';

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

export interface ColumnChoice {
  /** The person's columns for this database; undefined: automatic. */
  columns: string[] | undefined;
  set(columns: string[] | undefined): void;
}

/** The listing's columns as chosen for the connected database, remembered in localStorage (column-prefs.ts). */
export function useColumnChoice(): ColumnChoice {
  const { settings } = useConnection();
  const database = databaseKey(settings);
  const [state, setState] = useState(() => ({ database, columns: readColumns(storage(), database) }));
  // Another database: its own choice.
  const current = state.database === database ? state : { database, columns: readColumns(storage(), database) };
  if (current !== state) setState(current);
  const set = useCallback(
    (columns: string[] | undefined) => {
      writeColumns(storage(), database, columns);
      setState({ database, columns });
    },
    [database],
  );
  return { columns: current.columns, set };
}
