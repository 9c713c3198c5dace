/**
 * The options' `additional-query`, parsed: serialised XML (a cts query, or a structured
 * query in the search namespace, as options/convert.ts keeps them), or a JSON structured
 * or cts query. Errors name the entry.
 */
import type { Element } from '@xmldom/xmldom';
import { DbError } from '../../errors';
import { CTS_NS, SEARCH_NS } from '../../xml/namespaces';
import type { QueryOptions } from '../../options/types';
import { parseXml } from '../../xml/parse';
import type { Query } from '../query-model';
import { parseCtsJson, parseCtsXml, type CtsParseOptions } from './cts';
import { JSON_KINDS } from './cts-kinds';
import { parseStructuredQuery, parseStructuredQueryXml } from './structured';
import { describe, describeElement, INVALID, isJsonObject, MalformedQuery, parseJsonAs, parseXmlAs } from './toolkit';

/**
 * Every entry of the options' `additional-query`, parsed: a string of serialised XML (a cts
 * query, or a structured query in the search namespace, as options/convert.ts keeps them),
 * or a JSON object that is a structured query (`{"query": …}` or its content) or a cts
 * query (`{"ctsquery": …}` or a camelCase kind). Errors name the entry.
 */
export function additionalQueries(options: QueryOptions, how: CtsParseOptions = {}): Query[] {
  const raw: unknown = options['additional-query'];
  const entries = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw : [raw];
  return entries.map((entry, i) => {
    try {
      return additionalQuery(entry, options, how);
    } catch (e) {
      if (!(e instanceof DbError)) throw e;
      const at = `additional-query[${i}]`;
      const detail = e.detail.startsWith(INVALID) ? `${INVALID}${at}: ${e.detail.slice(INVALID.length)}` : `${at}: ${e.detail}`;
      throw new DbError(e.code, detail, e.status);
    }
  });
}

function additionalQuery(entry: unknown, options: QueryOptions, how: CtsParseOptions): Query {
  const fail = (detail: string): never => {
    throw new MalformedQuery(`${INVALID}${detail}`);
  };
  if (typeof entry === 'string') {
    const text = entry.trim();
    if (text === '') return fail('the query is empty');
    if (text.startsWith('{')) return additionalQuery(parseJsonAs(text, 'additional query'), options, how);
    if (!text.startsWith('<')) return fail('expected a serialised query (XML or JSON)');
    const root = parseXmlAs(text, 'additional query');
    if (root.namespaceURI === CTS_NS) return parseCtsXml(root, how);
    if (root.namespaceURI === SEARCH_NS) return parseStructuredQueryXml(asSearchQuery(root), options);
    return fail(`${describeElement(root)} is neither a cts query (${CTS_NS}) nor a structured query (${SEARCH_NS})`);
  }
  if (!isJsonObject(entry)) return fail(`expected a serialised query or a query object, found ${describe(entry)}`);
  const keys = Object.keys(entry);
  if (keys.includes('ctsquery') || (keys.length > 0 && keys.every((k) => JSON_KINDS.has(k)))) return parseCtsJson(entry, how);
  return parseStructuredQuery(entry, options);
}

/**
 * A structured query kind written on its own (`<search:term-query>`, as options/convert.ts
 * stores a JSON structured query's kinds) inside the `<search:query>` the parser expects.
 */
function asSearchQuery(root: Element): Element {
  if (root.localName === 'query') return root;
  const doc = parseXml(`<search:query xmlns:search="${SEARCH_NS}"/>`);
  const wrapper = doc.documentElement!;
  wrapper.appendChild(doc.importNode(root, true));
  return wrapper;
}

