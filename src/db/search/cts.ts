/**
 * Serialised cts queries (MarkLogic’s REST Application Developer’s Guide, combined queries, §6.2) → the query model: the XML form in
 * http://marklogic.com/cts that `xdmp:quote` writes and the options' `additional-query`
 * carries (`<cts:word-query><cts:text>x</cts:text></cts:word-query>`), and the ML9+ JSON
 * form (`{"ctsquery": {"wordQuery": {"text": ["x"]}}}`).
 *
 * As structured.ts does, the XML form is first rewritten into the JSON form (child
 * queries become `queries` or `query`, `<cts:text>`/`<cts:uri>`/`<cts:option>` become
 * `text`/`uris`/`options`, attributes become keys, element QNames become Clark names
 * `{ns}local`, typed `<cts:value xsi:type="xs:int">` becomes `{"type", "val"}`), so one
 * parser decides what every kind means and both forms fail the same way.
 *
 * Decisions, where the server leaves room:
 * - An unprefixed QName in `<cts:element>` is in no namespace, even under a default
 *   namespace declaration: hand-written queries put `xmlns="http://marklogic.com/cts"` on
 *   the root, and their `<element>title</element>` means the `title` of the documents, not
 *   a cts element. A JSON name has no declarations, so it is `local` or `{ns}local`.
 * - Several `<cts:element>` (or properties, or element × attribute pairs) are an OR of the
 *   same query on each, which is what the server matches.
 * - A range value's type is its `xsi:type` (JSON `{"type", "val"}`) when that is an index
 *   type. Otherwise (a string, a JSON number, `xs:integer`, `xs:untypedAtomic`) the range
 *   index configured on that name decides, when the caller passes the indexes: the server
 *   casts such values to the index's type, and the JSON form cannot say `xs:date` any other
 *   way. Without a fitting index the type follows the value (string, decimal for integers,
 *   double for JSON numbers), so the search reports the missing index as the server does.
 *   The collation is the `collation=` option's, or the root collation.
 * - An empty `collection-query`, `directory-query` or `document-query` matches nothing.
 * - Options are checked against what the server accepts for the kind: a misspelt option
 *   would otherwise be silently ignored and change what matches.
 *
 * Errors: malformed input is a DbError whose code the caller chooses, as in structured.ts
 * (REST-INVALIDPARAM for a URL parameter, RESTAPI-INVALIDCONTENT for a body or options).
 * Kinds needing what Tabula does not have (geospatial, temporal, fields, path indexes, …)
 * are a 400 naming the kind; field and path-range queries with the index-not-found codes
 * constraints.ts uses for fields and path indexes.
 */
import type { Element } from '@xmldom/xmldom';
import { DbError } from '../errors';
import { castValue } from '../indexes/range-values';
import type { QueryOptions } from '../options/types';
import { isNcName, XML_NS, XS_NS, XSI_NS } from '../xml/namespaces';
import { parseXml } from '../xml/parse';
import { indexCovers, termOptionsOf } from './constraints';
import { isRangeType, type Query, type RangeIndexRef, type RangeOperator, type RangeType, type Scope, type TermOptions } from './query-model';
import {
  andOf,
  attributesOf,
  contentOf,
  describeElement,
  isJsonObject,
  orOf,
  parseStructuredQuery,
  QueryBodyReader,
  parseStructuredQueryXml,
  parseXmlAs,
  type JsonObject,
  type MalformedQueryCode,
} from './structured';

export { CTS_NS } from '../xml/namespaces';
import { CTS_NS, SEARCH_NS } from '../xml/namespaces';
import { parseJson } from '../json/parse';

export interface CtsParseOptions {
  /** Default: RESTAPI-INVALIDCONTENT for parsed JSON/XML and options, REST-INVALIDPARAM for text. */
  errorCode?: MalformedQueryCode;
  /**
   * The database's range indexes, so a range value without an index type takes the type
   * of the index on its name (see the module comment). A JSON property's index may be
   * given as the element of that name in no namespace, as indexes/config.ts
   * `resolvedRangeIndexes` holds it.
   */
  rangeIndexes?: readonly RangeIndexRef[];
}

/** A serialised cts query element (`<cts:and-query>`, …). */
export function parseCtsXml(element: Element, how: CtsParseOptions = {}): Query {
  const parser = new CtsParser(how.errorCode ?? 'RESTAPI-INVALIDCONTENT', how.rangeIndexes ?? []);
  const where = element.namespaceURI === CTS_NS ? `cts:${element.localName}` : describeElement(element);
  return parser.one(new XmlReader(parser).query(element, where), '');
}

/** `{"ctsquery": {…}}` or the query object inside it (`{"wordQuery": {…}}`). */
export function parseCtsJson(json: unknown, how: CtsParseOptions = {}): Query {
  return new CtsParser(how.errorCode ?? 'RESTAPI-INVALIDCONTENT', how.rangeIndexes ?? []).root(json);
}

