/**
 * Where the console sends its requests, as whom, and to which database. Kept in localStorage
 * so a reload keeps the same target, user and database; read defensively because anything
 * (an older version, a person with devtools) may have written that key.
 */
import { ApiError, type ClientOptions } from '../../client/create-client';
import { DEFAULT_DATABASE } from '../../client/indexes';

export type Target = 'local' | 'remote';

export interface ConnectionSettings {
  /** `local`: this browser's database (the service worker on this origin). */
  target: Target;
  /** Base URL of a remote REST instance, e.g. `http://127.0.0.1:8000`. */
  baseUrl: string;
  /** Empty: send no credentials (the local database then acts as its default user). */
  user: string;
  password: string;
  /**
   * The database requests name (`database=`, through the client's `database` option). Empty:
   * none is named, and the REST instance's content database answers — in this browser,
   * {@link DEFAULT_DATABASE}.
   */
  database: string;
}

export const STORAGE_KEY = 'tabula.connection';

/** The local database's built-in users; each one's password is its name. */
export const localUsers = ['admin', 'rest-admin', 'rest-writer', 'rest-reader'] as const;

/** Who the local database acts as when no credentials are sent (docs/architecture.md, Auth). */
export const LOCAL_DEFAULT_USER = 'admin';

export const defaultSettings: ConnectionSettings = { target: 'local', baseUrl: '', user: '', password: '', database: '' };

/** The longest database name kept: far above any name a server accepts (Tabula's are at most 64 characters). */
const MAX_DATABASE_NAME = 256;

export function loadSettings(storage: Pick<Storage, 'getItem'> | undefined): ConnectionSettings {
  let raw: unknown;
  try {
    raw = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    return defaultSettings;
  }
  if (!raw || typeof raw !== 'object') return defaultSettings;
  const r = raw as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const settings: ConnectionSettings = {
    target: r.target === 'remote' ? 'remote' : 'local',
    baseUrl: str(r.baseUrl),
    user: str(r.user),
    password: str(r.password),
    database: storedDatabase(r.database),
  };
  // A remote target without a usable URL cannot be reached; fall back to this browser.
  if (settings.target === 'remote' && validateBaseUrl(settings.baseUrl) !== undefined) return { ...settings, target: 'local' };
  return settings;
}

/** A stored database name, or '' (the default) for anything that cannot be one: not a string, blank, huge, with control characters. */
function storedDatabase(value: unknown): string {
  if (typeof value !== 'string' || value.trim() !== value || value.length > MAX_DATABASE_NAME) return '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  return /[\u0000-\u001f\u007f]/.test(value) ? '' : value;
}

export function saveSettings(storage: Pick<Storage, 'setItem'> | undefined, settings: ConnectionSettings): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Storage can be full or disabled (private mode); the settings still apply to this page.
  }
}

/** An error message for an unusable base URL, or undefined when it is fine. */
export function validateBaseUrl(baseUrl: string): string | undefined {
  if (!baseUrl.trim()) return 'Enter the base URL of a REST server, e.g. http://127.0.0.1:8000';
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return `Not a URL: ${baseUrl}`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'The base URL must start with http:// or https://';
  if (url.search || url.hash) return 'The base URL cannot have a query or fragment';
  return undefined;
}

export function clientOptions(settings: ConnectionSettings): ClientOptions {
  return {
    baseUrl: settings.target === 'remote' ? settings.baseUrl.trim() : undefined,
    user: settings.user || undefined,
    password: settings.user ? settings.password : undefined,
    database: settings.database || undefined,
  };
}

/** The name of the database requests reach when they name none: known for this browser's database only. */
export function defaultDatabase(settings: Pick<ConnectionSettings, 'target'>): string | undefined {
  return settings.target === 'local' ? DEFAULT_DATABASE : undefined;
}

/** The database in use, for display: the one named, else the default's name, else what it is. */
export function databaseInUse(settings: ConnectionSettings): string {
  return settings.database || (defaultDatabase(settings) ?? 'the instance’s default');
}

/**
 * The settings with database `name` in use. The default database is kept as '' (none named),
 * so the console's requests to it stay the ones it sent before there were databases to choose.
 */
export function withDatabase(settings: ConnectionSettings, name: string): ConnectionSettings {
  return { ...settings, database: name === defaultDatabase(settings) ? '' : name };
}

/** One choice of the connection bar's database select. */
export interface DatabaseChoice {
  /** The setting it stands for ('' for the default). */
  value: string;
  label: string;
}

/**
 * The choices for the database select: the server's databases (`names`, undefined while they
 * are not known), the default one as '' — for a remote server, whose default the console cannot
 * name, as an entry of its own — and the one in use even while the list does not have it.
 */
export function databaseChoices(settings: ConnectionSettings, names: readonly string[] | undefined): DatabaseChoice[] {
  const fallback = defaultDatabase(settings);
  const choices: DatabaseChoice[] = [{ value: '', label: fallback ?? 'Instance default' }];
  for (const name of names ?? []) {
    if (name !== fallback) choices.push({ value: name, label: name });
  }
  if (settings.database && !choices.some((c) => c.value === settings.database)) choices.push({ value: settings.database, label: settings.database });
  return choices;
}

/**
 * The database the settings name when the server's list (`names`) shows it no longer exists,
 * else undefined. The default database is never missing: there is always one.
 */
export function missingDatabase(settings: ConnectionSettings, names: readonly string[]): string | undefined {
  return settings.database && !names.includes(settings.database) ? settings.database : undefined;
}

/** Whether `error` is the refusal of a request that named `database` as one the server does not have (400 XDMP-NOSUCHDB). */
export function namesMissingDatabase(error: unknown, database: string): boolean {
  if (!(error instanceof ApiError) || error.messageCode !== 'XDMP-NOSUCHDB' || !error.request) return false;
  try {
    return new URL(error.request.url, 'http://base.invalid').searchParams.get('database') === database;
  } catch {
    return false;
  }
}

/** The settings after the connection form applied `next`: another server has other databases, so the choice goes back to its default. */
export function appliedConnection(current: ConnectionSettings, next: ConnectionSettings): ConnectionSettings {
  const sameServer = next.target === current.target && (next.target === 'local' || next.baseUrl.trim().replace(/\/+$/, '') === current.baseUrl.trim().replace(/\/+$/, ''));
  return sameServer ? next : { ...next, database: '' };
}

/** The user requests act as, for display. */
export function actingUser(settings: ConnectionSettings): string {
  if (settings.user) return settings.user;
  return settings.target === 'local' ? `${LOCAL_DEFAULT_USER} (default)` : 'anonymous';
}

/** Identifies a server and user in query keys: what is the server's, not a database's (its list of databases). */
export function serverKey(settings: Pick<ConnectionSettings, 'target' | 'baseUrl' | 'user'>): string {
  const where = settings.target === 'local' ? 'local' : settings.baseUrl.trim().replace(/\/+$/, '');
  return `${where}|${settings.user}`;
}

/** Identifies a connection in query keys: switching target, user or database must never show cached data of another. */
export function connectionKey(settings: ConnectionSettings): string {
  const server = serverKey(settings);
  return settings.database ? `${server}|db:${settings.database}` : server;
}
