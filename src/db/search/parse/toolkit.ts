/**
 * What the query readers (structured.ts, cts.ts and qbe.ts in this folder) share: the
 * malformed-query error, reading XML and JSON query text and nodes (content, attributes,
 * names), combining queries, range types and operators, and the checked reading of a JSON
 * query body's keys and values ({@link QueryBodyReader}).
 */
import type { Element, Node } from '@xmldom/xmldom';
import { DbError } from '../../errors';
import { parseJson } from '../../json/parse';
import { XMLNS_NS } from '../../xml/namespaces';
import { isObject } from '../../util/objects';
import { parseXml } from '../../xml/parse';
import { rangeType } from '../constraints';
import type { Query, RangeOperator, RangeType } from '../query-model';


export const INVALID = 'Invalid query: ';

/**
 * A query whose shape is wrong (as opposed to one naming what the options or the indexes do
 * not have). The database reports it as invalid content; where the query came from can
 * make it another code on the wire (the api decides: src/api/search-request.ts).
 */
export class MalformedQuery extends DbError {
  constructor(detail: string, code: 'RESTAPI-INVALIDCONTENT' | 'REST-INVALIDPARAM' = 'RESTAPI-INVALIDCONTENT') {
    super(code, detail);
  }

  /** The same failure under another code (the api's choice; the parsers never make it). */
  reportedAs(code: 'RESTAPI-INVALIDCONTENT' | 'REST-INVALIDPARAM'): MalformedQuery {
    return new MalformedQuery(this.detail, code);
  }
}

/** The root element of `text`, XML well-formedness errors reported as a malformed query (the caller's input was bad, not a document). */
export function parseXmlAs(text: string, what: string): Element {
  const malformed = (e: DbError) => new MalformedQuery(`Invalid query: the ${what} is not well-formed XML: ${e.detail || e.message}`);
  const root = parseXml(text, { what, malformed }).documentElement;
  if (!root) throw new MalformedQuery(`Invalid query: the ${what} has no root element`);
  return root;
}

/** `text` as JSON, a syntax error reported as a malformed query. */
export function parseJsonAs(text: string, what: string): unknown {
  return parseJson(text, what, (reason) => new MalformedQuery(`${INVALID}the ${what} is not well-formed JSON: ${reason}`));
}

export type JsonObject = Record<string, unknown>;

export const isJsonObject: (v: unknown) => v is JsonObject = isObject;

export const andOf = (queries: Query[]): Query =>
  queries.length === 0 ? { kind: 'true' } : queries.length === 1 ? queries[0] : { kind: 'and', queries };

/** An and-query whose subqueries may have to match in order; the order means nothing below two of them. */
export const orderedAndOf = (queries: Query[], ordered: boolean | undefined): Query =>
  ordered === undefined || queries.length < 2 ? andOf(queries) : { kind: 'and', queries, ordered };

/** A near-query, with only the settings that were given. */
export const nearOf = (queries: Query[], distance: number, { minimumDistance, ordered, weight }: { minimumDistance?: number; ordered?: boolean; weight?: number }): Query => ({
  kind: 'near',
  queries,
  distance,
  ...(minimumDistance === undefined ? {} : { minimumDistance }),
  ...(ordered === undefined ? {} : { ordered }),
  ...(weight === undefined ? {} : { weight }),
});

export const orOf = (queries: Query[]): Query =>
  queries.length === 0 ? { kind: 'false' } : queries.length === 1 ? queries[0] : { kind: 'or', queries };

/** `xs:int`, `int` → `int`; anything else a malformed query. */
export function rangeTypeOrFail(type: unknown, where: string): RangeType {
  if (typeof type !== 'string') throw new MalformedQuery(`Invalid query: ${where}: a range type is required (xs:string, xs:int, xs:date, …)`);
  try {
    return rangeType(type, where);
  } catch (e) {
    if (e instanceof DbError) throw new MalformedQuery(`Invalid query: ${e.detail}`);
    throw e;
  }
}

export const isElement = (n: Node): n is Element => n.nodeType === n.ELEMENT_NODE;
const isText = (n: Node): boolean => n.nodeType === n.TEXT_NODE || n.nodeType === n.CDATA_SECTION_NODE;

