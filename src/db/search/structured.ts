/**
 * Structured queries (MarkLogic’s Search Developer’s Guide, structured queries) → the query model: the JSON form (the content of
 * `{"query": {…}}`), the XML form (`<search:query>`) and the text of the `structuredQuery`
 * URL parameter, which may be either.
 *
 * The XML form is first rewritten into the JSON form (repeated child queries become
 * `queries`, scalar children become keys, `<element name ns/>` becomes `{name, ns}`), so
 * one parser decides what every kind means and both forms fail the same way.
 *
 * Malformed input is a DbError whose code the caller chooses: a query in a URL parameter
 * is REST-INVALIDPARAM, one in a request body RESTAPI-INVALIDCONTENT (the functions taking
 * text default to the first, those taking parsed JSON or XML to the second). Errors that
 * are about the options rather than the query's shape keep constraints.ts's codes
 * (REST-INVALIDPARAM for an unknown constraint; the index-not-found codes for fields and
 * path indexes).
 *
 * The real server drops bad parts of a query unless `validate-queries` is on; Tabula always
 * validates, because a silently smaller query gives results nobody asked for.
 */
import type { Element, Node } from '@xmldom/xmldom';
import { DbError } from '../errors';
import type { IndexSpec, QueryOptions } from '../options/types';
import { parseXml } from '../xml/parse';
import { SEARCH_NS, XMLNS_NS } from '../xml/namespaces';
import {
  constraintKind,
  constraintScopedQuery,
  constraintTextQuery,
  rangeConstraintQuery,
  rangeType,
  requireConstraint,
  scopeOf,
  termOptionsOf,
  withDefaultTermOptions,
  type ConstraintKind,
} from './constraints';
import type { Query, RangeOperator, RangeType, Scope } from './query-model';
import { isObject } from '../util/objects';
import { parseJson } from '../json/parse';

/** The code a malformed query reports: REST-INVALIDPARAM in a URL parameter, RESTAPI-INVALIDCONTENT in a body. */
export type MalformedQueryCode = 'REST-INVALIDPARAM' | 'RESTAPI-INVALIDCONTENT';

export interface StructuredParseOptions {
  /** Default: RESTAPI-INVALIDCONTENT for parsed JSON/XML, REST-INVALIDPARAM for text. */
  errorCode?: MalformedQueryCode;
}

/** The content of `{"query": {…}}` (or the whole wrapper): its `queries` and query-kind keys, ANDed. */
export function parseStructuredQuery(json: unknown, options: QueryOptions, how: StructuredParseOptions = {}): Query {
  return new StructuredParser(options, how.errorCode ?? 'RESTAPI-INVALIDCONTENT').root(json);
}

/** `<search:query>`: its child queries, ANDed. */
export function parseStructuredQueryXml(element: Element, options: QueryOptions, how: StructuredParseOptions = {}): Query {
  const parser = new StructuredParser(options, how.errorCode ?? 'RESTAPI-INVALIDCONTENT');
  if (element.namespaceURI !== SEARCH_NS || element.localName !== 'query') {
    parser.fail('query', `the root element must be query in ${SEARCH_NS}, not ${describeElement(element)}`);
  }
  return parser.root({ queries: xmlChildQueries(element, parser, 'query') });
}

/**
 * The `structuredQuery` parameter: JSON or XML, told apart by the first character unless
 * `format` says which.
 */
export function parseStructuredQueryText(
  text: string,
  options: QueryOptions,
  how: StructuredParseOptions & { format?: 'json' | 'xml' } = {},
): Query {
  const code = how.errorCode ?? 'REST-INVALIDPARAM';
  const trimmed = text.trim();
  if (trimmed === '') throw new DbError(code, 'Invalid query: the structured query is empty');
  const format = how.format ?? (trimmed.startsWith('<') ? 'xml' : 'json');
  if (format === 'json') {
    const json = parseJson(trimmed, 'structured query', (reason) => new DbError(code, `Invalid query: the structured query is not well-formed JSON: ${reason}`));
    return parseStructuredQuery(json, options, { errorCode: code });
  }
  return parseStructuredQueryXml(parseXmlAs(trimmed, code, 'structured query'), options, { errorCode: code });
}

