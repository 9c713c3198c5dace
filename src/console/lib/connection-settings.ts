/**
 * Where the console sends its requests, as whom, to which REST instance and which database. Kept
 * in localStorage so a reload keeps the same target, user, instance and database; read
 * defensively because anything (an older version, a person with devtools) may have written that key.
 */
import { ApiError, BUILT_IN_INSTANCE, instanceBaseUrl, instancePath, type ClientOptions, type RestInstance } from '../../client/create-client';
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
   * {@link DEFAULT_DATABASE}; in another REST instance, its content database.
   */
  database: string;
  /**
   * The REST instance requests go to, by name. Empty: the built-in one — in this browser
   * App-Services, at the plain paths; on a remote server, the one `baseUrl` reaches. Another is
   * reached in this browser under `/tabula/instances/<name>`, on a remote server at `baseUrl`'s
   * host on `instancePort` ({@link clientOptions}).
   */
  instance: string;
  /** The chosen instance's port as the server listed it ('' with the built-in one): how a remote server's instance is reached. */
  instancePort: string;
  /** The chosen instance's content database as the server listed it ('' with the built-in one): what requests reach when they name none. */
  instanceDatabase: string;
}

export const STORAGE_KEY = 'tabula.connection';

/** The local database's built-in users; each one's password is its name. */
export const localUsers = ['admin', 'rest-admin', 'rest-writer', 'rest-reader'] as const;

/** Who the local database acts as when no credentials are sent (docs/architecture.md, Auth). */
export const LOCAL_DEFAULT_USER = 'admin';

/** No instance chosen: the built-in one. */
const builtIn = { instance: '', instancePort: '', instanceDatabase: '' } as const;

export const defaultSettings: ConnectionSettings = { target: 'local', baseUrl: '', user: '', password: '', database: '', ...builtIn };

/** The longest database or instance name kept: far above any name a server accepts (Tabula's are at most 64 characters). */
const MAX_NAME = 256;

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
    database: storedName(r.database),
    ...storedInstance(r),
  };
  // A remote target without a usable URL cannot be reached; fall back to this browser (and its built-in instance).
  if (settings.target === 'remote' && validateBaseUrl(settings.baseUrl) !== undefined) return { ...settings, target: 'local', ...builtIn };
  // A remote instance is reached at its port: without one, the built-in instance.
  if (settings.target === 'remote' && settings.instance && !isPort(settings.instancePort)) return { ...settings, ...builtIn };
  // In this browser the built-in instance has the plain paths, whatever its name.
  if (settings.target === 'local' && settings.instance === BUILT_IN_INSTANCE) return { ...settings, ...builtIn };
  return settings;
}

/** A stored database or instance name, or '' (the default) for anything that cannot be one: not a string, blank, huge, with control characters. */
function storedName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() !== value || value.length > MAX_NAME) return '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  return /[\u0000-\u001f\u007f]/.test(value) ? '' : value;
}

const isPort = (value: string) => /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535;

/**
 * The stored instance, or the built-in one: an instance is kept only with the content database
 * it was chosen with (what the console says requests reach, and whose index properties it shows).
 */
