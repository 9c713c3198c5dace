/**
 * Query-string parameters as the REST layer validates them: each endpoint declares
 * the names it accepts (plus pass-through prefixes such as `perm:`); anything else
 * is 400 REST-UNSUPPORTEDPARAM, never silently ignored (MarkLogic’s REST Application Developer’s Guide).
 */
import { DbError } from '../../db/errors';
import { serverCodeParamError } from '../unsupported';

export class Params {
  private readonly url: string;
  /** Every name with its values, in order of first appearance. */
  private readonly byName = new Map<string, string[]>();
  /** Every pair in order, for prefixed parameters whose order matters (`bind:`, `perm:`). */
  private readonly pairs: Array<[string, string]> = [];
  /** Set by {@link checkShared}: `database` has been read and is valid. */
  private databaseRead = false;
  /** Set by {@link transactionId}: the endpoint runs requests inside transactions, so `txid` is accepted. */
  private txidRead = false;

  constructor(req: Request) {
    this.url = req.url;
    // Cut from the serialised URL rather than parsed again: the query string is all that
    // is needed on every request, and a URL parse of a long SPARQL query costs more than
    // the rest of reading it.
    const beforeHash = this.url.split('#', 1)[0];
    const q = beforeHash.indexOf('?');
    if (q >= 0) this.append(beforeHash.slice(q + 1));
  }

  /** The request's path (for messages). */
  get path(): string {
    return new URL(this.url).pathname;
  }

  /**
   * Adds the parameters of an `application/x-www-form-urlencoded` string: the query string,
   * or a form body (SPARQL's form POSTs). Split and decoded as URLSearchParams does, except
   * that escapes which are not UTF-8 are refused (see {@link decodeComponent}).
   */
  append(urlencoded: string): void {
    for (const pair of urlencoded.split('&')) {
      if (pair === '') continue;
      const eq = pair.indexOf('=');
      const name = decodeComponent(eq < 0 ? pair : pair.slice(0, eq), 'a parameter name');
      const value = eq < 0 ? '' : decodeComponent(pair.slice(eq + 1), () => `the value of ${name}`);
      this.pairs.push([name, value]);
      const values = this.byName.get(name);
      if (values) values.push(value);
      else this.byName.set(name, [value]);
    }
  }

  /** Each name once, in order of first appearance. */
  names(): IterableIterator<string> {
    return this.byName.keys();
  }

  /** Every name–value pair, in order. */
  entries(): ReadonlyArray<[string, string]> {
    return this.pairs;
  }

  all(name: string): string[] {
    return this.byName.get(name)?.slice() ?? [];
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** The single value of a parameter; repeating it is an error. */
  one(name: string): string | undefined {
    const values = this.byName.get(name) ?? [];
    if (values.length > 1) throw new DbError('REST-REPEATEDPARAM', `Parameter ${name} may only appear once`);
    return values[0];
  }

  required(name: string): string {
    const v = this.one(name);
    if (v === undefined || v === '') throw new DbError('REST-REQUIREDPARAM', `Required parameter: ${name}`);
    return v;
  }

  /** Parameters whose name starts with `prefix`, as [suffix, value] pairs. */
  prefixed(prefix: string): Array<[string, string]> {
    const out: Array<[string, string]> = [];
    for (const [k, v] of this.pairs) if (k.startsWith(prefix)) out.push([k.slice(prefix.length), v]);
    return out;
  }

  /** One of `allowed`, or 400 REST-INVALIDPARAM naming the parameter and its value. */
  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const v = this.one(name);
    if (v === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(v)) {
      throw new DbError('REST-INVALIDPARAM', `${name}=${v}; allowed: ${allowed.join(', ')}`);
    }
    return v as T;
  }

  /**
   * The parameters the data endpoints share (MarkLogic’s REST Application Developer’s Guide), read before anything is
   * read or written. `database` may name only this instance's one database (400
   * XDMP-NOSUCHDB otherwise; {@link validate} then accepts it). `timestamp` asks for a
   * point-in-time read, which Tabula cannot give: refused by name, never ignored.
   */
  checkShared(databaseName: string): void {
    const database = this.one('database');
    if (database !== undefined && database !== databaseName) throw new DbError('XDMP-NOSUCHDB', database);
    if (this.has('timestamp')) {
      throw new DbError('REST-UNSUPPORTEDPARAM', `timestamp=${this.all('timestamp').join(',')}: point-in-time reads are not supported`);
    }
    this.databaseRead = true;
  }

  /**
   * The multi-statement transaction the request runs in (`txid`), for an endpoint that can run
   * inside one; {@link validate} accepts the parameter once this has read it.
   */
  transactionId(): string | undefined {
    this.txidRead = true;
    return this.one('txid');
  }

  /**
   * `transform` and `trans:*` ask MarkLogic to run a stored transform on the content: Tabula
   * runs no server-side code, and says so (400 TABULA-UNSUPPORTED) on the endpoints that take them.
   */
  refuseTransforms(): void {
    for (const name of this.byName.keys()) {
      if (name === 'transform' || name.startsWith('trans:')) throw serverCodeParamError(name);
    }
  }

  /** 400 REST-UNSUPPORTEDPARAM for every name not in `allowed` nor under `prefixes`. */
  validate(allowed: readonly string[], prefixes: readonly string[] = []): void {
    const bad = new Set<string>();
    for (const name of this.byName.keys()) {
      if (allowed.includes(name) || prefixes.some((p) => name.startsWith(p))) continue;
      if (name === 'database' && this.databaseRead) continue;
      if (name === 'txid' && this.txidRead) continue;
      bad.add(name);
    }
    if (bad.size > 0) {
      throw new DbError('REST-UNSUPPORTEDPARAM', `invalid parameters: ${[...bad].join(', ')} for ${this.path}`);
    }
  }
}

/** A `%` not starting an escape stays a literal `%`, as URLSearchParams reads it. */
const LONE_PERCENT = /%(?![0-9A-Fa-f]{2})/g;
/** How much of a refused value the message quotes. */
const QUOTED_CHARS = 64;

/**
 * One form-encoded component: `+` is a space, `%XX` escapes are UTF-8 bytes. Bytes that are
 * not well-formed UTF-8 (`%FF`, the overlong `%C0%AF`, the surrogate `%ED%A0%80`, the cut
 * `%E2%82`) are 400 REST-INVALIDPARAM: URLSearchParams would turn each into U+FFFD, so
 * different URIs would name one document.
 */
function decodeComponent(raw: string, what: string | (() => string)): string {
  const plus = raw.includes('+') ? raw.replace(/\+/g, ' ') : raw;
  if (!plus.includes('%')) return plus;
  try {
    return decodeURIComponent(plus.replace(LONE_PERCENT, '%25'));
  } catch {
    const quoted = raw.length > QUOTED_CHARS ? `${raw.slice(0, QUOTED_CHARS)}…` : raw;
    throw new DbError('REST-INVALIDPARAM', `${typeof what === 'string' ? what : what()} is not UTF-8 once percent-decoded: ${quoted}`);
  }
}
