/**
 * Query By Example (MarkLogic’s REST API reference, /v1/qbe) → the query model: the JSON form
 * `{"$query": {…}, "$format"?, "$validate"?, "$response"?}` and the XML form `<q:qbe>` (or a
 * bare `<q:query>`) in http://marklogic.com/appservices/querybyexample.
 *
 * What the criteria mean (decisions, where MarkLogic’s documentation leaves room):
 * - `"name": scalar` is a value query on the property, and so is `{"$value": scalar}`. Value
 *   queries are exact unless told otherwise: the server's own QBE guide turns exactness off
 *   with `"$exact": false` to match "the memex" against "The memex", and its client tests see
 *   `$exact: true` miss that. Any term-option key (`$exact: false`, `$case-sensitive`, …)
 *   replaces the implied exactness with what it says. Word queries (`$word`) are not exact
 *   by default (`{"$word": "bush"}` finds "Bush" in those tests).
 * - `"name": [a, b]` means every item is there: the example's array is contained in the
 *   document's (an AND of one criterion per item, as repeated elements in an XML QBE are).
 *   Use `$or` for "any of".
 * - `"name": {…}` with property keys is a container query: those criteria inside `name`.
 * - Term-option keys apply to the `$value`/`$word` beside them and to every criterion nested
 *   in the same object; `$weight` to the `$value`, `$word` or comparison beside it.
 * - `$lt`/`$le`/`$gt`/`$ge`/`$eq`/`$ne` are range queries, so they need a range index. The
 *   index type is `$datatype` when given; otherwise the range index configured on that
 *   property or element decides (the server's own client tests compare `{"popularity":
 *   {"$lt": 4}}` against an `int` index and `<popularity><q:lt>4</q:lt></popularity>` too).
 *   Without one, the type follows the value: a JSON number is `double` (a JSON number's
 *   type in MarkLogic), a string `string` in the root collation, a boolean `boolean` — so
 *   the search reports the missing index as the server does.
 * - A JSON QBE searches JSON documents and an XML QBE XML documents unless `$format` /
 *   `<q:format>` says otherwise; with format xml, property names are element names (no
 *   namespace from JSON; the element's own namespace in an XML QBE), with format json,
 *   element names are property names.
 * - `$filtered` is accepted (Tabula's results are always exact); `$score` is handed back for
 *   the ranking; `$response` / `<q:response>` is handed back as given, for the search to
 *   apply or refuse.
 *
 * Errors: as structured.ts, a malformed QBE is a MalformedQuery (a QbeError), which the api
 * reports as REST-INVALIDPARAM when it came in the `query` URL parameter.
 */
import type { Element } from '@xmldom/xmldom';
import { parseJson } from '../../json/parse';
import type { QueryOptions } from '../../options/types';
import { isNcName, XML_NS } from '../../xml/namespaces';
import { indexCovers } from '../constraints';
import type { Query, RangeIndexRef, RangeOperator, RangeType, Scope, TermOptions } from '../query-model';
import { andOf, attributesOf, contentOf, describe, describeElement, isJsonObject, MalformedQuery, orOf, parseXmlAs, rangeTypeOrFail, type JsonObject } from './toolkit';

export const QBE_NS = 'http://marklogic.com/appservices/querybyexample';

/**
 * A QBE that does not parse: a 400 like any malformed query, and, when validation was
 * asked (`$validate: true`, `view=validate`), the entry of the `invalid-query` report,
 * with the QBE-* id of the operator at fault (`QBE-WORDOPERATOR` for a misused `$word`).
 */
export class QbeError extends MalformedQuery {
  constructor(
    detail: string,
    /** The report's id for the problem. */
    readonly qbeCode: string,
    /** The QBE asked to be validated (`$validate: true`): report it instead of failing. */
    readonly validate = false,
    code?: 'RESTAPI-INVALIDCONTENT' | 'REST-INVALIDPARAM',
  ) {
    super(detail, code);
  }

