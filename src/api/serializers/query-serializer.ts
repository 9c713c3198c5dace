/**
 * The query model written back as a MarkLogic structured query (MarkLogic’s Search Developer’s Guide, structured queries), in
 * JSON and in XML (namespace http://marklogic.com/appservices/search). This is what
 * `return-query` reports and what `/v1/qbe?view=structured` answers, so the output
 * must be a structured query the server — and Tabula's own parser — accepts again:
 * constraint references are already resolved in the model, so only the plain kinds
 * (term, word, value, range, container, …) ever appear.
 *
 * Where the JSON and XML forms differ the XML follows search.xsd: `type` and
 * `collation` are attributes of range and value queries, index names are empty
 * `element`/`attribute` elements with `name`/`ns`, and arrays become repeated elements.
 */
import type { Query, Scope, TermOptions } from '../../db/search';
import { escapeAttr, escapeText } from './markup';
import { SEARCH_NS } from '../../db/xml';

export type StructuredJson = { [key: string]: unknown };

export interface QueryJsonOptions {
  /**
   * `true` (the default): `{"query": {"queries": [...]}}`, a structured query a client
   * can send back; `false`: the single query object, e.g. `{"term-query": {...}}`.
   */
  wrapper?: boolean;
}

// --- shared shape decisions -------------------------------------------------------------

/** cts term options in a stable order; an option left undefined is the default and is not written. */
export function termOptionList(o: TermOptions): string[] {
  const out: string[] = [];
  if (o.exact) out.push('exact');
  const pair = (value: boolean | undefined, yes: string, no: string) => {
    if (value !== undefined) out.push(value ? yes : no);
  };
  pair(o.caseSensitive, 'case-sensitive', 'case-insensitive');
  pair(o.diacriticSensitive, 'diacritic-sensitive', 'diacritic-insensitive');
  pair(o.punctuationSensitive, 'punctuation-sensitive', 'punctuation-insensitive');
  pair(o.whitespaceSensitive, 'whitespace-sensitive', 'whitespace-insensitive');
  pair(o.stemmed, 'stemmed', 'unstemmed');
  pair(o.wildcarded, 'wildcarded', 'unwildcarded');
  if (o.lang) out.push(`lang=${o.lang}`);
  return out;
}

type ValueQuery = Extract<Query, { kind: 'value' }>;
type JsonValueType = 'string' | 'number' | 'boolean' | 'null';

const jsonTypeOf = (v: string | number | boolean | null): JsonValueType => (v === null ? 'null' : (typeof v as JsonValueType));

/**
 * A structured value query has one `type` for all its texts, the model one type per
 * value: values of several types become an or-query of one value query per type
 * (the model ORs the values anyway, so nothing changes).
 */
function valueGroups(q: ValueQuery): Array<{ type: JsonValueType; values: ValueQuery['values'] }> {
  const groups = new Map<JsonValueType, ValueQuery['values']>();
  for (const v of q.values) {
    const type = jsonTypeOf(v);
    groups.set(type, [...(groups.get(type) ?? []), v]);
  }
  if (groups.size === 0) groups.set('string', []);
  return [...groups].map(([type, values]) => ({ type, values }));
}

/**
 * JSON property values are typed, so their queries say which type they match; XML
 * values are text, so a string query on an element needs no type.
 */
const writesType = (scope: Scope, type: JsonValueType) => scope.kind === 'json-property' || type !== 'string';

/** The top-level list of a structured query is ANDed: an unordered and-query unfolds into it. */
function topLevel(q: Query): Query[] {
  return q.kind === 'and' && !q.ordered && q.queries.length > 0 ? q.queries : [q];
}

// --- JSON -----------------------------------------------------------------------------

function scopeJson(scope: Scope): StructuredJson {
  switch (scope.kind) {
    case 'json-property':
      return { 'json-property': scope.name };
    case 'element':
      return { element: { name: scope.name, ns: scope.ns } };
    case 'element-attribute':
      return { element: { name: scope.element.name, ns: scope.element.ns }, attribute: { name: scope.attribute.name, ns: scope.attribute.ns } };
  }
}

function optionsAndWeightJson(options: TermOptions, weight: number | undefined): StructuredJson {
  const list = termOptionList(options);
  return { ...(list.length ? { 'term-option': list } : {}), ...(weight === undefined ? {} : { weight }) };
}