/** A cts query as text: XML (`<cts:…-query>`) or JSON (`{"ctsquery": …}`), told apart by the first character. */
export function parseCtsText(text: string, how: CtsParseOptions = {}): Query {
  const code = how.errorCode ?? 'REST-INVALIDPARAM';
  const trimmed = text.trim();
  if (trimmed === '') throw new DbError(code, 'Invalid query: the cts query is empty');
  if (trimmed.startsWith('<')) return parseCtsXml(parseXmlAs(trimmed, code, 'cts query'), { ...how, errorCode: code });
  return parseCtsJson(parseJsonAs(trimmed, code, 'cts query'), { ...how, errorCode: code });
}

/**
 * Every entry of the options' `additional-query`, parsed: a string of serialised XML (a cts
 * query, or a structured query in the search namespace, as options/convert.ts keeps them),
 * or a JSON object that is a structured query (`{"query": …}` or its content) or a cts
 * query (`{"ctsquery": …}` or a camelCase kind). Errors name the entry.
 */
export function additionalQueries(options: QueryOptions, how: CtsParseOptions = {}): Query[] {
  const code = how.errorCode ?? 'RESTAPI-INVALIDCONTENT';
  const raw: unknown = options['additional-query'];
  const entries = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw : [raw];
  return entries.map((entry, i) => {
    try {
      return additionalQuery(entry, options, { ...how, errorCode: code });
    } catch (e) {
      if (!(e instanceof DbError)) throw e;
      const at = `additional-query[${i}]`;
      const detail = e.detail.startsWith(INVALID) ? `${INVALID}${at}: ${e.detail.slice(INVALID.length)}` : `${at}: ${e.detail}`;
      throw new DbError(e.code, detail, e.status);
    }
  });
}

const INVALID = 'Invalid query: ';