function storedInstance(r: Record<string, unknown>): Pick<ConnectionSettings, 'instance' | 'instancePort' | 'instanceDatabase'> {
  const instance = storedName(r.instance);
  const instanceDatabase = storedName(r.instanceDatabase);
  if (!instance || !instanceDatabase) return builtIn;
  const port = typeof r.instancePort === 'string' && isPort(r.instancePort) ? r.instancePort : '';
  return { instance, instancePort: port, instanceDatabase };
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

/**
 * The client of the console's requests: to the instance in use — in this browser its path form
 * (`/tabula/instances/<name>`), on a remote server its port — naming the database in use, if any.
 */
export function clientOptions(settings: ConnectionSettings): ClientOptions {
  const server = serverClientOptions(settings);
  if (!settings.instance) return { ...server, database: settings.database || undefined };
  return {
    ...server,
    baseUrl: instanceBaseUrl(server.baseUrl, { name: settings.instance, port: settings.instancePort }),
    database: settings.database || undefined,
    contentDatabase: settings.instanceDatabase || undefined,
  };
}

/**
 * The client of what is the server's rather than an instance's — its databases and its
 * instances — at the server as given (this origin's plain paths, or the base URL): it still
 * answers when the instance in use is gone.
 */
export function serverClientOptions(settings: ConnectionSettings): ClientOptions {
  return {
    baseUrl: settings.target === 'remote' ? settings.baseUrl.trim() : undefined,
    user: settings.user || undefined,
    password: settings.user ? settings.password : undefined,
  };
}

/**
 * The name of the database requests reach when they name none: the chosen instance's content
 * database, or this browser's home database; unknown for a remote server's built-in instance.
 */
export function defaultDatabase(settings: Pick<ConnectionSettings, 'target' | 'instance' | 'instanceDatabase'>): string | undefined {
  if (settings.instance) return settings.instanceDatabase || undefined;
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

/**
 * The settings after the connection form applied `next`: another server has other databases and
 * instances, so the choices go back to its built-in instance and its default database.
 */
export function appliedConnection(current: ConnectionSettings, next: ConnectionSettings): ConnectionSettings {
  const sameServer = next.target === current.target && (next.target === 'local' || next.baseUrl.trim().replace(/\/+$/, '') === current.baseUrl.trim().replace(/\/+$/, ''));
  return sameServer ? next : { ...next, database: '', ...builtIn };
}

/** The port a remote base URL reaches ('' when it is not a URL). */
function basePort(baseUrl: string): string {
  try {
    const url = new URL(baseUrl.trim());
    return url.port || (url.protocol === 'https:' ? '443' : '80');
  } catch {
    return '';
  }
}

/**
 * Whether `instance` is the built-in one of these settings, the one reached without choosing:
 * in this browser App-Services; on a remote server the one listening on the base URL's port.
 */
export function isBuiltInInstance(settings: Pick<ConnectionSettings, 'target' | 'baseUrl'>, instance: Pick<RestInstance, 'name' | 'port'>): boolean {
  return settings.target === 'local' ? instance.name === BUILT_IN_INSTANCE : instance.port !== '' && instance.port === basePort(settings.baseUrl);
}

/**
 * The name of the instance in use: the one chosen, else the built-in one — App-Services in this
 * browser, on a remote server the one the list (`instances`) has on the base URL's port, if known.
 */
export function instanceInUse(settings: ConnectionSettings, instances?: readonly RestInstance[]): string | undefined {
  if (settings.instance) return settings.instance;
  if (settings.target === 'local') return BUILT_IN_INSTANCE;
  return instances?.find((i) => isBuiltInInstance(settings, i))?.name;
}

/** The instance in use, in a sentence: “the REST instance “shop””, or, unnamed, “the instance at the base URL”. */
export function instanceText(settings: ConnectionSettings, instances?: readonly RestInstance[]): string {
  const name = instanceInUse(settings, instances);
  return name === undefined ? 'the instance at the base URL' : `the REST instance “${name}”`;
}

/** One choice of the connection bar's instance select. */
export type InstanceChoice = DatabaseChoice;

/**
 * The choices for the instance select: the built-in one as '' (by its name when known), the other instances of the list (`instances`, undefined while not known; on a remote
 * server only those with a port), and the one in use even while the list does not have it.
 */
export function instanceChoices(settings: ConnectionSettings, instances: readonly RestInstance[] | undefined): InstanceChoice[] {
  const choices: InstanceChoice[] = [{ value: '', label: instanceInUse({ ...settings, ...builtIn }, instances) ?? 'At the base URL' }];
  for (const i of instances ?? []) {
    if (isBuiltInInstance(settings, i) || (settings.target === 'remote' && !isPort(i.port))) continue;
    if (!choices.some((c) => c.value === i.name)) choices.push({ value: i.name, label: i.name });
  }
  if (settings.instance && !choices.some((c) => c.value === settings.instance)) choices.push({ value: settings.instance, label: settings.instance });
  return choices;
}

/**
 * The settings with `instance` in use (undefined, or the built-in one: the built-in one), and the
 * database back to its default — the instance's content database: another instance's requests
 * reach another database, and the one named before may mean nothing there.
 */
export function withInstance(settings: ConnectionSettings, instance: RestInstance | undefined): ConnectionSettings {
  if (!instance || isBuiltInInstance(settings, instance)) return { ...settings, database: '', ...builtIn };
  return { ...settings, database: '', instance: instance.name, instancePort: instance.port, instanceDatabase: instance.database };
}

/** Why instance `instance` cannot be used from these settings, or undefined when it can. */
export function instanceHeldBack(settings: ConnectionSettings, instance: RestInstance): string | undefined {
  if (settings.target === 'remote' && !isBuiltInInstance(settings, instance) && !isPort(instance.port)) return 'The server lists no port for it: it cannot be reached';
  return undefined;
}

/** The instance the settings name when the server's list (`instances`) shows it no longer exists, else undefined. The built-in one is never missing. */
export function missingInstance(settings: ConnectionSettings, instances: readonly RestInstance[]): string | undefined {
  return settings.instance && !instances.some((i) => i.name === settings.instance) ? settings.instance : undefined;
}

/**
 * Whether `error` is the refusal of a request sent to `instance` under its path in this browser
 * because the server has no such instance (404 RESTAPI-NOTFOUND, "instance … does not exist").
 */
export function namesMissingInstance(error: unknown, instance: string): boolean {
  if (!(error instanceof ApiError) || error.statusCode !== 404 || error.messageCode !== 'RESTAPI-NOTFOUND' || !error.request || !instance) return false;
  try {
    return new URL(error.request.url, 'http://base.invalid').pathname.startsWith(`${instancePath(instance)}/`);
  } catch {
    return false;
  }
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

/** Identifies a connection in query keys: switching target, user, instance or database must never show cached data of another. */
export function connectionKey(settings: ConnectionSettings): string {
  let key = serverKey(settings);
  if (settings.instance) key += `|in:${settings.instance}${settings.target === 'remote' ? `:${settings.instancePort}` : ''}`;
  return settings.database ? `${key}|db:${settings.database}` : key;
}