function valueQueryJson(q: ValueQuery, type: JsonValueType, values: ValueQuery['values']): StructuredJson {
  return {
    'value-query': {
      ...scopeJson(q.scope),
      ...(writesType(q.scope, type) ? { type } : {}),
      // A null query has no text of its own; [null] keeps `text` present for readers that require it.
      text: type === 'null' ? [null] : values,
      ...optionsAndWeightJson(q.options, q.weight),
    },
  };
}

function toJson(q: Query): StructuredJson {
  switch (q.kind) {
    case 'true':
      return { 'true-query': null };
    case 'false':
      return { 'false-query': null };
    case 'and':
      return { 'and-query': { queries: q.queries.map(toJson), ...(q.ordered === undefined ? {} : { ordered: q.ordered }) } };
    case 'or':
      return { 'or-query': { queries: q.queries.map(toJson) } };
    case 'not':
      return { 'not-query': toJson(q.query) };
    case 'and-not':
      return { 'and-not-query': { 'positive-query': toJson(q.positive), 'negative-query': toJson(q.negative) } };
    case 'not-in':
      return { 'not-in-query': { 'positive-query': toJson(q.positive), 'negative-query': toJson(q.negative) } };
    case 'boost':
      return { 'boost-query': { 'matching-query': toJson(q.matching), 'boosting-query': toJson(q.boosting) } };
    case 'near':
      return {
        'near-query': {
          queries: q.queries.map(toJson),
          distance: q.distance,
          ...(q.minimumDistance === undefined ? {} : { 'minimum-distance': q.minimumDistance }),
          // cts:near-query's weight is its distance weight.
          ...(q.weight === undefined ? {} : { 'distance-weight': q.weight }),
          ...(q.ordered === undefined ? {} : { ordered: q.ordered }),
        },
      };
    case 'word':
      if (!q.scope) return { 'term-query': { text: q.text, ...optionsAndWeightJson(q.options, q.weight) } };
      return { 'word-query': { ...scopeJson(q.scope), text: q.text, ...optionsAndWeightJson(q.options, q.weight) } };
    case 'value': {
      const groups = valueGroups(q);
      if (groups.length === 1) return valueQueryJson(q, groups[0].type, groups[0].values);
      return { 'or-query': { queries: groups.map((g) => valueQueryJson(q, g.type, g.values)) } };
    }
    case 'range':
      return {
        'range-query': {
          ...scopeJson(q.index.scope),
          type: `xs:${q.index.type}`,
          ...(q.index.collation ? { collation: q.index.collation } : {}),
          value: q.values,
          'range-operator': q.operator,
          ...(q.weight === undefined ? {} : { weight: q.weight }),
        },
      };
    case 'collection':
      return { 'collection-query': { uri: q.uris } };
    case 'directory':
      return { 'directory-query': { uri: q.uris, infinite: q.infinite } };
    case 'document':
      return { 'document-query': { uri: q.uris } };
    case 'container':
      // The inner query is a sibling key of the scope (MarkLogic’s Search Developer’s Guide, structured queries).
      return { 'container-query': { ...scopeJson(q.scope), ...toJson(q.query) } };
    case 'properties':
      return { 'properties-fragment-query': toJson(q.query) };
  }
}

/** The structured-query JSON of `q` (MarkLogic’s Search Developer’s Guide, structured queries). */
export function queryToJson(q: Query, opts: QueryJsonOptions = {}): StructuredJson {
  if (opts.wrapper === false) return toJson(q);
  return { query: { queries: topLevel(q).map(toJson) } };
}

/** `/v1/qbe?view=structured` in JSON: the query as a combined query (MarkLogic’s REST API reference, /v1/qbe). */
export function combinedQueryJson(q: Query): StructuredJson {
  return { search: queryToJson(q) };
}

// --- XML ------------------------------------------------------------------------------

// A character XML cannot carry is refused (406), not altered: the client can ask for JSON.
const FORMAT = 'Structured query XML';
const xText = (s: string) => escapeText(s, 'reject', FORMAT);
const xAttr = (s: string) => escapeAttr(s, 'reject', FORMAT);

const el = (name: string, content: string, attrs = '') => (content === '' ? `<search:${name}${attrs}/>` : `<search:${name}${attrs}>${content}</search:${name}>`);
const textEl = (name: string, value: string | number | boolean) => `<search:${name}>${xText(String(value))}</search:${name}>`;
const textEls = (name: string, values: ReadonlyArray<string | number | boolean>) => values.map((v) => textEl(name, v)).join('');
const attr = (name: string, value: string) => ` ${name}="${xAttr(value)}"`;