  override reportedAs(code: 'RESTAPI-INVALIDCONTENT' | 'REST-INVALIDPARAM'): QbeError {
    return new QbeError(this.detail, this.qbeCode, this.validate, code);
  }
}

/** Operators by family, for the report's id: the last operator named where the problem is, else in its text. */
const OPERATOR_FAMILIES: Array<[RegExp, string]> = [
  [/\$word\b|q:word\b/, 'QBE-WORDOPERATOR'],
  [/\$value\b|q:value\b|\$exact\b/, 'QBE-VALUEOPERATOR'],
  [/\$(?:lt|le|gt|ge|eq|ne|datatype)\b|q:(?:lt|le|gt|ge|eq|ne)\b/, 'QBE-RANGEOPERATOR'],
  [/\$near\b|\$distance\b|\$ordered\b|q:near\b/, 'QBE-NEAROPERATOR'],
  [/\$(?:and|or|nor|not)\b|q:(?:and|or|not)\b/, 'QBE-COMPOSEROPERATOR'],
];

function qbeCodeOf(where: string, detail: string): string {
  const steps = where.split(/[./]/).reverse();
  for (const text of [...steps, detail]) for (const [pattern, code] of OPERATOR_FAMILIES) if (pattern.test(text)) return code;
  return 'QBE-INVALIDQUERY';
}

const qbeFailure = (where: string, detail: string): QbeError =>
  new QbeError(`Invalid query: ${where ? `${where}: ` : ''}${detail}`, qbeCodeOf(where, detail));

export type QbeFormat = 'json' | 'xml';
export type QbeScore = 'logtfidf' | 'logtf' | 'simple' | 'random' | 'zero';

export interface QbeContext {
  /**
   * The database's range indexes, so a comparison without `$datatype` uses the type the
   * property's index has (see the module comment). Omitted: the type follows the value.
   * A JSON property's index may be given as the element of that name in no namespace, as
   * the index configuration holds it (indexes/config.ts `resolvedRangeIndexes`).
   */
  rangeIndexes?: readonly RangeIndexRef[];
}

export interface ParsedQbe {
  query: Query;
  /** The format of the documents to search. */
  format: QbeFormat;
  /** `$validate: true`: report whether the QBE is valid (MarkLogic’s REST API reference, /v1/qbe). */
  validate?: boolean;
  /** `$score`: the scoring method asked for. */
  score?: QbeScore;
  /** `$response` (JSON) or `<q:response>` (XML), as given. */
  response?: { json: JsonObject } | { xml: Element };
}

/** `{"$query": {…}, "$format"?, "$validate"?, "$response"?}`. QBE names no constraints, so the options are not consulted. */
export function parseQbe(json: unknown, _options: QueryOptions, context: QbeContext = {}): ParsedQbe {
  const fail = (detail: string): never => {
    throw qbeFailure('', detail);
  };
  if (!isJsonObject(json)) return fail('a QBE is a JSON object with $query');
  for (const key of Object.keys(json)) {
    if (!['$query', '$format', '$validate', '$response'].includes(key)) fail(`unknown key ${key} in the QBE (expected $query, $format, $validate, $response)`);
  }
  if (json.$query === undefined) fail('a QBE needs $query');
  const format = json.$format === undefined ? 'json' : json.$format;
  if (format !== 'json' && format !== 'xml') return fail(`$format ${JSON.stringify(format)} is not json or xml`);
  if (json.$validate !== undefined && typeof json.$validate !== 'boolean') fail('$validate must be true or false');
  if (json.$response !== undefined && !isJsonObject(json.$response)) fail('$response must be an object');
  const builder = new Builder(format, context.rangeIndexes ?? []);
  let top: ReturnType<Builder['topFlags']>;
  let query: Query;
  try {
    top = builder.topFlags(json.$query);
    query = new JsonCriteria(builder).criteria(json.$query, {}, '$query', true);
  } catch (e) {
    // Asked to validate: the problem is the answer (a 200 invalid-query report), not a failure.
    if (e instanceof QbeError && json.$validate === true) throw new QbeError(e.detail, e.qbeCode, true);
    throw e;
  }
  return {
    query,
    format,
    ...(json.$validate === undefined ? {} : { validate: json.$validate as boolean }),
    ...top,
    ...(json.$response === undefined ? {} : { response: { json: json.$response as JsonObject } }),
  };
}

