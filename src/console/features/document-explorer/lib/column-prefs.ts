/**
 * The listing's columns as the person arranged them, remembered per database in
 * localStorage: absent, the columns are chosen from each page (field-columns.ts); present,
 * exactly these fields in this order. A database is its server, REST instance and name —
 * not the user acting, whose documents are the same documents.
 */
import type { ConnectionSettings } from '../../../lib/connection-settings';

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PREFIX = 'tabula.documentColumns:';

/** The database the settings reach, as a storage key suffix. */
export function databaseKey(settings: Pick<ConnectionSettings, 'target' | 'baseUrl' | 'instance' | 'database'>): string {
  const where = settings.target === 'local' ? 'local' : settings.baseUrl.trim().replace(/\/+$/, '');
  return `${where}|${settings.instance}|${settings.database}`;
}

/** The chosen columns, or undefined for automatic (also when what is stored is not a list of names). */
export function readColumns(storage: StorageLike | undefined, database: string): string[] | undefined {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(PREFIX + database) ?? 'null');
    return Array.isArray(stored) && stored.every((c) => typeof c === 'string') ? [...new Set(stored as string[])] : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers `columns`; undefined goes back to automatic. */
export function writeColumns(storage: StorageLike | undefined, database: string, columns: readonly string[] | undefined): void {
  try {
    if (columns === undefined) storage?.removeItem(PREFIX + database);
    else storage?.setItem(PREFIX + database, JSON.stringify(columns));
  } catch {
    // A full or refused storage only means the arrangement is not remembered.
  }
}

export const addColumn = (columns: readonly string[], field: string): string[] => (columns.includes(field) ? [...columns] : [...columns, field]);

export const removeColumn = (columns: readonly string[], field: string): string[] => columns.filter((c) => c !== field);

/** `field` moved `by` places (negative: left), kept within the list. */
export function moveColumn(columns: readonly string[], field: string, by: number): string[] {
  const from = columns.indexOf(field);
  if (from < 0) return [...columns];
  const to = Math.max(0, Math.min(columns.length - 1, from + by));
  const out = columns.filter((c) => c !== field);
  out.splice(to, 0, field);
  return out;
}