/** The text directly inside `element`, and its element children (comments and PIs carry nothing). */
export function contentOf(element: Element): { text: string; children: Element[] } {
  let text = '';
  const children: Element[] = [];
  for (const child of Array.from(element.childNodes)) {
    if (isElement(child)) children.push(child);
    else if (isText(child)) text += child.nodeValue ?? '';
  }
  return { text, children };
}

export const describeElement = (e: Element): string => (e.namespaceURI ? `{${e.namespaceURI}}${e.localName}` : (e.localName ?? e.nodeName));

/** Attributes other than namespace declarations. */
export const attributesOf = (element: Element) =>
  Array.from(element.attributes).filter((a) => a.namespaceURI !== XMLNS_NS && a.name !== 'xmlns' && !a.name.startsWith('xmlns:'));

/** Range operators as the syntaxes write them (`LT` or `<`, …). */
export const RANGE_OPERATORS: Record<string, RangeOperator> = { LT: 'LT', LE: 'LE', GT: 'GT', GE: 'GE', EQ: 'EQ', NE: 'NE', '<': 'LT', '<=': 'LE', '>': 'GT', '>=': 'GE', '=': 'EQ', '!=': 'NE' };

/** A value, as an error message names it. */
export const describe = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : typeof v === 'string' ? JSON.stringify(v) : String(v);

/**
 * What the JSON query parsers (./structured.ts and ./cts.ts) share: their errors and
 * the checks of a query body's keys. Each says how it words a key of its own syntax that
 * stands where it may not.
 */
export abstract class QueryBodyReader {
  fail(where: string, detail: string): never {
    throw new MalformedQuery(`Invalid query: ${where}: ${detail}`);
  }

  tooMany(where: string, keys: string[]): never {
    throw new MalformedQuery(`Too many subqueries: ${where} holds ${keys.join(', ')}; one query is expected`);
  }

  /** The complaint about `key`, a query kind of this syntax, outside `allowed`; undefined for any other key. */
  protected abstract misplaced(key: string, allowed: string[]): string | undefined;

  protected allow(b: JsonObject, keys: string[], where: string): void {
    for (const key of Object.keys(b)) {
      if (!keys.includes(key)) this.fail(where, this.misplaced(key, keys) ?? `unknown key ${key}`);
    }
  }

  protected required(b: JsonObject, key: string, where: string): unknown {
    if (b[key] === undefined) this.fail(where, `needs ${key}`);
    return b[key];
  }

  /** Arrays of one item may be written as the item (MarkLogic’s Search Developer’s Guide, structured queries), as the server's own serialisation does for scalars. */
  protected list(value: unknown, where: string): unknown[] {
    if (value === undefined) this.fail(where, 'is missing');
    return Array.isArray(value) ? value : [value];
  }

  // -- shapes both syntaxes share ---------------------------------------------------------

  /** `true-query` and `false-query` take no settings: nothing, null or `{}`; `hint` is how the syntax's message says so. */
  protected constant(kind: 'true-query' | 'false-query', body: unknown, where: string, hint: string): Query {
    if (body !== null && body !== undefined && !(isJsonObject(body) && Object.keys(body).length === 0)) this.fail(where, `takes no settings: ${hint}`);
    return { kind: kind === 'true-query' ? 'true' : 'false' };
  }

  protected object(value: unknown, where: string): JsonObject {
    if (!isJsonObject(value)) this.fail(where, `expected an object, found ${describe(value)}`);
    return value;
  }

  protected strings(value: unknown, where: string): string[] {
    if (value === undefined) return [];
    return this.list(value, where).map((v) => (typeof v === 'string' ? v : this.fail(where, `expected a string, found ${describe(v)}`)));
  }

  /** Numbers may arrive as text (the XML forms, and clients that quote them). */
  protected optionalNumber(value: unknown, where: string): number | undefined {
    if (value === undefined) return undefined;
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    if (!Number.isFinite(n)) this.fail(where, `expected a number, found ${describe(value)}`);
    return n;
  }
}