/** `<q:qbe>` with `<q:query>`, `<q:format>`?, `<q:response>`?; or a bare `<q:query>`. */
export function parseQbeXml(element: Element, _options: QueryOptions, context: QbeContext = {}): ParsedQbe {
  const fail = (detail: string): never => {
    throw qbeFailure('', detail);
  };
  if (element.namespaceURI !== QBE_NS || (element.localName !== 'qbe' && element.localName !== 'query')) {
    fail(`the root element must be qbe or query in ${QBE_NS}, not ${describeElement(element)}`);
  }
  let query = element;
  let format: QbeFormat = 'xml';
  let response: Element | undefined;
  if (element.localName === 'qbe') {
    const { text, children } = contentOf(element);
    if (text.trim() !== '') fail(`unexpected text in q:qbe: ${JSON.stringify(text.trim())}`);
    const seen = new Set<string>();
    let found: Element | undefined;
    for (const child of children) {
      const name = child.namespaceURI === QBE_NS ? (child.localName ?? '') : '';
      if (!['query', 'format', 'response'].includes(name)) fail(`unexpected ${describeElement(child)} in q:qbe (expected q:query, q:format, q:response)`);
      if (seen.has(name)) fail(`q:${name} appears twice`);
      seen.add(name);
      if (name === 'query') found = child;
      else if (name === 'response') response = child;
      else {
        const f = (child.textContent ?? '').trim();
        if (f !== 'json' && f !== 'xml') fail(`q:format ${JSON.stringify(f)} is not json or xml`);
        format = f as QbeFormat;
      }
    }
    if (!found) return fail('a QBE needs q:query');
    query = found;
  }
  const builder = new Builder(format, context.rangeIndexes ?? []);
  return {
    query: new XmlCriteria(builder).children(query, {}, 'q:query'),
    format,
    ...(response ? { response: { xml: response } } : {}),
  };
}

/** A QBE as text (the `query` parameter of GET /v1/qbe): JSON or XML by its first character unless `format` says. */
export function parseQbeText(text: string, options: QueryOptions, context: QbeContext & { format?: QbeFormat } = {}): ParsedQbe {
  const trimmed = text.trim();
  if (trimmed === '') throw new MalformedQuery('Invalid query: the QBE is empty');
  const syntax = context.format ?? (trimmed.startsWith('<') ? 'xml' : 'json');
  const inner = { rangeIndexes: context.rangeIndexes };
  if (syntax === 'xml') return parseQbeXml(parseXmlAs(trimmed, 'QBE'), options, inner);
  const json = parseJson(trimmed, 'QBE', (reason) => new MalformedQuery(`Invalid query: the QBE is not well-formed JSON: ${reason}`));
  return parseQbe(json, options, inner);
}

// ---------------------------------------------------------------------------------------

/** Term-option keys (JSON `$key`, XML attribute `key`) → the model's term options. */
const TERM_OPTIONS: Record<string, keyof TermOptions> = {
  'case-sensitive': 'caseSensitive',
  'diacritic-sensitive': 'diacriticSensitive',
  'punctuation-sensitive': 'punctuationSensitive',
  'whitespace-sensitive': 'whitespaceSensitive',
  stemmed: 'stemmed',
  wildcarded: 'wildcarded',
  exact: 'exact',
  lang: 'lang',
};

