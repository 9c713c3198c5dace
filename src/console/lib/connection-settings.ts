/**
 * Where the console sends its requests and as whom. Kept in localStorage so a
 * reload keeps the same target and user; read defensively because anything
 * (an older version, a person with devtools) may have written that key.
 */
import type { ClientOptions } from '../../client/create-client';

export type Target = 'local' | 'remote';

export interface ConnectionSettings {
  /** `local`: this browser's database (the service worker on this origin). */
  target: Target;
  /** Base URL of a remote REST instance, e.g. `http://127.0.0.1:8000`. */
  baseUrl: string;
  /** Empty: send no credentials (the local database then acts as its default user). */
  user: string;
  password: string;
}

export const STORAGE_KEY = 'tabula.connection';

/** The local database's built-in users; each one's password is its name. */
export const localUsers = ['admin', 'rest-admin', 'rest-writer', 'rest-reader'] as const;

/** Who the local database acts as when no credentials are sent (docs/architecture.md, Auth). */
export const LOCAL_DEFAULT_USER = 'admin';

export const defaultSettings: ConnectionSettings = { target: 'local', baseUrl: '', user: '', password: '' };

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
  };
  // A remote target without a usable URL cannot be reached; fall back to this browser.
  if (settings.target === 'remote' && validateBaseUrl(settings.baseUrl) !== undefined) return { ...settings, target: 'local' };
  return settings;
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
  };
}

/** The user requests act as, for display. */
export function actingUser(settings: ConnectionSettings): string {
  if (settings.user) return settings.user;
  return settings.target === 'local' ? `${LOCAL_DEFAULT_USER} (default)` : 'anonymous';
}

/** Identifies a connection in query keys: switching target or user must never show cached data of another. */
export function connectionKey(settings: ConnectionSettings): string {
  const where = settings.target === 'local' ? 'local' : settings.baseUrl.trim().replace(/\/+$/, '');
  return `${where}|${settings.user}`;
}