function additionalQuery(entry: unknown, options: QueryOptions, how: CtsParseOptions & { errorCode: MalformedQueryCode }): Query {
  const code = how.errorCode;
  const fail = (detail: string): never => {
    throw new DbError(code, `${INVALID}${detail}`);
  };
  if (typeof entry === 'string') {
    const text = entry.trim();
    if (text === '') return fail('the query is empty');
    if (text.startsWith('{')) return additionalQuery(parseJsonAs(text, code, 'additional query'), options, how);
    if (!text.startsWith('<')) return fail('expected a serialised query (XML or JSON)');
    const root = parseXmlAs(text, code, 'additional query');
    if (root.namespaceURI === CTS_NS) return parseCtsXml(root, how);
    if (root.namespaceURI === SEARCH_NS) return parseStructuredQueryXml(asSearchQuery(root), options, { errorCode: code });
    return fail(`${describeElement(root)} is neither a cts query (${CTS_NS}) nor a structured query (${SEARCH_NS})`);
  }
  if (!isJsonObject(entry)) return fail(`expected a serialised query or a query object, found ${describe(entry)}`);
  const keys = Object.keys(entry);
  if (keys.includes('ctsquery') || (keys.length > 0 && keys.every((k) => JSON_KINDS.has(k)))) return parseCtsJson(entry, how);
  return parseStructuredQuery(entry, options, { errorCode: code });
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

function parseJsonAs(text: string, code: MalformedQueryCode, what: string): unknown {
  return parseJson(text, what, (reason) => new DbError(code, `${INVALID}the ${what} is not well-formed JSON: ${reason}`));
}

// ---------------------------------------------------------------------------------------
// The kinds

const SUPPORTED = [
  'and-query', 'or-query', 'not-query', 'and-not-query', 'not-in-query', 'near-query', 'boost-query',
  'word-query', 'element-word-query', 'element-attribute-word-query', 'json-property-word-query',
  'element-value-query', 'element-attribute-value-query', 'json-property-value-query',
  'element-range-query', 'element-attribute-range-query', 'json-property-range-query',
  'collection-query', 'directory-query', 'document-query',
  'element-query', 'json-property-scope-query', 'properties-fragment-query', 'document-fragment-query',
  'true-query', 'false-query',
] as const;
type Kind = (typeof SUPPORTED)[number];
const SUPPORTED_SET = new Set<string>(SUPPORTED);

const NO_GEO = 'Tabula has no geospatial indexes';
const NO_TEMPORAL = 'Tabula has no temporal collections';

/** Kinds of the real server that need what Tabula does not have, with why (and the code, where the server has one). */
const UNSUPPORTED: Record<string, { reason: string; code?: 'XDMP-FIELDRIDXNOTFOUND' | 'XDMP-PATHRIDXNOTFOUND' }> = {
  'element-geospatial-query': { reason: NO_GEO },
  'element-child-geospatial-query': { reason: NO_GEO },
  'element-pair-geospatial-query': { reason: NO_GEO },
  'element-attribute-pair-geospatial-query': { reason: NO_GEO },
  'json-property-geospatial-query': { reason: NO_GEO },
  'json-property-child-geospatial-query': { reason: NO_GEO },
  'json-property-pair-geospatial-query': { reason: NO_GEO },
  'path-geospatial-query': { reason: NO_GEO },
  'geospatial-region-query': { reason: NO_GEO },
  'field-word-query': { reason: 'Tabula has no fields', code: 'XDMP-FIELDRIDXNOTFOUND' },
  'field-value-query': { reason: 'Tabula has no fields', code: 'XDMP-FIELDRIDXNOTFOUND' },
  'field-range-query': { reason: 'Tabula has no fields', code: 'XDMP-FIELDRIDXNOTFOUND' },
  'path-range-query': { reason: 'Tabula has no path range indexes', code: 'XDMP-PATHRIDXNOTFOUND' },
  'range-query': { reason: 'name the index with element-range-query, element-attribute-range-query or json-property-range-query' },
  'lsqt-query': { reason: NO_TEMPORAL },
  'period-range-query': { reason: NO_TEMPORAL },
  'period-compare-query': { reason: NO_TEMPORAL },
  'before-query': { reason: 'Tabula keeps no timestamped versions' },
  'after-query': { reason: 'Tabula keeps no timestamped versions' },
  'triple-range-query': { reason: 'Tabula searches triples through SPARQL only' },
  'similar-query': { reason: 'Tabula does not compare documents for similarity' },
  'reverse-query': { reason: 'Tabula does not match documents against stored queries' },
  'registered-query': { reason: 'Tabula registers no queries' },
  'locks-fragment-query': { reason: 'Tabula keeps no locks fragments' },
  'column-range-query': { reason: 'Tabula has no TDE views' },
  'document-format-query': { reason: "Tabula's query model has no document format test" },
  'document-permission-query': { reason: "Tabula's query model has no permission test" },
  'document-root-query': { reason: "Tabula's query model has no root element test" },
};

const camelOf = (kebab: string): string => kebab.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const kebabOf = (camel: string): string => camel.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Every kind name the JSON form knows (wordQuery, fieldRangeQuery, …). */
const JSON_KINDS = new Set([...SUPPORTED, ...Object.keys(UNSUPPORTED)].map(camelOf));

/** Kinds holding a list of queries (`queries`); the other containers hold one (`query`). */
const LISTS = new Set(['and-query', 'or-query', 'near-query']);

const OPERATORS: Record<string, RangeOperator> = { '<': 'LT', '<=': 'LE', '>': 'GT', '>=': 'GE', '=': 'EQ', '!=': 'NE', LT: 'LT', LE: 'LE', GT: 'GT', GE: 'GE', EQ: 'EQ', NE: 'NE' };

const NUMERIC = new Set<RangeType>(['int', 'long', 'unsignedInt', 'unsignedLong', 'decimal', 'double', 'float']);
/** xs:integer and its derived types that are not index types themselves: the index decides. */
const INTEGERS = new Set(['integer', 'short', 'byte', 'unsignedShort', 'unsignedByte', 'nonNegativeInteger', 'nonPositiveInteger', 'positiveInteger', 'negativeInteger']);
const STRINGS = new Set(['string', 'untypedAtomic', 'normalizedString', 'token']);

// Options each kind accepts (the server's cts constructors refuse others).
const TERM_OPTIONS = [
  /^(case|diacritic|punctuation|whitespace)-(sensitive|insensitive)$/,
  /^(stemmed|unstemmed|wildcarded|unwildcarded|exact|synonym)$/,
  /^lang=[a-z]{2,3}([-_][a-z0-9]+)*$/,
  /^(min|max)-occurs=\d+$/,
  /^distance-weight=\d+(\.\d+)?$/,
  /^lexicon-expand=(full|prefix-postfix|off|heuristic)$/,
];
const RANGE_OPTIONS = [
  /^collation=\S+$/,
  /^(cached|uncached|cached-incremental|synonym)$/,
  /^(min|max)-occurs=\d+$/,
  /^score-function=(linear|reciprocal|zero)$/,
  /^slope-factor=\d+(\.\d+)?$/,
];
const NEAR_OPTIONS = [/^(ordered|unordered)$/, /^minimum-distance=\d+$/];
const AND_OPTIONS = [/^(ordered|unordered)$/];
const OR_OPTIONS = [/^synonym$/];

type Scalar = string | number | boolean | null;

/** A range value as given: its text, and its declared index type or what kind of value it is. */
interface RangeValueIn {
  text: string;
  declared?: RangeType;
  natural: 'string' | 'integer' | 'number' | 'boolean';
}


/** Whether an index of `type` can hold the value (the server casts untyped values to the index's type). */
function accepts(value: RangeValueIn, type: RangeType): boolean {
  if (value.natural === 'boolean') return type === 'boolean';
  if (value.natural !== 'string' && !NUMERIC.has(type)) return false;
  return castValue(value.text, type) !== undefined;
}

const describe = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : typeof v === 'string' ? JSON.stringify(v) : String(v);

class CtsParser extends QueryBodyReader {
  constructor(
    code: MalformedQueryCode,
    private readonly indexes: readonly RangeIndexRef[],
  ) {
    super(code);
  }

  protected misplaced(key: string, allowed: string[]): string | undefined {
    return JSON_KINDS.has(key) ? `${key} cannot appear here (expected ${allowed.join(', ')})` : undefined;
  }

  /** `{"ctsquery": Q}` or Q. */
  root(json: unknown): Query {
    if (isJsonObject(json) && 'ctsquery' in json) {
      const others = Object.keys(json).filter((k) => k !== 'ctsquery');
      if (others.some((k) => ['query', '$query', 'qtext', 'search'].includes(k))) this.tooMany('the request', Object.keys(json));
      if (others.length > 0) this.fail('ctsquery', `unexpected ${others.join(', ')} beside ctsquery`);
      return this.one(json.ctsquery, 'ctsquery');
    }
    return this.one(json, '');
  }

  /** An object holding exactly one query: `{"wordQuery": {…}}`. */
  one(value: unknown, where: string): Query {
    const label = where || 'ctsquery';
    const object = this.object(value, label);
    const keys = Object.keys(object);
    if (keys.length === 0) this.fail(label, 'expected a cts query, found an empty object');
    const unknown = keys.find((k) => !JSON_KINDS.has(k));
    if (unknown !== undefined) this.unknownKind(unknown, label);
    if (keys.length > 1) this.tooMany(label, keys);
    return this.kind(keys[0], object[keys[0]], where ? `${where}.${keys[0]}` : keys[0]);
  }

  private unknownKind(name: string, where: string): never {
    if (SUPPORTED_SET.has(name) || name in UNSUPPORTED) {
      this.fail(where, `unknown cts query kind ${name}: the JSON form names kinds in camelCase (${camelOf(name)}); ${name} is a structured query kind`);
    }
    return this.fail(where, `unknown cts query kind ${name}`);
  }

  /** The 400 for a kind Tabula cannot evaluate. */
  unsupported(kebab: string, written: string, where: string, field?: string): never {
    const { reason, code } = UNSUPPORTED[kebab];
    const named = field === undefined ? '' : ` (${code === 'XDMP-PATHRIDXNOTFOUND' ? 'path' : 'field'} ${field})`;
    const at = where === written ? '' : `${where}: `;
    throw new DbError(code ?? this.code, `${INVALID}${at}${written} is not supported${named}: ${reason}`);
  }

  private queries(value: unknown, where: string): Query[] {
    return this.list(value, where).map((item, i) => this.one(item, `${where}[${i}]`));
  }

  private kind(name: string, body: unknown, where: string): Query {
    const kebab = kebabOf(name);
    if (kebab in UNSUPPORTED) {
      const b = isJsonObject(body) ? body : {};
      const field = b.field ?? b['path-expression'] ?? b.pathExpression;
      return this.unsupported(kebab, name, where, typeof field === 'string' ? field : Array.isArray(field) && typeof field[0] === 'string' ? field[0] : undefined);
    }
    const kind = kebab as Kind;
    if (kind === 'true-query' || kind === 'false-query') {
      if (body !== null && body !== undefined && !(isJsonObject(body) && Object.keys(body).length === 0)) this.fail(where, 'takes no settings: write {}');
      return { kind: kind === 'true-query' ? 'true' : 'false' };
    }
    const b = this.object(body, where);
    switch (kind) {
      case 'and-query': {
        this.allow(b, ['queries', 'options'], where);
        const queries = b.queries === undefined ? [] : this.queries(b.queries, `${where}.queries`);
        const ordered = this.ordering(this.options(b, AND_OPTIONS, where), where);
        return ordered === undefined || queries.length < 2 ? andOf(queries) : { kind: 'and', queries, ordered };
      }
      case 'or-query':
        this.allow(b, ['queries', 'options'], where);
        this.options(b, OR_OPTIONS, where);
        return orOf(b.queries === undefined ? [] : this.queries(b.queries, `${where}.queries`));
      case 'not-query':
        this.allow(b, ['query'], where);
        return { kind: 'not', query: this.one(this.required(b, 'query', where), `${where}.query`) };
      case 'and-not-query':
      case 'not-in-query': {
        this.allow(b, ['positiveQuery', 'negativeQuery'], where);
        const positive = this.one(this.required(b, 'positiveQuery', where), `${where}.positiveQuery`);
        const negative = this.one(this.required(b, 'negativeQuery', where), `${where}.negativeQuery`);
        return { kind: kind === 'and-not-query' ? 'and-not' : 'not-in', positive, negative };
      }
      case 'boost-query': {
        this.allow(b, ['matchingQuery', 'boostingQuery'], where);
        const matching = this.one(this.required(b, 'matchingQuery', where), `${where}.matchingQuery`);
        const boosting = this.one(this.required(b, 'boostingQuery', where), `${where}.boostingQuery`);
        return { kind: 'boost', matching, boosting };
      }
      case 'near-query':
        return this.near(b, where);
      case 'word-query':
        this.allow(b, ['text', 'options', 'weight'], where);
        return { kind: 'word', text: this.texts(b, where), options: this.termOptions(b, where), ...this.weight(b, where) };
      case 'element-word-query':
      case 'element-attribute-word-query':
      case 'json-property-word-query': {
        const scopes = this.scopes(kind, b, ['text', 'options', 'weight'], where);
        const text = this.texts(b, where);
        const options = this.termOptions(b, where);
        const weight = this.weight(b, where);
        return orOf(scopes.map((scope): Query => ({ kind: 'word', text, scope, options, ...weight })));
      }
      case 'element-value-query':
      case 'element-attribute-value-query':
      case 'json-property-value-query':
        return this.value(kind, b, where);
      case 'element-range-query':
      case 'element-attribute-range-query':
      case 'json-property-range-query':
        return this.range(kind, b, where);
      case 'collection-query':
      case 'document-query': {
        this.allow(b, ['uris'], where);
        const uris = this.strings(b.uris, `${where}.uris`);
        if (uris.length === 0) return { kind: 'false' };
        return { kind: kind === 'collection-query' ? 'collection' : 'document', uris };
      }
      case 'directory-query': {
        this.allow(b, ['uris', 'depth'], where);
        const uris = this.strings(b.uris, `${where}.uris`);
        const depth = b.depth === undefined ? '1' : String(b.depth).trim();
        if (depth !== '1' && depth !== 'infinity') this.fail(`${where}.depth`, `${describe(b.depth)} is not a directory depth (1 or infinity)`);
        return uris.length === 0 ? { kind: 'false' } : { kind: 'directory', uris, infinite: depth === 'infinity' };
      }
      case 'element-query':
      case 'json-property-scope-query': {
        const scopes = this.scopes(kind, b, ['query'], where);
        const inner = this.one(this.required(b, 'query', where), `${where}.query`);
        return orOf(scopes.map((scope): Query => ({ kind: 'container', scope, query: inner })));
      }
      case 'properties-fragment-query':
        this.allow(b, ['query'], where);
        return { kind: 'properties', query: this.one(this.required(b, 'query', where), `${where}.query`) };
      case 'document-fragment-query':
        // Documents are what every query matches already.
        this.allow(b, ['query'], where);
        return this.one(this.required(b, 'query', where), `${where}.query`);
    }
    return this.unknownKind(name, where);
  }

  private near(b: JsonObject, where: string): Query {
    // `distance-weight` is the constructor's name for what the serialisation calls `weight`.
    this.allow(b, ['queries', 'distance', 'minimum-distance', 'weight', 'distance-weight', 'options'], where);
    const queries = this.queries(this.required(b, 'queries', where), `${where}.queries`);
    if (queries.length === 0) this.fail(where, 'needs at least one query');
    const options = this.options(b, NEAR_OPTIONS, where);
    const distance = this.count(b.distance, `${where}.distance`) ?? 10;
    const given = this.count(b['minimum-distance'], `${where}.minimum-distance`);
    const fromOptions = options.filter((o) => o.startsWith('minimum-distance=')).map((o) => Number(o.slice('minimum-distance='.length)));
    const minima = [...new Set([...(given === undefined ? [] : [given]), ...fromOptions])];
    if (minima.length > 1) this.fail(where, `minimum distances ${minima.join(' and ')} disagree`);
    const minimumDistance = minima[0];
    if (minimumDistance !== undefined && minimumDistance > distance) this.fail(where, `minimum-distance ${minimumDistance} is greater than distance ${distance}`);
    const ordered = this.ordering(options, where);
    const weights = [this.number(b.weight, `${where}.weight`), this.number(b['distance-weight'], `${where}.distance-weight`)].filter((w) => w !== undefined);
    if (new Set(weights).size > 1) this.fail(where, `weight ${weights[0]} and distance-weight ${weights[1]} disagree`);
    const weight = weights[0];
    return {
      kind: 'near',
      queries,
      distance,
      ...(minimumDistance === undefined ? {} : { minimumDistance }),
      ...(ordered === undefined ? {} : { ordered }),
      ...(weight === undefined ? {} : { weight }),
    };
  }

  private value(kind: Kind, b: JsonObject, where: string): Query {
    const json = kind === 'json-property-value-query';
    const key = json ? 'value' : 'text';
    const scopes = this.scopes(kind, b, [key, 'options', 'weight'], where);
    const given = this.list(this.required(b, key, where), `${where}.${key}`);
    if (given.length === 0) this.fail(`${where}.${key}`, 'needs at least one value');
    const values = given.map((v, i) => (json ? this.jsonValue(v, `${where}.${key}[${i}]`) : this.textValue(v, `${where}.${key}[${i}]`)));
    const options = this.termOptions(b, where);
    const weight = this.weight(b, where);
    return orOf(scopes.map((scope): Query => ({ kind: 'value', values, scope, options, ...weight })));
  }

  /** A JSON property's value keeps its JSON type; a typed value (`{"type": "xs:double", "val": "7"}`) takes its type's. */
  private jsonValue(v: unknown, where: string): Scalar {
    if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
    if (typeof v === 'number') return Number.isFinite(v) ? v : this.fail(where, `${v} is not a value`);
    const { type, val } = this.typed(v, where);
    if (type === 'null') return null;
    if (NUMERIC.has(type as RangeType) || INTEGERS.has(type) || type === 'number') {
      const n = val.trim() === '' ? NaN : Number(val);
      return Number.isFinite(n) ? n : this.fail(where, `${JSON.stringify(val)} is not a number`);
    }
    if (type === 'boolean') {
      const t = val.trim();
      if (t === 'true' || t === '1') return true;
      if (t === 'false' || t === '0') return false;
      return this.fail(where, `${JSON.stringify(val)} is not a boolean`);
    }
    return val;
  }

  /** XML elements and attributes hold text: a value query on them compares text. */
  private textValue(v: unknown, where: string): string {
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    if (isJsonObject(v)) return this.typed(v, where).val;
    return this.fail(where, `expected a string, found ${describe(v)}`);
  }

  /** `{"type": "xs:int", "val": "3"}` → bare type and text. */
  private typed(v: unknown, where: string): { type: string; val: string } {
    if (!isJsonObject(v)) return this.fail(where, `expected a string, number, boolean, null or {"type", "val"}, found ${describe(v)}`);
    this.allow(v, ['type', 'val'], where);
    if (typeof v.type !== 'string' || v.type.trim() === '') this.fail(where, 'a typed value needs its type');
    const val = v.type.replace(/^xs:/, '') === 'null' ? (v.val ?? '') : v.val;
    if (typeof val !== 'string' && typeof val !== 'number' && typeof val !== 'boolean') return this.fail(where, 'a typed value needs val, a string');
    return { type: v.type.trim().replace(/^xs:/, ''), val: String(val) };
  }

  private range(kind: Kind, b: JsonObject, where: string): Query {
    const scopes = this.scopes(kind, b, ['operator', 'value', 'options', 'weight'], where);
    const raw = b.operator;
    if (raw === undefined) this.fail(where, 'needs operator (<, <=, >, >=, = or !=)');
    const operator = typeof raw === 'string' ? OPERATORS[raw.trim()] : undefined;
    if (!operator) return this.fail(`${where}.operator`, `${describe(raw)} is not <, <=, >, >=, = or !=`);
    const given = this.list(this.required(b, 'value', where), `${where}.value`);
    if (given.length === 0) this.fail(`${where}.value`, 'needs at least one value');
    const values = given.map((v, i) => this.rangeValue(v, `${where}.value[${i}]`));
    const collations = this.options(b, RANGE_OPTIONS, where)
      .filter((o) => o.startsWith('collation='))
      .map((o) => o.slice('collation='.length));
    if (new Set(collations).size > 1) this.fail(where, `collations ${collations.join(' and ')} disagree`);
    const collation = collations[0];
    const weight = this.weight(b, where);
    return orOf(
      scopes.map((scope) => {
        // One range query per index type: values of one type share an index.
        const byType = new Map<RangeType, string[]>();
        for (const value of values) {
          const type = this.rangeType(scope, value, collation, where);
          byType.set(type, [...(byType.get(type) ?? []), value.text]);
        }
        const queries = [...byType].map(([type, texts]): Query => ({
          kind: 'range',
          index: { scope, type, ...(collation === undefined ? {} : { collation }) },
          operator,
          values: texts,
          ...weight,
        }));
        // NE holds when no value is there, so its type groups must all hold.
        return operator === 'NE' ? andOf(queries) : orOf(queries);
      }),
    );
  }

  private rangeValue(v: unknown, where: string): RangeValueIn {
    if (typeof v === 'string') return { text: v, natural: 'string' };
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) this.fail(where, `${v} is not a value`);
      return { text: String(v), natural: 'number' };
    }
    if (typeof v === 'boolean') return { text: String(v), natural: 'boolean' };
    const { type, val } = this.typed(v, where);
    if (STRINGS.has(type)) return { text: val, natural: 'string' };
    if (INTEGERS.has(type)) return { text: val.trim(), natural: 'integer' };
    if (isRangeType(type)) return { text: val, declared: type, natural: 'string' };
    return this.fail(where, `unsupported range type xs:${type}`);
  }

  /** The value's declared type, or the type of the configured index that can hold it, or the value's own. */
  private rangeType(scope: Scope, value: RangeValueIn, collation: string | undefined, where: string): RangeType {
    const type = value.declared ?? this.indexedType(scope, value, collation) ?? { string: 'string', integer: 'decimal', number: 'double', boolean: 'boolean' }[value.natural];
    if (collation !== undefined && type !== 'string' && type !== 'anyURI') this.fail(where, `a collation applies to string ranges, not ${type}`);
    return type as RangeType;
  }

  private indexedType(scope: Scope, value: RangeValueIn, collation: string | undefined): RangeType | undefined {
    const isString = (t: RangeType) => t === 'string' || t === 'anyURI';
    let candidates = this.indexes.filter((i) => indexCovers(i.scope, scope));
    if (collation !== undefined) candidates = candidates.filter((i) => isString(i.type));
    // Text is a string first: "10" compares as a string where the name has a string index too.
    if (value.natural === 'string') candidates = [...candidates.filter((i) => isString(i.type)), ...candidates.filter((i) => !isString(i.type))];
    return candidates.find((i) => accepts(value, i.type))?.type;
  }

  /** Where a word, value, range or container query looks: each element (× attribute) or property named. */
  private scopes(kind: Kind, b: JsonObject, settings: string[], where: string): Scope[] {
    if (kind.startsWith('json-property')) {
      this.allow(b, ['property', ...settings], where);
      const names = this.strings(this.required(b, 'property', where), `${where}.property`);
      if (names.length === 0 || names.includes('')) this.fail(`${where}.property`, 'name at least one JSON property');
      return names.map((name) => ({ kind: 'json-property', name }));
    }
    const withAttribute = kind.startsWith('element-attribute');
    this.allow(b, ['element', ...(withAttribute ? ['attribute'] : []), ...settings], where);
    const elements = this.qnames(this.required(b, 'element', where), `${where}.element`);
    if (!withAttribute) return elements.map((e) => ({ kind: 'element', ...e }));
    const attributes = this.qnames(this.required(b, 'attribute', where), `${where}.attribute`);
    return elements.flatMap((element) => attributes.map((attribute): Scope => ({ kind: 'element-attribute', element, attribute })));
  }

  /** `local` or `{ns}local`: JSON has no namespace declarations for a prefix to name. */
  private qnames(value: unknown, where: string): Array<{ name: string; ns: string }> {
    const names = this.strings(value, where);
    if (names.length === 0) this.fail(where, 'name at least one');
    return names.map((text) => {
      const clark = /^\{([^}]*)\}(.*)$/.exec(text.trim());
      const [ns, name] = clark ? [clark[1], clark[2]] : ['', text.trim()];
      if (!clark && name.includes(':')) this.fail(where, `${JSON.stringify(text)} has a prefix no declaration binds; write {namespace-uri}${name.slice(name.indexOf(':') + 1)}`);
      if (!isNcName(name)) this.fail(where, `${JSON.stringify(text)} is not an XML name`);
      return { name, ns };
    });
  }

  private texts(b: JsonObject, where: string): string[] {
    const texts = this.list(this.required(b, 'text', where), `${where}.text`).map((v) =>
      typeof v === 'string' || typeof v === 'number' ? String(v) : this.fail(`${where}.text`, `expected a string, found ${describe(v)}`),
    );
    if (texts.length === 0) this.fail(`${where}.text`, 'needs at least one text');
    return texts;
  }

  private termOptions(b: JsonObject, where: string): TermOptions {
    return termOptionsOf(this.options(b, TERM_OPTIONS, where));
  }

  /** The kind's `options`, each one the server accepts for it. */
  private options(b: JsonObject, allowed: readonly RegExp[], where: string): string[] {
    const options = this.strings(b.options, `${where}.options`).map((o) => o.trim());
    for (const option of options) {
      const [name, ...rest] = option.split('=');
      const normal = rest.length === 0 ? name.toLowerCase() : `${name.toLowerCase()}=${name.toLowerCase() === 'collation' ? rest.join('=') : rest.join('=').toLowerCase()}`;
      if (!allowed.some((re) => re.test(normal))) this.fail(`${where}.options`, `${JSON.stringify(option)} is not an option of this query`);
    }
    return options;
  }

  private ordering(options: string[], where: string): boolean | undefined {
    const said = new Set(options.map((o) => o.toLowerCase()).filter((o) => o === 'ordered' || o === 'unordered'));
    if (said.size > 1) this.fail(`${where}.options`, 'ordered and unordered cannot be given together');
    return said.has('ordered') ? true : said.has('unordered') ? false : undefined;
  }

  private weight(b: JsonObject, where: string): { weight?: number } {
    const weight = this.number(b.weight, `${where}.weight`);
    return weight === undefined ? {} : { weight };
  }

  /** Numbers may arrive as text (XML attributes, and clients that quote them). */
  private number(value: unknown, where: string): number | undefined {
    if (value === undefined) return undefined;
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    if (!Number.isFinite(n)) this.fail(where, `expected a number, found ${describe(value)}`);
    return n;
  }

  private count(value: unknown, where: string): number | undefined {
    const n = value === undefined ? undefined : typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    if (n !== undefined && (!Number.isInteger(n) || n < 0)) this.fail(where, `expected a whole number of words, found ${describe(value)}`);
    return n;
  }

  // -- shapes --------------------------------------------------------------------------

  private object(value: unknown, where: string): JsonObject {
    if (!isJsonObject(value)) this.fail(where, `expected an object, found ${describe(value)}`);
    return value;
  }

  private strings(value: unknown, where: string): string[] {
    if (value === undefined) return [];
    return this.list(value, where).map((v) => (typeof v === 'string' ? v : this.fail(where, `expected a string, found ${describe(v)}`)));
  }
}