const COMPARISONS: Record<string, RangeOperator> = { lt: 'LT', le: 'LE', gt: 'GT', ge: 'GE', eq: 'EQ', ne: 'NE' };
const COMPOSERS = new Set(['and', 'or', 'nor', 'not', 'near']);
const SCORES = new Set<string>(['logtfidf', 'logtf', 'simple', 'random', 'zero']);
const NUMERIC = new Set<RangeType>(['int', 'long', 'unsignedInt', 'unsignedLong', 'decimal', 'double', 'float']);

type Scalar = string | number | boolean | null;

const isScalar = (v: unknown): v is Scalar => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';


/** What criteria become, shared by the JSON and XML walkers. */
class Builder {
  constructor(
    readonly format: QbeFormat,
    private readonly indexes: readonly RangeIndexRef[],
  ) {}

  fail(where: string, detail: string): never {
    throw qbeFailure(where, detail);
  }

  /** `$filtered` and `$score` at the top of `$query`. */
  topFlags(query: unknown): { score?: QbeScore } {
    if (!isJsonObject(query)) return {};
    if (query.$filtered !== undefined && typeof query.$filtered !== 'boolean') this.fail('$query.$filtered', 'must be true or false');
    const score = query.$score;
    if (score === undefined) return {};
    if (typeof score !== 'string' || !SCORES.has(score)) this.fail('$query.$score', `${JSON.stringify(score)} is not one of ${[...SCORES].join(', ')}`);
    return { score: score as QbeScore };
  }

  /** Where a criterion named `name` looks, in the documents the QBE searches. */
  scope(name: string, ns: string, where: string): Scope {
    if (name === '') this.fail(where, 'a property name is empty');
    if (this.format === 'json') {
      if (ns) this.fail(where, `JSON properties have no namespace (${name} is in ${ns}); use format xml to search XML documents`);
      return { kind: 'json-property', name };
    }
    if (!isNcName(name)) this.fail(where, `${JSON.stringify(name)} cannot be an XML element name; it searches XML documents (format xml)`);
    return { kind: 'element', name, ns };
  }

  value(scope: Scope, value: Scalar, options: TermOptions, weight: number | undefined): Query {
    // XML holds text: a number or boolean compares as its text, null as an empty element.
    const typed = scope.kind === 'json-property' ? value : value === null ? '' : String(value);
    return { kind: 'value', values: [typed], scope, options: valueOptions(options), ...weightOf(weight) };
  }

  word(scope: Scope | undefined, text: string, options: TermOptions, weight: number | undefined): Query {
    return { kind: 'word', text: [text], ...(scope ? { scope } : {}), options: { ...options }, ...weightOf(weight) };
  }

  range(scope: Scope, operator: RangeOperator, value: unknown, datatype: string | undefined, weight: number | undefined, where: string): Query {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      return this.fail(where, 'compares with a string, number or boolean');
    }
    return { kind: 'range', index: this.rangeIndex(scope, value, datatype, where), operator, values: [String(value)], ...weightOf(weight) };
  }

  private rangeIndex(scope: Scope, value: string | number | boolean, datatype: string | undefined, where: string): RangeIndexRef {
    const configured = this.indexes.filter((i) => indexCovers(i.scope, scope));
    // The criterion's own scope is kept: it says whether a JSON property or an XML element is meant.
    const use = (i: RangeIndexRef): RangeIndexRef => ({ scope, type: i.type, ...(i.collation ? { collation: i.collation } : {}) });
    if (datatype !== undefined) {
      const type = rangeTypeOrFail(datatype, `${where} $datatype`);
      const match = configured.find((i) => i.type === type);
      return match ? use(match) : { scope, type };
    }
    const match = configured.find((i) => fits(value, i.type));
    if (match) return use(match);
    return { scope, type: typeof value === 'number' ? 'double' : typeof value === 'boolean' ? 'boolean' : 'string' };
  }

  near(queries: Query[], distance: unknown, ordered: unknown, where: string): Query {
    if (queries.length === 0) this.fail(where, 'needs at least one criterion');
    const d = distance === undefined ? 10 : typeof distance === 'number' ? distance : typeof distance === 'string' && distance.trim() !== '' ? Number(distance) : NaN;
    if (!Number.isInteger(d) || d < 0) this.fail(where, `distance ${JSON.stringify(distance)} is not a whole number of words`);
    const o = ordered === undefined ? undefined : this.boolean(ordered, `${where} ordered`);
    return { kind: 'near', queries, distance: d, ...(o === undefined ? {} : { ordered: o }) };
  }

  boolean(value: unknown, where: string): boolean {
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    return this.fail(where, `expected true or false, found ${JSON.stringify(value)}`);
  }

  weight(value: unknown, where: string): number {
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    if (!Number.isFinite(n)) this.fail(where, `weight ${JSON.stringify(value)} is not a number`);
    return n;
  }

  /** A term option's value: `lang` a language code, the others booleans. */
  termOption(key: string, value: unknown, where: string): Partial<TermOptions> {
    const field = TERM_OPTIONS[key];
    if (field === 'lang') {
      if (typeof value !== 'string' || value.trim() === '') this.fail(where, 'lang must be a language code such as en');
      return { lang: (value as string).trim().toLowerCase() };
    }
    return { [field]: this.boolean(value, where) };
  }
}

