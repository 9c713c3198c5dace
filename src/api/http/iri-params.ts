/**
 * The one reader of IRI-valued request parameters: every endpoint hands it the
 * parameters that carry IRIs before anything is read or written, and an IRI the engine
 * could not use is 400 REST-INVALIDPARAM naming the parameter (never a 500 from deep
 * inside a query).
 *
 * @example
 * await checkIriParams(deps, [['graph', 'http://ex/g'], ['base', 'http://ex/']]);
 */
import type { ApiDeps } from './context';

/** IRI-valued parameter names, per endpoint family (the parameter tables of MarkLogic’s REST API reference). */
export const IRI_PARAMS = ['graph', 'default-graph-uri', 'named-graph-uri', 'using-graph-uri', 'using-named-graph-uri', 'base', 'iri'] as const;

/** Checks each `[parameter, value]`; throws DbError for the first that is not an IRI. */
export function checkIriParams(deps: ApiDeps, pairs: ReadonlyArray<readonly [string, string]>): Promise<void> {
  return deps.db.triples.checkClientIris(pairs);
}

/** The IRI-valued pairs of a request's parameters. */
export const iriPairs = (entries: ReadonlyArray<readonly [string, string]>): Array<readonly [string, string]> =>
  entries.filter(([name]) => (IRI_PARAMS as readonly string[]).includes(name));