/** The root element of `text`, XML well-formedness errors reported with `code` (the caller's input was bad, not a document). */
export function parseXmlAs(text: string, code: MalformedQueryCode, what: string): Element {
  const malformed = (e: DbError) => new DbError(code, `Invalid query: the ${what} is not well-formed XML: ${e.detail || e.message}`);
  const root = parseXml(text, { what, malformed }).documentElement;
  if (!root) throw new DbError(code, `Invalid query: the ${what} has no root element`);
  return root;
}

// ---------------------------------------------------------------------------------------
// Shared by qbe.ts

export type JsonObject = Record<string, unknown>;

export const isJsonObject = isObject;

export const andOf = (queries: Query[]): Query =>
  queries.length === 0 ? { kind: 'true' } : queries.length === 1 ? queries[0] : { kind: 'and', queries };

export const orOf = (queries: Query[]): Query =>
  queries.length === 0 ? { kind: 'false' } : queries.length === 1 ? queries[0] : { kind: 'or', queries };

/** `xs:int`, `int` → `int`; anything else a 400 with the caller's code. */
export function rangeTypeOrFail(type: unknown, where: string, code: MalformedQueryCode): RangeType {
  if (typeof type !== 'string') throw new DbError(code, `Invalid query: ${where}: a range type is required (xs:string, xs:int, xs:date, …)`);
  try {
    return rangeType(type, where);
  } catch (e) {
    if (e instanceof DbError) throw new DbError(code, `Invalid query: ${e.detail}`);
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

// ---------------------------------------------------------------------------------------
// The kinds

const OPERATORS: Record<string, RangeOperator> = { LT: 'LT', LE: 'LE', GT: 'GT', GE: 'GE', EQ: 'EQ', NE: 'NE', '<': 'LT', '<=': 'LE', '>': 'GT', '>=': 'GE', '=': 'EQ', '!=': 'NE' };

/** Kinds whose body is one query (`{"not-query": Q}`). */
const WRAPPERS = new Set(['not-query', 'properties-fragment-query', 'properties-query', 'document-fragment-query']);
/** Kinds holding a list of queries under `queries`. */
const LISTS = new Set(['and-query', 'or-query', 'near-query']);
/** Kinds holding one query as a sibling key of their other settings. */
/** Keys holding one query object. */
const QUERY_SLOTS = new Set(['positive-query', 'negative-query', 'matching-query', 'boosting-query']);

/** Kinds of the real server that need what Tabula does not have: named so the 400 says why. */
const UNSUPPORTED: Record<string, string> = {
  'custom-constraint-query': 'custom constraints run server-side code, which Tabula does not run',
  'geospatial-constraint-query': 'Tabula has no geospatial indexes',
  'geo-elem-query': 'Tabula has no geospatial indexes',
  'geo-elem-pair-query': 'Tabula has no geospatial indexes',
  'geo-attr-pair-query': 'Tabula has no geospatial indexes',
  'geo-path-query': 'Tabula has no geospatial indexes',
  'geo-json-property-query': 'Tabula has no geospatial indexes',
  'geo-json-property-pair-query': 'Tabula has no geospatial indexes',
  'geo-region-path-query': 'Tabula has no geospatial indexes',
  'geo-region-constraint-query': 'Tabula has no geospatial indexes',
  'period-range-query': 'Tabula has no temporal collections',
  'period-compare-query': 'Tabula has no temporal collections',
  'lsqt-query': 'Tabula has no temporal collections',
  'before-query': 'Tabula keeps no timestamped versions',
  'after-query': 'Tabula keeps no timestamped versions',
  'locks-fragment-query': 'Tabula keeps no locks fragments',
};

const SUPPORTED = [
  'and-query', 'or-query', 'not-query', 'and-not-query', 'not-in-query', 'boost-query', 'near-query',
  'term-query', 'word-query', 'value-query', 'range-query', 'collection-query', 'directory-query', 'document-query',
  'container-query', 'properties-fragment-query', 'properties-query', 'document-fragment-query', 'true-query', 'false-query',
  'word-constraint-query', 'value-constraint-query', 'range-constraint-query', 'collection-constraint-query',
  'container-constraint-query', 'element-constraint-query', 'properties-constraint-query',
] as const;
const SUPPORTED_SET = new Set<string>(SUPPORTED);

const isQueryKind = (key: string): boolean => SUPPORTED_SET.has(key) || key in UNSUPPORTED;

/** Body keys naming where a word, value or range query looks. */
const SCOPE_KEYS = ['json-property', 'element', 'attribute', 'field', 'path-index'];

/** Other query syntaxes that may not sit beside `query` in one body (MarkLogic’s REST Application Developer’s Guide, combined queries). */
const OTHER_ROOTS = new Set(['ctsquery', '$query', 'qtext', 'search']);

/**
 * What the JSON query parsers (structured here, cts in ./cts.ts) share: their errors and
 * the checks of a query body's keys. Each says how it words a key of its own syntax that
 * stands where it may not.
 */
export abstract class QueryBodyReader {
  constructor(protected readonly code: MalformedQueryCode) {}

  fail(where: string, detail: string): never {
    throw new DbError(this.code, `Invalid query: ${where}: ${detail}`);
  }

  tooMany(where: string, keys: string[]): never {
    throw new DbError(this.code, `Too many subqueries: ${where} holds ${keys.join(', ')}; one query is expected`);
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
}

class StructuredParser extends QueryBodyReader {
  constructor(
    private readonly options: QueryOptions,
    code: MalformedQueryCode,
  ) {
    super(code);
  }

  protected misplaced(key: string): string | undefined {
    return isQueryKind(key) ? `${key} cannot appear here` : undefined;
  }

  root(json: unknown): Query {
    let content = this.object(json, 'query');
    if ('query' in content) {
      const others = Object.keys(content).filter((k) => k !== 'query');
      if (others.some((k) => OTHER_ROOTS.has(k))) this.tooMany('the request', Object.keys(content));
      if (others.length > 0) this.fail('query', `unexpected ${others.join(', ')} beside query`);
      content = this.object(content.query, 'query');
    }
    const queries: Query[] = [];
    for (const [key, value] of Object.entries(content)) {
      if (key === 'queries') queries.push(...this.queries(value, 'query.queries'));
      else if (isQueryKind(key)) queries.push(this.kind(key, value, `query.${key}`));
      else this.fail('query', `unknown key ${key} (expected queries or a query kind such as term-query)`);
    }
    return andOf(queries);
  }

  /** An object holding exactly one query: `{"term-query": {…}}`. */
  private one(value: unknown, where: string): Query {
    const object = this.object(value, where);
    const keys = Object.keys(object);
    if (keys.length === 0) this.fail(where, 'expected a query, found an empty object');
    const unknown = keys.find((k) => !isQueryKind(k));
    if (unknown !== undefined) this.fail(where, `unknown query kind ${unknown}`);
    if (keys.length > 1) this.tooMany(where, keys);
    return this.kind(keys[0], object[keys[0]], `${where}.${keys[0]}`);
  }

  private queries(value: unknown, where: string): Query[] {
    return this.list(value, where).map((item, i) => this.one(item, `${where}[${i}]`));
  }

  private kind(kind: string, body: unknown, where: string): Query {
    if (kind in UNSUPPORTED) this.fail(where, `${kind} is not supported: ${UNSUPPORTED[kind]}`);
    if (WRAPPERS.has(kind)) {
      const inner = this.one(body, where);
      if (kind === 'not-query') return { kind: 'not', query: inner };
      if (kind === 'document-fragment-query') return inner; // documents are what every query matches already
      return { kind: 'properties', query: inner };
    }
    if (kind === 'true-query' || kind === 'false-query') {
      if (body !== null && body !== undefined && !(isJsonObject(body) && Object.keys(body).length === 0)) {
        this.fail(where, 'takes no settings: write null or {}');
      }
      return { kind: kind === 'true-query' ? 'true' : 'false' };
    }
    const b = this.object(body, where);
    switch (kind) {
      case 'and-query': {
        this.allow(b, ['queries', 'ordered'], where);
        const queries = b.queries === undefined ? [] : this.queries(b.queries, `${where}.queries`);
        const ordered = this.optionalBoolean(b.ordered, `${where}.ordered`);
        return ordered === undefined || queries.length < 2 ? andOf(queries) : { kind: 'and', queries, ordered };
      }
      case 'or-query': {
        this.allow(b, ['queries'], where);
        return orOf(b.queries === undefined ? [] : this.queries(b.queries, `${where}.queries`));
      }
      case 'and-not-query':
      case 'not-in-query': {
        this.allow(b, ['positive-query', 'negative-query'], where);
        const positive = this.one(this.required(b, 'positive-query', where), `${where}.positive-query`);
        const negative = this.one(this.required(b, 'negative-query', where), `${where}.negative-query`);
        return { kind: kind === 'and-not-query' ? 'and-not' : 'not-in', positive, negative };
      }
      case 'boost-query': {
        this.allow(b, ['matching-query', 'boosting-query'], where);
        const matching = this.one(this.required(b, 'matching-query', where), `${where}.matching-query`);
        const boosting = this.one(this.required(b, 'boosting-query', where), `${where}.boosting-query`);
        return { kind: 'boost', matching, boosting };
      }
      case 'near-query':
        return this.near(b, where);
      case 'term-query': {
        this.allow(b, ['text', 'term-option', 'weight', 'fragment-scope'], where);
        // Terms take the options' own term settings (as a string query's terms do) under the query's.
        const query: Query = {
          kind: 'word',
          text: this.texts(b, where),
          options: withDefaultTermOptions(this.options, termOptionsOf(this.strings(b['term-option'], `${where}.term-option`))),
          ...this.weight(b, where),
        };
        return this.fragment(query, b, where);
      }
      case 'word-query': {
        this.allow(b, [...SCOPE_KEYS, 'text', 'term-option', 'weight', 'fragment-scope'], where);
        const query: Query = {
          kind: 'word',
          text: this.texts(b, where),
          scope: this.scope(b, where),
          options: termOptionsOf(this.strings(b['term-option'], `${where}.term-option`)),
          ...this.weight(b, where),
        };
        return this.fragment(query, b, where);
      }
      case 'value-query':
        return this.value(b, where);
      case 'range-query':
        return this.range(b, where);
      case 'collection-query':
        this.allow(b, ['uri'], where);
        return { kind: 'collection', uris: this.uris(b, where) };
      case 'document-query':
        this.allow(b, ['uri'], where);
        return { kind: 'document', uris: this.uris(b, where) };
      case 'directory-query':
        return this.directory(b, where);
      case 'container-query': {
        const inner = this.innerQuery(b, [...SCOPE_KEYS, 'fragment-scope'], where);
        if (b.attribute !== undefined || b.field !== undefined || b['path-index'] !== undefined) {
          this.fail(where, 'a container is a json-property or an element');
        }
        return this.fragment({ kind: 'container', scope: this.scope(b, where), query: inner }, b, where);
      }
      case 'word-constraint-query':
      case 'value-constraint-query':
      case 'collection-constraint-query':
        return this.constraintText(kind, b, where);
      case 'range-constraint-query': {
        this.allow(b, ['constraint-name', 'value', 'range-operator', 'range-option', 'weight'], where);
        const name = this.constraintName(b, where);
        this.strings(b['range-option'], `${where}.range-option`);
        const values = this.scalars(this.required(b, 'value', where), `${where}.value`).map(String);
        return withWeight(rangeConstraintQuery(this.options, name, this.operator(b, where), values), this.weight(b, where).weight);
      }
      case 'container-constraint-query':
      case 'element-constraint-query':
      case 'properties-constraint-query': {
        const inner = this.innerQuery(b, ['constraint-name'], where);
        const name = this.constraintName(b, where);
        this.requireKind(name, kind === 'properties-constraint-query' ? ['properties'] : ['container', 'element-query'], kind);
        return constraintScopedQuery(this.options, name, inner);
      }
    }
    return this.fail(where, `unknown query kind ${kind}`);
  }

  private near(b: JsonObject, where: string): Query {
    this.allow(b, ['queries', 'distance', 'minimum-distance', 'distance-weight', 'ordered'], where);
    const queries = this.queries(this.required(b, 'queries', where), `${where}.queries`);
    if (queries.length === 0) this.fail(where, 'needs at least one query');
    const distance = this.optionalCount(b.distance, `${where}.distance`) ?? 10;
    const minimumDistance = this.optionalCount(b['minimum-distance'], `${where}.minimum-distance`);
    if (minimumDistance !== undefined && minimumDistance > distance) {
      this.fail(where, `minimum-distance ${minimumDistance} is greater than distance ${distance}`);
    }
    const weight = this.optionalNumber(b['distance-weight'], `${where}.distance-weight`);
    const ordered = this.optionalBoolean(b.ordered, `${where}.ordered`);
    return {
      kind: 'near',
      queries,
      distance,
      ...(minimumDistance === undefined ? {} : { minimumDistance }),
      ...(ordered === undefined ? {} : { ordered }),
      ...(weight === undefined ? {} : { weight }),
    };
  }

  private value(b: JsonObject, where: string): Query {
    this.allow(b, [...SCOPE_KEYS, 'type', 'text', 'term-option', 'weight', 'fragment-scope'], where);
    const scope = this.scope(b, where);
    const type = b.type;
    if (type !== undefined && type !== 'string' && type !== 'number' && type !== 'boolean' && type !== 'null') {
      this.fail(`${where}.type`, `${JSON.stringify(type)} is not a JSON value type (string, number, boolean or null)`);
    }
    const raw = b.text === undefined && type === 'null' ? [null] : this.scalars(this.required(b, 'text', where), `${where}.text`, true);
    const values = raw.map((v) => this.typedValue(v, type as string | undefined, scope, `${where}.text`));
    const query: Query = {
      kind: 'value',
      values,
      scope,
      options: termOptionsOf(this.strings(b['term-option'], `${where}.term-option`)),
      ...this.weight(b, where),
    };
    return this.fragment(query, b, where);
  }

  /**
   * JSON properties hold typed values, so `type` (default: as the JSON gives it) decides
   * what matches; XML elements and attributes hold text, so their values are text.
   */
  private typedValue(v: string | number | boolean | null, type: string | undefined, scope: Scope, where: string): string | number | boolean | null {
    if (scope.kind !== 'json-property') return v === null ? '' : String(v);
    switch (type) {
      case undefined:
        return v;
      case 'string':
        if (v === null) this.fail(where, 'null is not a string');
        return String(v);
      case 'number': {
        const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
        if (!Number.isFinite(n)) this.fail(where, `${JSON.stringify(v)} is not a number`);
        return n;
      }
      case 'boolean':
        if (v === true || v === 'true') return true;
        if (v === false || v === 'false') return false;
        return this.fail(where, `${JSON.stringify(v)} is not a boolean`);
      default:
        if (v !== null && v !== 'null' && v !== '') this.fail(where, `${JSON.stringify(v)} is not null`);
        return null;
    }
  }

  private range(b: JsonObject, where: string): Query {
    this.allow(b, [...SCOPE_KEYS, 'type', 'collation', 'value', 'range-operator', 'range-option', 'weight', 'fragment-scope'], where);
    const scope = this.scope(b, where);
    const type = rangeTypeOrFail(b.type, `${where}.type`, this.code);
    const collation = this.optionalString(b.collation, `${where}.collation`);
    if (collation !== undefined && type !== 'string' && type !== 'anyURI') this.fail(where, `a collation applies to string ranges, not ${type}`);
    // Range options (min-occurs, score-function, cached, …) tune scoring and caching, not which documents match.
    this.strings(b['range-option'], `${where}.range-option`);
    const values = this.scalars(this.required(b, 'value', where), `${where}.value`).map(String);
    const query: Query = {
      kind: 'range',
      index: { scope, type, ...(collation === undefined ? {} : { collation }) },
      operator: this.operator(b, where),
      values,
      ...this.weight(b, where),
    };
    return this.fragment(query, b, where);
  }

  private directory(b: JsonObject, where: string): Query {
    this.allow(b, ['uri', 'infinite', 'depth'], where);
    let infinite = this.optionalBoolean(b.infinite, `${where}.infinite`);
    if (b.depth !== undefined) {
      // cts:directory-query knows depth "1" and "infinity" only.
      const depth = String(b.depth);
      if (depth !== '1' && depth !== 'infinity') this.fail(`${where}.depth`, `${depth} is not a directory depth (1 or infinity)`);
      if (infinite !== undefined && infinite !== (depth === 'infinity')) this.fail(where, 'depth and infinite disagree');
      infinite = depth === 'infinity';
    }
    return { kind: 'directory', uris: this.uris(b, where), infinite: infinite ?? false };
  }

  /** word-, value- and collection-constraint-query: each text through the constraint, OR'd. */
  private constraintText(kind: string, b: JsonObject, where: string): Query {
    const valueKeys = kind === 'collection-constraint-query' ? ['uri'] : kind === 'value-constraint-query' ? ['text', 'number', 'boolean', 'null'] : ['text'];
    this.allow(b, ['constraint-name', ...valueKeys, ...(kind === 'collection-constraint-query' ? [] : ['weight'])], where);
    const name = this.constraintName(b, where);
    this.requireKind(name, [kind === 'word-constraint-query' ? 'word' : kind === 'value-constraint-query' ? 'value' : 'collection'], kind);
    const given = valueKeys.filter((k) => b[k] !== undefined);
    if (given.length === 0) this.fail(where, `needs ${valueKeys.join(' or ')}`);
    if (given.length > 1) this.fail(where, `give one of ${given.join(', ')}`);
    const key = given[0];
    // The constraint decides the JSON type of a value constraint's values from their text.
    const texts = key === 'null' ? [''] : this.scalars(b[key], `${where}.${key}`).map(String);
    const weight = this.weight(b, where).weight;
    return orOf(texts.map((text) => withWeight(constraintTextQuery(this.options, name, text), weight)));
  }

  private requireKind(name: string, kinds: ConstraintKind[], queryKind: string): void {
    const actual = constraintKind(requireConstraint(this.options, name));
    if (actual === undefined || !kinds.includes(actual)) {
      throw new DbError('REST-INVALIDPARAM', `${queryKind} names constraint ${name}, which is a ${actual ?? 'kindless'} constraint, not ${kinds.join(' or ')}`);
    }
  }

  /** The one query among `b`'s keys beside the settings in `allowed` (container and constraint-scoped kinds). */
  private innerQuery(b: JsonObject, allowed: string[], where: string): Query {
    const queryKeys = Object.keys(b).filter((k) => !allowed.includes(k));
    const unknown = queryKeys.find((k) => !isQueryKind(k));
    if (unknown !== undefined) this.fail(where, `unknown key ${unknown}`);
    if (queryKeys.length === 0) this.fail(where, 'needs a query beside its settings');
    if (queryKeys.length > 1) this.tooMany(where, queryKeys);
    return this.kind(queryKeys[0], b[queryKeys[0]], `${where}.${queryKeys[0]}`);
  }

  private fragment(query: Query, b: JsonObject, where: string): Query {
    const scope = b['fragment-scope'];
    if (scope === undefined || scope === 'documents') return query;
    if (scope === 'properties') return { kind: 'properties', query };
    return this.fail(`${where}.fragment-scope`, `${JSON.stringify(scope)} is not documents or properties`);
  }

  private scope(b: JsonObject, where: string): Scope {
    const spec: IndexSpec = {};
    if (b['json-property'] !== undefined) {
      const names = this.strings(b['json-property'], `${where}.json-property`);
      if (names.length !== 1 || names[0] === '') this.fail(`${where}.json-property`, 'name one JSON property');
      spec['json-property'] = names[0];
    }
    if (b.element !== undefined) spec.element = this.qname(b.element, `${where}.element`);
    if (b.attribute !== undefined) spec.attribute = this.qname(b.attribute, `${where}.attribute`);
    if (b.field !== undefined) spec.field = { name: this.qname(b.field, `${where}.field`).name };
    if (b['path-index'] !== undefined) {
      const p = b['path-index'];
      spec['path-index'] = { text: isJsonObject(p) && typeof p.text === 'string' ? p.text : String(p) };
    }
    const named = ['json-property', 'element', 'field', 'path-index'].filter((k) => b[k] !== undefined);
    if (named.length === 0) this.fail(where, 'needs json-property or element');
    if (named.length > 1) this.fail(where, `give one of ${named.join(', ')}`);
    if (spec.attribute && !spec.element) this.fail(where, 'attribute needs element');
    return scopeOf(spec, where);
  }

  private qname(value: unknown, where: string): { name: string; ns: string } {
    const v = Array.isArray(value) && value.length === 1 ? value[0] : value;
    if (!isJsonObject(v)) return this.fail(where, 'expected {"name": …, "ns": …}');
    this.allow(v, ['name', 'ns', 'collation'], where);
    if (typeof v.name !== 'string' || v.name === '') this.fail(where, 'needs a name');
    if (v.ns !== undefined && typeof v.ns !== 'string') this.fail(where, 'ns must be a string');
    return { name: v.name, ns: (v.ns as string | undefined) ?? '' };
  }

  private operator(b: JsonObject, where: string): RangeOperator {
    const raw = b['range-operator'] ?? 'EQ';
    const op = typeof raw === 'string' ? OPERATORS[raw.trim()] : undefined;
    if (!op) this.fail(`${where}.range-operator`, `${JSON.stringify(raw)} is not LT, LE, GT, GE, EQ or NE`);
    return op;
  }

  private constraintName(b: JsonObject, where: string): string {
    const name = b['constraint-name'];
    if (typeof name !== 'string' || name === '') this.fail(where, 'needs constraint-name');
    return name;
  }

  private texts(b: JsonObject, where: string): string[] {
    const texts = this.scalars(this.required(b, 'text', where), `${where}.text`).map(String);
    if (texts.length === 0) this.fail(`${where}.text`, 'needs at least one text');
    return texts;
  }

  private uris(b: JsonObject, where: string): string[] {
    const uris = this.strings(this.required(b, 'uri', where), `${where}.uri`);
    if (uris.length === 0) this.fail(`${where}.uri`, 'needs at least one URI');
    return uris;
  }

  private weight(b: JsonObject, where: string): { weight?: number } {
    const weight = this.optionalNumber(b.weight, `${where}.weight`);
    return weight === undefined ? {} : { weight };
  }

  // -- shapes --------------------------------------------------------------------------

  private object(value: unknown, where: string): JsonObject {
    if (!isJsonObject(value)) this.fail(where, `expected an object, found ${describe(value)}`);
    return value;
  }


  private scalars(value: unknown, where: string, allowNull = false): Array<string | number | boolean | null> {
    return this.list(value, where).map((v) => {
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || (allowNull && v === null)) return v;
      return this.fail(where, `expected a string${allowNull ? ', number, boolean or null' : ' or number'}, found ${describe(v)}`);
    });
  }

  private strings(value: unknown, where: string): string[] {
    if (value === undefined) return [];
    return this.list(value, where).map((v) => (typeof v === 'string' ? v : this.fail(where, `expected a string, found ${describe(v)}`)));
  }

  private optionalString(value: unknown, where: string): string | undefined {
    if (value === undefined) return undefined;
    return typeof value === 'string' ? value : this.fail(where, `expected a string, found ${describe(value)}`);
  }

  /** Numbers and booleans may arrive as text (the XML form, and clients that quote them). */
  private optionalNumber(value: unknown, where: string): number | undefined {
    if (value === undefined) return undefined;
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    if (!Number.isFinite(n)) this.fail(where, `expected a number, found ${describe(value)}`);
    return n;
  }

  private optionalCount(value: unknown, where: string): number | undefined {
    const n = this.optionalNumber(value, where);
    if (n !== undefined && (n < 0 || !Number.isInteger(n))) this.fail(where, `expected a whole number of words, found ${n}`);
    return n;
  }

  private optionalBoolean(value: unknown, where: string): boolean | undefined {
    if (value === undefined) return undefined;
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    return this.fail(where, `expected true or false, found ${describe(value)}`);
  }
}

function withWeight(query: Query, weight: number | undefined): Query {
  if (weight === undefined) return query;
  switch (query.kind) {
    case 'word':
    case 'value':
    case 'range':
      return { ...query, weight };
    case 'and':
    case 'or':
      return { ...query, queries: query.queries.map((q) => withWeight(q, weight)) };
    default:
      return query;
  }
}

const describe = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : typeof v === 'string' ? JSON.stringify(v) : String(v);

// ---------------------------------------------------------------------------------------
// XML → the JSON form

/** Children repeated as a list in the JSON form. */
const REPEATED = new Set(['text', 'uri', 'value', 'term-option', 'range-option']);
/** Children that are index references: empty elements with name/ns attributes. */
const QNAMES = new Set(['element', 'attribute', 'field']);
/** Attributes the XML form puts on query elements (value-query/range-query type, collation; directory depth). */
const XML_ATTRIBUTES = new Set(['type', 'collation', 'depth']);

type Parser = StructuredParser;

function xmlChildQueries(parent: Element, parser: Parser, where: string): JsonObject[] {
  const { text, children } = contentOf(parent);
  if (text.trim() !== '') parser.fail(where, `unexpected text ${JSON.stringify(text.trim())}`);
  return children.map((child, i) => xmlQuery(child, parser, `${where}/${child.localName}[${i + 1}]`));
}

/** The single query inside `element` (not-query, positive-query, …). */
function xmlOneQuery(element: Element, parser: Parser, where: string): JsonObject {
  const inner = xmlChildQueries(element, parser, where);
  if (inner.length === 0) parser.fail(where, 'needs a query');
  if (inner.length > 1) parser.tooMany(where, inner.map((q) => Object.keys(q)[0]));
  return inner[0];
}

/** `<search:term-query>…` → `{"term-query": {…}}`. */
function xmlQuery(element: Element, parser: Parser, where: string): JsonObject {
  if (element.namespaceURI !== SEARCH_NS) parser.fail(where, `${describeElement(element)} is not in ${SEARCH_NS}`);
  const kind = element.localName ?? '';
  if (!isQueryKind(kind)) parser.fail(where, `unknown query kind ${kind}`);
  if (kind in UNSUPPORTED) return { [kind]: {} };
  if (WRAPPERS.has(kind)) {
    return { [kind]: xmlOneQuery(element, parser, where) };
  }
  if (kind === 'true-query' || kind === 'false-query') {
    if (contentOf(element).children.length > 0) parser.fail(where, 'takes no settings');
    return { [kind]: null };
  }
  const body: JsonObject = {};
  for (const attr of attributesOf(element)) {
    if (attr.namespaceURI || !XML_ATTRIBUTES.has(attr.localName ?? '')) parser.fail(where, `unknown attribute ${attr.name}`);
    body[attr.localName!] = attr.value;
  }
  const { text, children } = contentOf(element);
  if (text.trim() !== '') parser.fail(where, `unexpected text ${JSON.stringify(text.trim())}`);
  for (const child of children) {
    const name = child.localName ?? '';
    const at = `${where}/${name}`;
    if (child.namespaceURI !== SEARCH_NS) parser.fail(at, `${describeElement(child)} is not in ${SEARCH_NS}`);
    if (isQueryKind(name)) {
      const [[childKind, childBody]] = Object.entries(xmlQuery(child, parser, at));
      if (LISTS.has(kind)) {
        ((body.queries ??= []) as JsonObject[]).push({ [childKind]: childBody });
      } else {
        // One query per kind that holds one (a query where none belongs is reported by the JSON parser).
        const present = Object.keys(body).filter(isQueryKind);
        if (present.length > 0) parser.tooMany(where, [...present, childKind]);
        body[childKind] = childBody;
      }
    } else if (QUERY_SLOTS.has(name)) {
      if (name in body) parser.fail(where, `${name} appears twice`);
      body[name] = xmlOneQuery(child, parser, at);
    } else if (QNAMES.has(name)) {
      const attrs = Object.fromEntries(attributesOf(child).map((a) => [a.localName, a.value]));
      body[name] = attrs;
    } else if (REPEATED.has(name)) {
      ((body[name] ??= []) as string[]).push(child.textContent ?? '');
    } else {
      if (contentOf(child).children.length > 0) parser.fail(at, 'expected text');
      if (name in body) parser.fail(where, `${name} appears twice`);
      body[name] = (child.textContent ?? '').trim();
    }
  }
  return { [kind]: body };
}
