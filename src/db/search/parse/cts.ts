/**
 * Serialised cts queries (MarkLogic’s REST Application Developer’s Guide, combined queries) → the query model: the XML form in
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
 * Errors: malformed input is a MalformedQuery, as in structured.ts (the api words it by
 * where the query came from).
 * Kinds needing what Tabula does not have (geospatial, temporal, fields, path indexes, …)
 * are a 400 naming the kind; field and path-range queries with the index-not-found codes
 * constraints.ts uses for fields and path indexes.
 */
import type { Element } from '@xmldom/xmldom';
import { DbError } from '../../errors';
import { castValue } from '../../indexes/range-values';
import { CTS_NS } from '../../xml/namespaces';
import { isNcName } from '../../xml/namespaces';
import { indexCovers, termOptionsOf } from '../constraints';
import { isRangeType, type Query, type RangeIndexRef, type RangeType, type Scope, type TermOptions } from '../query-model';
import { AND_OPTIONS, camelOf, INTEGERS, JSON_KINDS, kebabOf, NEAR_OPTIONS, NUMERIC, OR_OPTIONS, RANGE_OPTIONS, STRINGS, SUPPORTED_SET, TERM_OPTIONS, UNSUPPORTED, type Kind } from './cts-kinds';
import { XmlReader } from './cts-xml';
import { andOf, describe, describeElement, INVALID, isJsonObject, MalformedQuery, nearOf, orderedAndOf, orOf, parseJsonAs, parseXmlAs, QueryBodyReader, RANGE_OPERATORS, type JsonObject } from './toolkit';


export interface CtsParseOptions {
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
  const parser = new CtsParser(how.rangeIndexes ?? []);
  const where = element.namespaceURI === CTS_NS ? `cts:${element.localName}` : describeElement(element);
  return parser.one(new XmlReader(parser).query(element, where), '');
}

/** `{"ctsquery": {…}}` or the query object inside it (`{"wordQuery": {…}}`). */
export function parseCtsJson(json: unknown, how: CtsParseOptions = {}): Query {
  return new CtsParser(how.rangeIndexes ?? []).root(json);
}

/** A cts query as text: XML (`<cts:…-query>`) or JSON (`{"ctsquery": …}`), told apart by the first character. */
export function parseCtsText(text: string, how: CtsParseOptions = {}): Query {
  const trimmed = text.trim();
  if (trimmed === '') throw new MalformedQuery('Invalid query: the cts query is empty');
  if (trimmed.startsWith('<')) return parseCtsXml(parseXmlAs(trimmed, 'cts query'), how);
  return parseCtsJson(parseJsonAs(trimmed, 'cts query'), how);
}

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


class CtsParser extends QueryBodyReader {
  constructor(private readonly indexes: readonly RangeIndexRef[]) {
    super();
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
    const detail = `${INVALID}${at}${written} is not supported${named}: ${reason}`;
    throw code ? new DbError(code, detail) : new MalformedQuery(detail);
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
    if (kind === 'true-query' || kind === 'false-query') return this.constant(kind, body, where, 'write {}');
    const b = this.object(body, where);
    switch (kind) {
      case 'and-query': {
        this.allow(b, ['queries', 'options'], where);
        const queries = b.queries === undefined ? [] : this.queries(b.queries, `${where}.queries`);
        const ordered = this.ordering(this.options(b, AND_OPTIONS, where), where);
        return orderedAndOf(queries, ordered);
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
    const weights = [this.optionalNumber(b.weight, `${where}.weight`), this.optionalNumber(b['distance-weight'], `${where}.distance-weight`)].filter((w) => w !== undefined);
    if (new Set(weights).size > 1) this.fail(where, `weight ${weights[0]} and distance-weight ${weights[1]} disagree`);
    const weight = weights[0];
    return nearOf(queries, distance, { minimumDistance, ordered, weight });
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
    const operator = typeof raw === 'string' ? RANGE_OPERATORS[raw.trim()] : undefined;
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
    const weight = this.optionalNumber(b.weight, `${where}.weight`);
    return weight === undefined ? {} : { weight };
  }


  private count(value: unknown, where: string): number | undefined {
    const n = value === undefined ? undefined : typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    if (n !== undefined && (!Number.isInteger(n) || n < 0)) this.fail(where, `expected a whole number of words, found ${describe(value)}`);
    return n;
  }

  // -- shapes --------------------------------------------------------------------------


}