function scopeXml(scope: Scope): string {
  const qname = (name: string, n: { name: string; ns: string }) => `<search:${name}${attr('name', n.name)}${attr('ns', n.ns)}/>`;
  switch (scope.kind) {
    case 'json-property':
      return textEl('json-property', scope.name);
    case 'element':
      return qname('element', scope);
    case 'element-attribute':
      return qname('element', scope.element) + qname('attribute', scope.attribute);
  }
}

const optionsAndWeightXml = (options: TermOptions, weight: number | undefined) =>
  textEls('term-option', termOptionList(options)) + (weight === undefined ? '' : textEl('weight', weight));

function valueQueryXml(q: ValueQuery, type: JsonValueType, values: ValueQuery['values']): string {
  const texts = type === 'null' ? el('text', '') : values.map((v) => textEl('text', v as string | number | boolean)).join('');
  return el('value-query', scopeXml(q.scope) + texts + optionsAndWeightXml(q.options, q.weight), writesType(q.scope, type) ? attr('type', type) : '');
}

function toXml(q: Query): string {
  switch (q.kind) {
    case 'true':
      return el('true-query', '');
    case 'false':
      return el('false-query', '');
    case 'and':
      return el('and-query', q.queries.map(toXml).join('') + (q.ordered === undefined ? '' : textEl('ordered', q.ordered)));
    case 'or':
      return el('or-query', q.queries.map(toXml).join(''));
    case 'not':
      return el('not-query', toXml(q.query));
    case 'and-not':
    case 'not-in':
      return el(`${q.kind}-query`, el('positive-query', toXml(q.positive)) + el('negative-query', toXml(q.negative)));
    case 'boost':
      return el('boost-query', el('matching-query', toXml(q.matching)) + el('boosting-query', toXml(q.boosting)));
    case 'near':
      // search.xsd order: queries, ordered, distance, distance-weight.
      return el(
        'near-query',
        q.queries.map(toXml).join('') +
          (q.ordered === undefined ? '' : textEl('ordered', q.ordered)) +
          textEl('distance', q.distance) +
          (q.minimumDistance === undefined ? '' : textEl('minimum-distance', q.minimumDistance)) +
          (q.weight === undefined ? '' : textEl('distance-weight', q.weight)),
      );
    case 'word':
      if (!q.scope) return el('term-query', textEls('text', q.text) + optionsAndWeightXml(q.options, q.weight));
      return el('word-query', scopeXml(q.scope) + textEls('text', q.text) + optionsAndWeightXml(q.options, q.weight));
    case 'value': {
      const groups = valueGroups(q);
      if (groups.length === 1) return valueQueryXml(q, groups[0].type, groups[0].values);
      return el('or-query', groups.map((g) => valueQueryXml(q, g.type, g.values)).join(''));
    }
    case 'range': {
      const attrs = attr('type', `xs:${q.index.type}`) + (q.index.collation ? attr('collation', q.index.collation) : '');
      const body = scopeXml(q.index.scope) + textEls('value', q.values) + textEl('range-operator', q.operator) + (q.weight === undefined ? '' : textEl('weight', q.weight));
      return el('range-query', body, attrs);
    }
    case 'collection':
      return el('collection-query', textEls('uri', q.uris));
    case 'directory':
      return el('directory-query', textEls('uri', q.uris) + textEl('infinite', q.infinite));
    case 'document':
      return el('document-query', textEls('uri', q.uris));
    case 'container':
      return el('container-query', scopeXml(q.scope) + toXml(q.query));
    case 'properties':
      return el('properties-fragment-query', toXml(q.query));
  }
}

/**
 * The children of `<search:query>` for `q`, with the `search` prefix left for the
 * enclosing element to declare (the search response embeds it this way).
 */
export function queryXmlContent(q: Query): string {
  return topLevel(q).map(toXml).join('');
}

/** The structured-query XML of `q`: `<search:query xmlns:search="…">…</search:query>`, or (wrapper false) the one query element. */
export function queryToXml(q: Query, opts: QueryJsonOptions = {}): string {
  const declared = ` xmlns:search="${SEARCH_NS}"`;
  if (opts.wrapper === false) return toXml(q).replace(/^<search:[a-z-]+/, (start) => start + declared);
  return `<search:query${declared}>${queryXmlContent(q)}</search:query>`;
}

/** `/v1/qbe?view=structured` in XML: `<search:search><search:query>…</search:query></search:search>` (MarkLogic’s REST API reference, /v1/qbe). */
export function combinedQueryXml(q: Query): string {
  return `<search:search xmlns:search="${SEARCH_NS}"><search:query>${queryXmlContent(q)}</search:query></search:search>`;
}
