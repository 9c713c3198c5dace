/**
 * Query-string parameters as the REST layer validates them: each endpoint declares
 * the names it accepts (plus pass-through prefixes such as `perm:`); anything else
 * is 400 REST-UNSUPPORTEDPARAM, never silently ignored (reference §1.3).
 */
import { DbError } from '../../db/errors';

export class Params {
  readonly search: URLSearchParams;
  readonly path: string;

  constructor(req: Request) {
    const url = new URL(req.url);
    this.search = url.searchParams;
    this.path = url.pathname;
  }

  all(name: string): string[] {
    return this.search.getAll(name);
  }

  has(name: string): boolean {
    return this.search.has(name);
  }

  /** The single value of a parameter; repeating it is an error. */
  one(name: string): string | undefined {
    const values = this.search.getAll(name);
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
    for (const [k, v] of this.search) if (k.startsWith(prefix)) out.push([k.slice(prefix.length), v]);
    return out;
  }

  /** One of `allowed`, or 400 REST-INVALIDPARAM naming the parameter and its value. */
  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const v = this.one(name);
    if (v === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(v)) {
      throw new DbError('REST-INVALIDPARAM', `Invalid parameter: ${name}=${v}; allowed: ${allowed.join(', ')}`);
    }
    return v as T;
  }

  /** 400 REST-UNSUPPORTEDPARAM for every name not in `allowed` nor under `prefixes`. */
  validate(allowed: readonly string[], prefixes: readonly string[] = []): void {
    const bad = new Set<string>();
    for (const name of this.search.keys()) {
      if (allowed.includes(name) || prefixes.some((p) => name.startsWith(p))) continue;
      bad.add(name);
    }
    if (bad.size > 0) {
      throw new DbError('REST-UNSUPPORTEDPARAM', `invalid parameters: ${[...bad].join(', ')} for ${this.path}`);
    }
  }
}