/** Value queries are exact unless a term option says otherwise (see the module comment). */
const valueOptions = (options: TermOptions): TermOptions => (Object.keys(options).length === 0 ? { exact: true } : { ...options });

const weightOf = (weight: number | undefined): { weight?: number } => (weight === undefined ? {} : { weight });

const DATE = /^-?\d{4,}-\d{2}-\d{2}(Z|[+-]\d{2}:\d{2})?$/;
const DATE_TIME = /^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const TIME = /^\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

/** Whether a configured index of `type` can hold `value` (an XML QBE's values are all text). */
function fits(value: string | number | boolean, type: RangeType): boolean {
  if (typeof value === 'number') return NUMERIC.has(type);
  if (typeof value === 'boolean') return type === 'boolean';
  if (type === 'string' || type === 'anyURI') return true;
  if (NUMERIC.has(type)) return value.trim() !== '' && Number.isFinite(Number(value));
  if (type === 'boolean') return value === 'true' || value === 'false';
  if (type === 'date') return DATE.test(value);
  if (type === 'dateTime') return DATE_TIME.test(value);
  return TIME.test(value);
}

// ---------------------------------------------------------------------------------------
// JSON

class JsonCriteria {
  constructor(private readonly b: Builder) {}

  /** A criteria object: properties, composers, `$word`; its parts ANDed. */
  criteria(value: unknown, inherited: TermOptions, where: string, top = false): Query {
    if (!isJsonObject(value)) return this.b.fail(where, `expected an object of criteria, found ${describe(value)}`);
    const own = { ...inherited, ...this.termOptions(value, where) };
    const weight = value.$weight === undefined ? undefined : this.b.weight(value.$weight, `${where}.$weight`);
    if (weight !== undefined && value.$word === undefined) this.b.fail(where, '$weight needs $word beside it (or a $value or comparison on a property)');
    const parts: Query[] = [];
    for (const [key, v] of Object.entries(value)) {
      const at = `${where}.${key}`;
      if (!key.startsWith('$')) {
        parts.push(this.property(key, v, own, at));
        continue;
      }
      const op = key.slice(1);
      if (op in TERM_OPTIONS || op === 'weight') continue;
      if (COMPOSERS.has(op)) parts.push(this.composer(op, v, value, own, at));
      else if (op === 'word') parts.push(this.b.word(undefined, this.text(v, at), own, weight));
      else if (op === 'distance' || op === 'ordered') {
        if (value.$near === undefined) this.b.fail(where, `${key} needs $near beside it`);
      } else if (op === 'filtered' || op === 'score') {
        if (!top) this.b.fail(where, `${key} belongs at the top of $query`);
      } else if (op === 'value' || op in COMPARISONS || op === 'datatype') {
        this.b.fail(where, `${key} applies to a property: {"name": {"${key}": …}}`);
      } else this.b.fail(where, `unknown operator ${key}`);
    }
    if (parts.length === 0 && Object.keys(value).some((k) => k.slice(1) in TERM_OPTIONS)) this.b.fail(where, 'term options apply to nothing here');
    return andOf(parts);
  }