// ---------------------------------------------------------------------------------------
// XML → the JSON form

/** Attributes a cts query element may carry, as the JSON form names them. */
const XML_ATTRIBUTES = new Set(['weight', 'distance', 'minimum-distance', 'distance-weight', 'operator', 'depth']);
/** Elements holding one query, as the JSON form names them. */
const SLOTS: Record<string, string> = {
  positive: 'positiveQuery',
  'positive-query': 'positiveQuery',
  negative: 'negativeQuery',
  'negative-query': 'negativeQuery',
  'matching-query': 'matchingQuery',
  'boosting-query': 'boostingQuery',
};
/** Repeated text children: element name → JSON key. */
const REPEATED: Record<string, string> = { text: 'text', option: 'options', uri: 'uris', property: 'property', element: 'element', attribute: 'attribute', value: 'value' };

class XmlReader {
  constructor(private readonly parser: CtsParser) {}

  /** `<cts:word-query>…` → `{"wordQuery": {…}}`. */
  query(element: Element, where: string): JsonObject {
    const p = this.parser;
    if (element.namespaceURI !== CTS_NS) p.fail(where, `${describeElement(element)} is not a cts query (namespace ${CTS_NS})`);
    const kind = element.localName ?? '';
    if (kind in UNSUPPORTED) {
      const field = Array.from(element.childNodes).find((c) => c.nodeType === c.ELEMENT_NODE && ['field', 'path-expression'].includes((c as Element).localName ?? ''));
      p.unsupported(kind, `cts:${kind}`, where, field ? (field.textContent ?? '').trim() : undefined);
    }
    if (!SUPPORTED_SET.has(kind)) p.fail(where, `unknown cts query kind cts:${kind}`);
    const body: JsonObject = {};
    for (const attr of attributesOf(element)) {
      const name = attr.localName ?? attr.name;
      if (attr.namespaceURI || !XML_ATTRIBUTES.has(name)) p.fail(where, `unknown attribute ${attr.name}`);
      body[name] = attr.value;
    }
    const { text, children } = contentOf(element);
    if (text.trim() !== '') p.fail(where, `unexpected text ${JSON.stringify(text.trim())}`);
    let lang: string | undefined;
    children.forEach((child, i) => {
      const name = child.localName ?? '';
      const at = `${where}/cts:${name}[${i + 1}]`;
      if (child.namespaceURI !== CTS_NS) p.fail(at, `${describeElement(child)} is not in ${CTS_NS}`);
      if (name in SLOTS) {
        const key = SLOTS[name];
        if (key in body) p.fail(where, `${name} appears twice`);
        body[key] = this.only(child, at);
      } else if (name.endsWith('-query')) {
        const query = this.query(child, at);
        if (LISTS.has(kind)) ((body.queries ??= []) as JsonObject[]).push(query);
        else if ('query' in body) p.tooMany(where, [Object.keys(body.query as JsonObject)[0], Object.keys(query)[0]]);
        else body.query = query;
      } else if (name in REPEATED) {
        if (contentOf(child).children.length > 0) p.fail(at, 'expected text');
        const value = this.leaf(child, name, at);
        ((body[REPEATED[name]] ??= []) as unknown[]).push(value);
        if (name === 'text') lang ??= child.getAttributeNS(XML_NS, 'lang') || undefined;
      } else if (name === 'depth') {
        if ('depth' in body) p.fail(where, 'depth appears twice');
        body.depth = (child.textContent ?? '').trim();
      } else {
        p.fail(at, `unexpected cts:${name} in cts:${kind}`);
      }
    });
    // The text's xml:lang is the language its words are in, unless an option says otherwise.
    const options = (body.options ?? []) as string[];
    if (lang && !options.some((o) => o.trim().toLowerCase().startsWith('lang='))) body.options = [...options, `lang=${lang}`];
    return { [camelOf(kind)]: body };
  }

