/**
 * Structured queries (MarkLogic’s Search Developer’s Guide, structured queries) → the query model: the JSON form (the content of
 * `{"query": {…}}`), the XML form (`<search:query>`) and the text of the `structuredQuery`
 * URL parameter, which may be either.
 *
 * The XML form is first rewritten into the JSON form (repeated child queries become
 * `queries`, scalar children become keys, `<element name ns/>` becomes `{name, ns}`), so
 * one parser decides what every kind means and both forms fail the same way.
 *
 * Malformed input is a {@link MalformedQuery} (RESTAPI-INVALIDCONTENT); the api reports it
 * as REST-INVALIDPARAM when the query came in a URL parameter. Errors that
 * are about the options rather than the query's shape keep constraints.ts's codes
 * (REST-INVALIDPARAM for an unknown constraint; the index-not-found codes for fields and
 * path indexes).
 *
 * The real server drops bad parts of a query unless `validate-queries` is on; Tabula always
 * validates, because a silently smaller query gives results nobody asked for.
 */
import type { Element } from '@xmldom/xmldom';
import { DbError } from '../../errors';
import { parseJson } from '../../json/parse';
import type { IndexSpec, QueryOptions } from '../../options/types';
import {
  constraintKind,
  constraintScopedQuery,
  constraintTextQuery,
  rangeConstraintQuery,
  requireConstraint,
  scopeOf,
  termOptionsOf,
  withDefaultTermOptions,
  type ConstraintKind,
} from '../constraints';
import type { Query, RangeOperator, Scope } from '../query-model';
import { isQueryKind, OTHER_ROOTS, SCOPE_KEYS, UNSUPPORTED, WRAPPERS } from './structured-kinds';
import { xmlChildQueries } from './structured-xml';
import { SEARCH_NS } from '../../xml/namespaces';
import {
  andOf,
  describe,
  describeElement,
  isJsonObject,
  MalformedQuery,
  nearOf,
  orderedAndOf,
  orOf,
  parseXmlAs,
  QueryBodyReader,
  RANGE_OPERATORS,
  rangeTypeOrFail,
  type JsonObject,
} from './toolkit';

export { MalformedQuery, parseXmlAs } from './toolkit';

/** The content of `{"query": {…}}` (or the whole wrapper): its `queries` and query-kind keys, ANDed. */
export function parseStructuredQuery(json: unknown, options: QueryOptions): Query {
  return new StructuredParser(options).root(json);
}

/** `<search:query>`: its child queries, ANDed. */
export function parseStructuredQueryXml(element: Element, options: QueryOptions): Query {
  const parser = new StructuredParser(options);
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
  how: { format?: 'json' | 'xml' } = {},
): Query {
  const trimmed = text.trim();
  if (trimmed === '') throw new MalformedQuery('Invalid query: the structured query is empty');
  const format = how.format ?? (trimmed.startsWith('<') ? 'xml' : 'json');
  if (format === 'json') {
    const json = parseJson(trimmed, 'structured query', (reason) => new MalformedQuery(`Invalid query: the structured query is not well-formed JSON: ${reason}`));
    return parseStructuredQuery(json, options);
  }
  return parseStructuredQueryXml(parseXmlAs(trimmed, 'structured query'), options);
}

class StructuredParser extends QueryBodyReader {
  constructor(private readonly options: QueryOptions) {
    super();
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
    if (kind === 'true-query' || kind === 'false-query') return this.constant(kind, body, where, 'write null or {}');
    const b = this.object(body, where);
    switch (kind) {
      case 'and-query': {
        this.allow(b, ['queries', 'ordered'], where);
        const queries = b.queries === undefined ? [] : this.queries(b.queries, `${where}.queries`);
        const ordered = this.optionalBoolean(b.ordered, `${where}.ordered`);
        return orderedAndOf(queries, ordered);
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
    return nearOf(queries, distance, { minimumDistance, ordered, weight });
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
    const type = rangeTypeOrFail(b.type, `${where}.type`);
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
    const op = typeof raw === 'string' ? RANGE_OPERATORS[raw.trim()] : undefined;
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


  private scalars(value: unknown, where: string, allowNull = false): Array<string | number | boolean | null> {
    return this.list(value, where).map((v) => {
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || (allowNull && v === null)) return v;
      return this.fail(where, `expected a string${allowNull ? ', number, boolean or null' : ' or number'}, found ${describe(v)}`);
    });
  }


  private optionalString(value: unknown, where: string): string | undefined {
    if (value === undefined) return undefined;
    return typeof value === 'string' ? value : this.fail(where, `expected a string, found ${describe(value)}`);
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