  private composer(op: string, v: unknown, siblings: JsonObject, own: TermOptions, where: string): Query {
    if (op === 'not') return { kind: 'not', query: this.criteria(v, own, where) };
    const items = Array.isArray(v) ? v : [v];
    if (items.length === 0) this.b.fail(where, 'needs at least one criterion');
    const queries = items.map((item, i) => this.criteria(item, own, `${where}[${i}]`));
    if (op === 'and') return andOf(queries);
    if (op === 'or') return orOf(queries);
    if (op === 'nor') return { kind: 'not', query: orOf(queries) };
    return this.b.near(queries, siblings.$distance, siblings.$ordered, where);
  }

  /** `"name": …` — a scalar, an array of items, or an object of operators and nested criteria. */
  private property(name: string, value: unknown, inherited: TermOptions, where: string): Query {
    const scope = this.b.scope(name, '', where);
    if (!Array.isArray(value)) return this.item(scope, value, inherited, where);
    if (value.length === 0) this.b.fail(where, 'an empty array matches nothing; give values, or use $or');
    return andOf(
      value.map((item, i) => {
        if (Array.isArray(item)) this.b.fail(`${where}[${i}]`, 'arrays inside arrays cannot be matched');
        return this.item(scope, item, inherited, `${where}[${i}]`);
      }),
    );
  }

  private item(scope: Scope, value: unknown, inherited: TermOptions, where: string): Query {
    if (isScalar(value)) return this.b.value(scope, value, inherited, undefined);
    if (!isJsonObject(value)) return this.b.fail(where, `unexpected ${describe(value)}`);
    const here = this.termOptions(value, where);
    const own = { ...inherited, ...here };
    const weight = value.$weight === undefined ? undefined : this.b.weight(value.$weight, `${where}.$weight`);
    const datatype = value.$datatype;
    if (datatype !== undefined && typeof datatype !== 'string') this.b.fail(`${where}.$datatype`, 'must be a type name such as xs:date');
    const parts: Query[] = [];
    const nested: JsonObject = {};
    let weighed = false;
    let compared = false;
    for (const [key, v] of Object.entries(value)) {
      const op = key.startsWith('$') ? key.slice(1) : undefined;
      const at = `${where}.${key}`;
      if (op === undefined || COMPOSERS.has(op) || op === 'distance' || op === 'ordered') nested[key] = v;
      else if (op in TERM_OPTIONS || op === 'weight' || op === 'datatype') continue;
      else if (op === 'value') {
        if (!isScalar(v)) this.b.fail(at, `expected a string, number, boolean or null, found ${describe(v)}; use $or for several values`);
        parts.push(this.b.value(scope, v as Scalar, own, weight));
        weighed = true;
      } else if (op === 'word') {
        parts.push(this.b.word(scope, this.text(v, at), own, weight));
        weighed = true;
      } else if (op in COMPARISONS) {
        parts.push(this.b.range(scope, COMPARISONS[op], v, datatype as string | undefined, weight, at));
        weighed = compared = true;
      } else if (op === 'filtered' || op === 'score') this.b.fail(where, `${key} belongs at the top of $query`);
      else this.b.fail(where, `unknown operator ${key}`);
    }
    if (weight !== undefined && !weighed) this.b.fail(where, '$weight needs $value, $word or a comparison beside it');
    if (datatype !== undefined && !compared) this.b.fail(where, '$datatype needs a comparison ($lt, $gt, …) beside it');
    if (Object.keys(nested).length > 0) parts.push({ kind: 'container', scope, query: this.criteria(nested, own, where) });
    else if (parts.length === 0) {
      if (Object.keys(here).length > 0) this.b.fail(where, 'term options need $value or $word beside them');
      // `"name": {}`: the property is there, whatever it holds.
      parts.push({ kind: 'container', scope, query: { kind: 'true' } });
    }
    return andOf(parts);
  }

