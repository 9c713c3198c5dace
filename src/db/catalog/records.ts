/**
 * What the catalogue holds (docs/decisions/0034-databases-and-instances.md): a database
 * created beside the built-in ones, and a REST instance — MarkLogic's HTTP app server with
 * the REST API installed: a name, a port, a content database and a modules database.
 */
import { DbError } from '../errors';

export interface DatabaseRecord {
  name: string;
  /** When it was created (ms since the epoch). */
  created: number;
}

/** The fallback format of the errors an instance answers (MarkLogic's app server `error-format`). */
export type ErrorFormat = 'json' | 'xml';

export interface InstanceRecord {
  name: string;
  /** Always `Default`: one group, as a single MarkLogic host has. */
  group: string;
  /** The content database requests use unless they name another (`database=`). */
  database: string;
  /** Where `/v1/ext` assets are kept. */
  modulesDatabase: string;
  port: number;
  errorFormat: ErrorFormat;
  /** Created with the server (never deleted), or through `POST /v1/rest-apis`. */
  builtin?: boolean;
}

/** The database every server has for the built-in instance's modules, as MarkLogic's `Modules`. */
export const MODULES_DATABASE = 'Modules';
/** The built-in instance, as MarkLogic's port-8000 server. */
export const DEFAULT_INSTANCE = 'App-Services';
export const DEFAULT_GROUP = 'Default';
/** Where a port is chosen when a new instance names none: the next free one from here up (MarkLogic begins at 8003). */
export const FIRST_CHOSEN_PORT = 8003;

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * A database or instance name: letters, digits, `.`, `_` and `-`, starting with a letter or
 * digit, at most 64 characters — what a URL path segment, a parameter and an IndexedDB
 * name all carry unchanged. 400 `code` otherwise.
 */
export function checkName(name: string, what: 'database' | 'instance', code: 'MANAGE-INVALIDPAYLOAD' | 'REST-INVALIDPARAM'): string {
  if (!NAME.test(name)) {
    throw new DbError(code, `${what} name ${JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name)}: 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit`);
  }
  return name;
}

/** A port an instance may take: 1 to 65535. */
export function checkPort(port: number): number {
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new DbError('REST-INVALIDPARAM', `port ${port}: a whole number from 1 to 65535`);
  return port;
}