  /** The one query inside `<cts:positive>`, `<cts:matching-query>`, …. */
  private only(element: Element, where: string): JsonObject {
    const { text, children } = contentOf(element);
    if (text.trim() !== '') this.parser.fail(where, `unexpected text ${JSON.stringify(text.trim())}`);
    if (children.length === 0) this.parser.fail(where, 'needs a query');
    if (children.length > 1) this.parser.tooMany(where, children.map((c) => `cts:${c.localName}`));
    return this.query(children[0], `${where}/cts:${children[0].localName}`);
  }

  private leaf(child: Element, name: string, where: string): unknown {
    const text = child.textContent ?? '';
    if (name === 'element' || name === 'attribute') return this.clark(child, text.trim(), where);
    if (name === 'option' || name === 'uri') return text.trim();
    if (name !== 'value') return text;
    if (['true', '1'].includes(child.getAttributeNS(XSI_NS, 'nil')?.trim() ?? '')) return null;
    const type = child.getAttributeNS(XSI_NS, 'type');
    return type ? { type: this.xsType(child, type.trim(), where), val: text } : text;
  }

  /** `p:local` resolved by the declarations in scope, or `{ns}local`; unprefixed is no namespace (see the module comment). */
  private clark(element: Element, text: string, where: string): string {
    if (text.startsWith('{')) return text;
    const colon = text.indexOf(':');
    if (colon < 0) return text;
    const prefix = text.slice(0, colon);
    const ns = element.lookupNamespaceURI(prefix);
    if (!ns) this.parser.fail(where, `the prefix ${prefix} of ${text} is not declared`);
    return `{${ns}}${text.slice(colon + 1)}`;
  }

  /** `xs:int` → `xs:int`, whatever prefix binds the schema namespace (an undeclared `xs` is taken to mean it). */
  private xsType(element: Element, qname: string, where: string): string {
    const [prefix, local] = qname.includes(':') ? qname.split(':', 2) : ['', qname];
    const ns = element.lookupNamespaceURI(prefix || null);
    if (ns !== XS_NS && !(prefix === 'xs' && !ns)) this.parser.fail(where, `xsi:type ${qname} is not an XML Schema type`);
    return `xs:${local}`;
  }
}