  private termOptions(value: JsonObject, where: string): TermOptions {
    const out: TermOptions = {};
    for (const [key, v] of Object.entries(value)) {
      if (key.startsWith('$') && key.slice(1) in TERM_OPTIONS) Object.assign(out, this.b.termOption(key.slice(1), v, `${where}.${key}`));
    }
    return out;
  }

  private text(v: unknown, where: string): string {
    if (typeof v !== 'string' && typeof v !== 'number') return this.b.fail(where, `expected the words to find, found ${describe(v)}`);
    const text = String(v);
    if (text.trim() === '') this.b.fail(where, 'no words to find');
    return text;
  }
}


// ---------------------------------------------------------------------------------------
// XML

/** Attributes a q:word / q:value / comparison may carry, beside the term options. */
const OPERATOR_ATTRIBUTES = new Set(['weight', 'datatype']);

class XmlCriteria {
  constructor(private readonly b: Builder) {}

  /** The criteria children of `parent` (q:query, q:and, …), ANDed. */
  children(parent: Element, inherited: TermOptions, where: string): Query {
    return andOf(this.criteriaList(parent, where).map((child, i) => this.criterion(child, inherited, `${where}/${child.nodeName}[${i + 1}]`)));
  }

  private criteriaList(parent: Element, where: string): Element[] {
    const { text, children } = contentOf(parent);
    if (text.trim() !== '') this.b.fail(where, `unexpected text ${JSON.stringify(text.trim())}`);
    for (const attr of attributesOf(parent)) this.b.fail(where, `unexpected attribute ${attr.name}`);
    return children;
  }

  private criterion(element: Element, inherited: TermOptions, where: string): Query {
    if (element.namespaceURI !== QBE_NS) return this.property(element, inherited, where);
    const name = element.localName ?? '';
    if (name === 'word') {
      const { options, weight } = this.operatorAttributes(element, inherited, where, false);
      return this.b.word(undefined, this.text(element, where), options, weight);
    }
    if (COMPOSERS.has(name)) return this.composer(element, inherited, where);
    if (name === 'value' || name in COMPARISONS) return this.b.fail(where, `q:${name} applies to an element: <name><q:${name}>…</q:${name}></name>`);
    return this.b.fail(where, `unknown QBE element q:${name}`);
  }

  private composer(element: Element, inherited: TermOptions, where: string): Query {
    const name = element.localName ?? '';
    let distance: string | undefined;
    let ordered: string | undefined;
    for (const attr of attributesOf(element)) {
      if (name === 'near' && !attr.namespaceURI && attr.localName === 'distance') distance = attr.value;
      else if (name === 'near' && !attr.namespaceURI && attr.localName === 'ordered') ordered = attr.value;
      else this.b.fail(where, `unexpected attribute ${attr.name} on q:${name}`);
    }
    const { text, children } = contentOf(element);
    if (text.trim() !== '') this.b.fail(where, `unexpected text ${JSON.stringify(text.trim())}`);
    if (children.length === 0) this.b.fail(where, `q:${name} needs at least one criterion`);
    const queries = children.map((child, i) => this.criterion(child, inherited, `${where}/${child.nodeName}[${i + 1}]`));
    if (name === 'and') return andOf(queries);
    if (name === 'or') return orOf(queries);
    if (name === 'nor') return { kind: 'not', query: orOf(queries) };
    if (name === 'not') return { kind: 'not', query: andOf(queries) };
    return this.b.near(queries, distance, ordered, where);
  }

