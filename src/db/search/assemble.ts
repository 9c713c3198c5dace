/**
 * A search's whole query (shared by `/v1/search`, `/v1/qbe` and `/v1/suggest`): the option
 * set, and the query from the `q`, `structuredQuery` and `query` parameters, the body
 * (structured, combined, cts or QBE, JSON or XML), `collection` and `directory`, all ANDed,
 * with the options' `additional-query`. The api reads the HTTP request into
 * {@link QueryBodyParts} and hands its parameters over as they are; everything from there
 * on is the database's.
 */
import type { Element } from '@xmldom/xmldom';
import { DbError } from '../errors';
import { resolvedRangeIndexes } from '../indexes/config';
import { resolveOptions, type OptionsSources } from '../options/resolve';
import type { QueryOptions } from '../options/types';
import { additionalQueries } from './parse/additional-query';
import { parseCtsJson, parseCtsXml } from './parse/cts';
import { parseQueryText } from './grammar';
import { parseQbe, parseQbeText, parseQbeXml, type ParsedQbe } from './parse/qbe';
import type { Query } from './query-model';
import { fromSource } from './query-source';
import { parseStructuredQuery, parseStructuredQueryText, parseStructuredQueryXml } from './parse/structured';

/** What a request body holds, before the options it may carry are known. */
export interface QueryBodyParts {
  structured?: { json: unknown } | { xml: Element };
  /** A serialised cts query: `{"ctsquery": …}` or a `<cts:*-query>` element (MarkLogic’s REST Application Developer’s Guide, combined queries). */
  cts?: { json: unknown } | { xml: Element };
  qbe?: { json: unknown } | { xml: Element };
  qtext: string[];
  inlineOptions?: QueryOptions;
}

export type QueryEndpoint = 'search' | 'qbe' | 'suggest';

/**
 * The request's parameters, read only when the assembly reaches them: a repeated parameter
 * is reported when it is read, so a request with several faults is told of the first one
 * in the order below, as it always was.
 */
export interface QueryParameters {
  one(name: string): string | undefined;
  all(name: string): string[];
}

export interface AssembledQuery {
  /** Every part ANDed (the options' empty query when there is none). */
  query: Query;
  /** The string queries as sent: `q` parameters, then the body's `qtext`. */
  qtext: string[];
  options: QueryOptions;
  /** The query by example, when there was one. */
  qbe?: ParsedQbe;
}

/**
 * The options and the query of a request. `body` is undefined when the request has none (a
 * GET), an empty {@link QueryBodyParts} when it sent an empty one. `q` is part of the query
 * except for suggest, where it restricts the documents.
 */
export async function assembleQuery(endpoint: QueryEndpoint, params: QueryParameters, body: QueryBodyParts | undefined, sources: OptionsSources): Promise<AssembledQuery> {
  const parts = body ?? { qtext: [] };
  if ([parts.qbe, parts.structured, parts.cts].filter(Boolean).length > 1) throw new DbError('RESTAPI-INVALIDCONTENT', 'Invalid query: Too many subqueries (a combined query holds one query)');
  const options = await resolveOptions(sources, params.one('options'), parts.inlineOptions);

  const queries: Query[] = [];
  const qtext = [...params.all('q'), ...parts.qtext];
  for (const q of params.all('q')) queries.push(parseQueryText(q, options));
  for (const q of parts.qtext) queries.push(fromSource('qtext', () => parseQueryText(q, options)));
  if (endpoint !== 'qbe') {
    const structuredParam = params.one('structuredQuery');
    if (structuredParam !== undefined) queries.push(fromSource('parameter', () => parseStructuredQueryText(structuredParam, options)));
  }
  if (parts.structured) {
    queries.push('json' in parts.structured ? parseStructuredQuery(parts.structured.json, options) : parseStructuredQueryXml(parts.structured.xml, options));
  }
  let qbe: ParsedQbe | undefined;
  // A QBE comparison without $datatype, and a cts range value without an index type, take the type of the name's range index.
  const context = parts.qbe || parts.cts || endpoint === 'qbe' ? { rangeIndexes: resolvedRangeIndexes(await sources.indexes.get()) } : {};
  if (parts.cts) queries.push('json' in parts.cts ? parseCtsJson(parts.cts.json, context) : parseCtsXml(parts.cts.xml, context));
  const parsedQbe = (qbe: NonNullable<QueryBodyParts['qbe']>, options: QueryOptions): ParsedQbe =>
    'json' in qbe ? parseQbe(qbe.json, options, context) : parseQbeXml(qbe.xml, options, context);
  if (endpoint === 'qbe') {
    const text = params.one('query');
    if (body === undefined && text === undefined) throw new DbError('REST-REQUIREDPARAM', 'Required parameter: query (a query by example)');
    qbe = text !== undefined ? fromSource('parameter', () => parseQbeText(text, options, context)) : parts.qbe ? parsedQbe(parts.qbe, options) : undefined;
    if (!qbe) throw new DbError('RESTAPI-INVALIDCONTENT', 'Invalid query: POST /v1/qbe needs a query by example as its body');
  } else if (parts.qbe) {
    qbe = parsedQbe(parts.qbe, options);
  }
  if (qbe) queries.push(qbe.query);
  if (options['additional-query']?.length) {
    queries.push(...additionalQueries(options, { rangeIndexes: resolvedRangeIndexes(await sources.indexes.get()) }));
  }
  if (endpoint !== 'suggest') {
    const collections = params.all('collection');
    if (collections.length > 0) queries.push({ kind: 'collection', uris: collections });
    const directory = params.one('directory');
    if (directory !== undefined) {
      if (directory === '') throw new DbError('REST-INVALIDPARAM', 'directory must not be empty');
      queries.push({ kind: 'directory', uris: [directory.endsWith('/') ? directory : `${directory}/`], infinite: true });
    }
  }
  return { query: andOf(queries, options), qtext, options, ...(qbe ? { qbe } : {}) };
}

/** Several queries are ANDed; none is the options' empty query (all results, unless it says none). */
export function andOf(queries: Query[], options: QueryOptions): Query {
  if (queries.length === 1) return queries[0];
  if (queries.length > 1) return { kind: 'and', queries };
  return options.term?.empty?.apply === 'no-results' ? { kind: 'false' } : { kind: 'true' };
}