  /**
   * An element from the documents: its text is a value query, its attributes value queries
   * on those attributes, q:word/q:value/comparisons apply to it, and other elements inside
   * it are criteria within it (a container query).
   */
  private property(element: Element, inherited: TermOptions, where: string): Query {
    const elementName = { name: element.localName ?? element.nodeName, ns: element.namespaceURI ?? '' };
    const scope = this.b.scope(elementName.name, elementName.ns, where);
    const parts: Query[] = [];
    const attributes = attributesOf(element);
    for (const attr of attributes) {
      if (attr.namespaceURI === QBE_NS) this.b.fail(where, `unknown QBE attribute ${attr.name}`);
      if (scope.kind === 'json-property') this.b.fail(where, `attribute ${attr.name}: JSON properties have no attributes`);
      const attribute = { name: attr.localName ?? attr.name, ns: attr.namespaceURI ?? '' };
      parts.push(this.b.value({ kind: 'element-attribute', element: elementName, attribute }, attr.value, inherited, undefined));
    }
    const { text, children } = contentOf(element);
    if (children.length === 0) {
      // An element with only attributes constrains them, not its own (empty) value.
      if (!(attributes.length > 0 && text === '')) parts.push(this.b.value(scope, text, inherited, undefined));
      return andOf(parts);
    }
    if (text.trim() !== '') this.b.fail(where, 'mixes text and elements; put the text in q:value or q:word');
    const nested: Element[] = [];
    for (const [i, child] of children.entries()) {
      const at = `${where}/${child.nodeName}[${i + 1}]`;
      const name = child.namespaceURI === QBE_NS ? (child.localName ?? '') : undefined;
      if (name === undefined || COMPOSERS.has(name)) nested.push(child);
      else if (name === 'value') {
        const { options, weight } = this.operatorAttributes(child, inherited, at, false);
        if (contentOf(child).children.length > 0) this.b.fail(at, 'q:value holds text');
        parts.push(this.b.value(scope, child.textContent ?? '', options, weight));
      } else if (name === 'word') {
        const { options, weight } = this.operatorAttributes(child, inherited, at, false);
        parts.push(this.b.word(scope, this.text(child, at), options, weight));
      } else if (name in COMPARISONS) {
        const { weight, datatype } = this.operatorAttributes(child, inherited, at, true);
        if (contentOf(child).children.length > 0) this.b.fail(at, `q:${name} holds a value`);
        parts.push(this.b.range(scope, COMPARISONS[name], child.textContent ?? '', datatype, weight, at));
      } else this.b.fail(at, `unknown QBE element q:${name}`);
    }
    if (nested.length > 0) {
      const inner = andOf(nested.map((child, i) => this.criterion(child, inherited, `${where}/${child.nodeName}[${i + 1}]`)));
      parts.push({ kind: 'container', scope, query: inner });
    }
    return andOf(parts);
  }

  /** Term options, weight and datatype from an operator element's attributes. */
  private operatorAttributes(element: Element, inherited: TermOptions, where: string, comparison: boolean) {
    const options: TermOptions = { ...inherited };
    let weight: number | undefined;
    let datatype: string | undefined;
    for (const attr of attributesOf(element)) {
      const name = attr.localName ?? attr.name;
      if (attr.namespaceURI === XML_NS && name === 'lang') Object.assign(options, this.b.termOption('lang', attr.value, where));
      else if (attr.namespaceURI || (!(name in TERM_OPTIONS) && !OPERATOR_ATTRIBUTES.has(name)) || (comparison && name in TERM_OPTIONS) || (!comparison && name === 'datatype')) {
        this.b.fail(where, `unexpected attribute ${attr.name} on ${element.nodeName}`);
      } else if (name === 'weight') weight = this.b.weight(attr.value, where);
      else if (name === 'datatype') datatype = attr.value;
      else Object.assign(options, this.b.termOption(name, attr.value, where));
    }
    return { options, weight, datatype };
  }

  private text(element: Element, where: string): string {
    if (contentOf(element).children.length > 0) this.b.fail(where, `${element.nodeName} holds the words to find`);
    const text = element.textContent ?? '';
    if (text.trim() === '') this.b.fail(where, 'no words to find');
    return text;
  }
}
