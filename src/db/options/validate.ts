/**
 * Query options validation, run before a set is stored while the instance property
 * `validate-options` is true (the default). Every problem is reported, each as a
 * sentence, in one 400 RESTAPI-INVALIDCONTENT worded as the server words it:
 * `Operation results in invalid Options: Operator or constraint name "x" is used more
 * than once (must be unique).` (MarkLogic’s REST Application Developer’s Guide, query options).
 *
 * Every option key MarkLogic knows is accepted, including those Tabula does not act on
 * (`forest`, `concurrency-level`, geospatial constraints…), so sets written for a real
 * server install unchanged; what is checked is what would otherwise fail later, at search
 * time, or silently do something else: unknown keys, names, constraint kinds and their
 * index specs, range types and bucket bounds, lexicon, term and search option words,
 * numbers, sort orders, snippet settings, embedded queries and the grammar.
 *
 * Input is whatever the client sent, so nothing here trusts a shape before checking it.
 *
 * @example
 * validateOptions({ constraint: [{ name: 'a', range: { 'json-property': 'a' } }] });
 * // throws: … Range constraint "a" needs a type.
 */
import { DbError } from '../errors';
import { parseXml } from '../xml/parse';
import { CTS_NS, isNcName, SEARCH_NS } from '../xml/namespaces';
import { isObject } from '../util/objects';
import { queryTextTokens } from '../search/grammar';
import { isRangeType, RANGE_TYPES } from '../search/query-model';
import { SEARCH_OPTION_GROUPS, searchOptionGroup } from './merge';
import type { QueryOptions, TuplesDef } from './types';

/** Every top-level option of the search options schema (search.xsd `OptionsType`). */
export const KNOWN_OPTIONS: ReadonlySet<string> = new Set([
  'additional-query', 'annotation', 'concurrency-level', 'constraint', 'debug', 'default-suggestion-source',
  'extract-document-data', 'extract-metadata', 'forest', 'fragment-scope', 'grammar', 'operator', 'page-length',
  'quality-weight', 'result-decorator', 'return-aggregates', 'return-constraints', 'return-facets',
  'return-frequencies', 'return-metrics', 'return-plan', 'return-qtext', 'return-query', 'return-results',
  'return-similar', 'return-values', 'search-option', 'searchable-expression', 'sort-order', 'suggestion-source',
  'term', 'transform-results', 'tuples', 'values',
]);

/** What an operator state may set (search.xsd `state`). */
const STATE_OPTIONS = new Set([
  'name', 'additional-query', 'annotation', 'debug', 'forest', 'page-length', 'quality-weight', 'search-option',
  'searchable-expression', 'sort-order', 'transform-results',
]);

const GEO_KINDS = ['geo-elem', 'geo-elem-pair', 'geo-attr-pair', 'geo-path', 'geo-json-property', 'geo-json-property-pair', 'geo-region-path'];
const CONSTRAINT_KINDS = ['collection', 'value', 'word', 'range', 'container', 'element-query', 'properties', 'custom', ...GEO_KINDS];
/** The lexicons a `values` entry (or a `tuples` index) may name. */
export const VALUES_SOURCES: readonly string[] = ['range', 'collection', 'uri', 'field', ...GEO_KINDS];

const COLLATION_PREFIX = 'http://marklogic.com/collation/';

const BOOLEAN_OPTIONS = [
  'debug', 'return-aggregates', 'return-constraints', 'return-facets', 'return-frequencies', 'return-metrics',
  'return-plan', 'return-qtext', 'return-query', 'return-results', 'return-similar', 'return-values',
];

/** cts lexicon options (facet-option, values-option, suggestion-option); `name=` ones take a value. */
const LEXICON_OPTIONS = new Set([
  'ascending', 'descending', 'frequency-order', 'item-order', 'fragment-frequency', 'item-frequency', 'empties',
  'any', 'document', 'properties', 'locks', 'checked', 'unchecked', 'concurrent', 'eager', 'lazy', 'map',
  'score-logtfidf', 'score-logtf', 'score-simple', 'score-random', 'score-zero',
]);
const LEXICON_COUNTS = new Set(['limit', 'skip', 'sample', 'truncate']);
const LEXICON_SETTINGS = new Set(['timezone', 'type', 'collation']);

/** cts term options (word, value and term queries). */
const TERM_OPTIONS = new Set([
  'case-sensitive', 'case-insensitive', 'diacritic-sensitive', 'diacritic-insensitive', 'punctuation-sensitive',
  'punctuation-insensitive', 'whitespace-sensitive', 'whitespace-insensitive', 'stemmed', 'unstemmed', 'wildcarded',
  'unwildcarded', 'exact', 'synonym',
]);
const TERM_SETTINGS = new Set(['lang', 'min-occurs', 'max-occurs', 'distance-weight', 'lexicon-expand']);
const RANGE_OPTIONS = new Set(['synonym', 'cached', 'uncached']);
const RANGE_SETTINGS = new Set(['min-occurs', 'max-occurs', 'score-function', 'slope-factor', 'collation']);
const SEARCH_SETTINGS = new Set(['sample', 'truncate', 'bm25-length-weight']);
const SEARCH_OPTIONS = new Set([...Object.values(SEARCH_OPTION_GROUPS).flat(), 'relevance-trace', 'too-many-positions-error']);

/** Pairs of which at most one may be given. */
const CONFLICTS: ReadonlyArray<readonly [string, string]> = [
  ['ascending', 'descending'], ['frequency-order', 'item-order'], ['fragment-frequency', 'item-frequency'],
  ['case-sensitive', 'case-insensitive'], ['diacritic-sensitive', 'diacritic-insensitive'],
  ['punctuation-sensitive', 'punctuation-insensitive'], ['whitespace-sensitive', 'whitespace-insensitive'],
  ['stemmed', 'unstemmed'], ['wildcarded', 'unwildcarded'],
];

const AGGREGATES = new Set([
  'avg', 'count', 'correlation', 'covariance', 'covariance-population', 'max', 'median', 'min', 'stddev',
  'stddev-population', 'sum', 'variance', 'variance-population',
]);
const SNIPPETS = ['snippet', 'raw', 'empty-snippet', 'metadata-snippet'];
const ANCHORS = new Set(['now', 'start-of-day', 'start-of-month', 'start-of-year']);

type Json = Record<string, unknown>;
const show = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v) ?? String(v));
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/** The lexicons a tuples entry lists as keys of its own (`"range": [{…}, {…}]`), one `{kind: def}` each. */
const lexiconsAsKeys = (t: Record<string, unknown>): Array<Record<string, unknown>> => VALUES_SOURCES.flatMap((s) => list(t[s]).map((def) => ({ [s]: def })));

/**
 * The lexicons of a tuples entry in order: those under `indexes` (the official client's form),
 * then those written as keys of their own (MarkLogic's Search Developer's Guide form), both
 * `{kind: def}`. Normalised options have only the first (options/convert.ts).
 */
export function tupleLexicons(t: TuplesDef): Array<Record<string, unknown>> {
  return [...((Array.isArray(t.indexes) ? t.indexes : []) as Array<Record<string, unknown>>), ...lexiconsAsKeys(t as unknown as Record<string, unknown>)];
}

/** Whether `o` is a cts lexicon option word the validator knows (`values-option`, `facet-option`, …). */
export function isLexiconOption(o: string): boolean {
  const eq = o.indexOf('=');
  if (eq < 0) return LEXICON_OPTIONS.has(o);
  const name = o.slice(0, eq);
  return (LEXICON_SETTINGS.has(name) && eq < o.length - 1) || (LEXICON_COUNTS.has(name) && /^\d+$/.test(o.slice(eq + 1)) && Number(o.slice(eq + 1)) >= 1);
}

/** Every problem with `options`, each a sentence; empty when the set is valid. */
export function optionsProblems(options: unknown): string[] {
  return new Checker().options(options);
}

/** 400 RESTAPI-INVALIDCONTENT naming every problem, or nothing. */
export function validateOptions(options: QueryOptions): void {
  const problems = optionsProblems(options);
  if (problems.length > 0) throw new DbError('RESTAPI-INVALIDCONTENT', `Operation results in invalid Options: ${problems.join(' ')}`);
}

class Checker {
  private readonly problems: string[] = [];
  private constraintNames = new Set<string>();

  private report(problem: string): void {
    this.problems.push(problem.endsWith('.') ? problem : `${problem}.`);
  }

  options(options: unknown): string[] {
    if (!isObject(options)) {
      this.report(`Options must be an object, not ${show(options)}`);
      return this.problems;
    }
    for (const key of Object.keys(options)) if (!KNOWN_OPTIONS.has(key)) this.report(`Unknown option ${show(key)}`);
    this.constraints(options.constraint, options.operator);
    this.settings(options, 'options');
    this.term(options.term);
    this.grammar(options.grammar);
    this.lexicons(options.values, options.tuples);
    this.suggestions(options['suggestion-source'], options['default-suggestion-source']);
    this.extract(options['extract-document-data'], options['extract-metadata']);
    this.operators(options.operator);
    if (options['fragment-scope'] !== undefined) this.fragmentScope(options['fragment-scope'], 'fragment-scope');
    if (options['concurrency-level'] !== undefined) this.integer(options['concurrency-level'], 'concurrency-level', 1);
    if (options['searchable-expression'] !== undefined) this.path(options['searchable-expression'], 'searchable-expression');
    return this.problems;
  }

  /** The keys a set and an operator state share. */
  private settings(o: Json, where: string): void {
    const at = where === 'options' ? '' : `${where}: `;
    for (const name of BOOLEAN_OPTIONS) {
      if (o[name] !== undefined && typeof o[name] !== 'boolean') this.report(`${at}${name} must be true or false, not ${show(o[name])}`);
    }
    if (o['page-length'] !== undefined) this.integer(o['page-length'], `${at}page-length`, 0);
    if (o['quality-weight'] !== undefined && (typeof o['quality-weight'] !== 'number' || !Number.isFinite(o['quality-weight']))) {
      this.report(`${at}quality-weight must be a number, not ${show(o['quality-weight'])}`);
    }
    for (const forest of list(o.forest)) {
      if (!(typeof forest === 'number' && Number.isInteger(forest) && forest >= 0) && !(typeof forest === 'string' && /^\d+$/.test(forest))) {
        this.report(`${at}forest must be a forest id, not ${show(forest)}`);
      }
    }
    this.searchOptions(o['search-option'], at);
    this.additionalQueries(o['additional-query'], at);
    this.sortOrders(o['sort-order'], at);
    this.transformResults(o['transform-results'], at);
  }

  private integer(v: unknown, what: string, min: number): void {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min) {
      this.report(`${what} must be ${min === 0 ? 'a non-negative' : 'a positive'} integer, not ${show(v)}`);
    }
  }

  private array(v: unknown, what: string): unknown[] {
    if (v === undefined) return [];
    if (!Array.isArray(v)) {
      this.report(`${what} must be an array`);
      return [];
    }
    return v;
  }

  private keys(o: Json, allowed: readonly string[], what: string): void {
    for (const key of Object.keys(o)) if (!allowed.includes(key)) this.report(`${what} has an unknown key ${show(key)}`);
  }

  // ---- constraints ------------------------------------------------------------------

  private constraints(constraints: unknown, operators: unknown): void {
    const seen = new Set<string>();
    const names = [
      ...this.array(constraints, 'constraint').map((c) => (isObject(c) ? c.name : undefined)),
      ...(Array.isArray(operators) ? operators.map((o) => (isObject(o) ? o.name : undefined)) : []),
    ];
    for (const name of names) {
      if (typeof name !== 'string') continue;
      if (seen.has(name)) this.report(`Operator or constraint name ${show(name)} is used more than once (must be unique).`);
      seen.add(name);
    }
    this.constraintNames = new Set(this.array(constraints, 'constraint').flatMap((c) => (isObject(c) && typeof c.name === 'string' ? [c.name] : [])));
    for (const [i, c] of this.array(constraints, 'constraint').entries()) this.constraint(c, i);
  }

  private constraint(c: unknown, i: number): void {
    if (!isObject(c)) return this.report(`Constraint ${i + 1} must be an object, not ${show(c)}`);
    if (typeof c.name !== 'string' || c.name.trim() === '') return this.report(`Constraint ${i + 1} needs a name`);
    if (/\s/.test(c.name)) this.report(`Constraint name ${show(c.name)} must not contain spaces (a string query could not name it)`);
    const what = `Constraint ${show(c.name)}`;
    const kinds = CONSTRAINT_KINDS.filter((k) => k in c);
    this.keys(c, ['name', 'annotation', ...CONSTRAINT_KINDS], what);
    if (kinds.length === 0) return this.report(`${what} has no kind (one of ${CONSTRAINT_KINDS.join(', ')})`);
    if (kinds.length > 1) return this.report(`${what} has more than one kind: ${kinds.join(', ')}`);
    const kind = kinds[0];
    const def = c[kind];
    switch (kind) {
      case 'collection':
        if (def === null) return;
        if (!isObject(def)) return this.report(`${what}: collection must be an object such as {"prefix": "…"}`);
        this.keys(def, ['prefix', 'facet', 'facet-option'], `${what} collection`);
        if (def.prefix !== undefined && typeof def.prefix !== 'string') this.report(`${what}: collection prefix must be a string`);
        this.facet(def, `${what}`);
        return;
      case 'value':
      case 'word': {
        if (!isObject(def)) return this.report(`${what}: ${kind} must be an object naming json-property, element or field`);
        const extra = kind === 'value' ? ['type'] : ['collation'];
        this.keys(def, ['json-property', 'element', 'attribute', 'field', 'fragment-scope', 'term-option', 'weight', ...extra], `${what} ${kind}`);
        this.index(def, `${what}`, ['json-property', 'element', 'field']);
        this.termOptions(def['term-option'], what);
        if (def.weight !== undefined && (typeof def.weight !== 'number' || !Number.isFinite(def.weight))) this.report(`${what}: weight must be a number`);
        if (kind === 'value' && def.type !== undefined && !['string', 'number', 'boolean', 'null'].includes(def.type as string)) {
          this.report(`${what}: value type must be string, number, boolean or null, not ${show(def.type)}`);
        }
        if (def['fragment-scope'] !== undefined) this.fragmentScope(def['fragment-scope'], `${what} fragment-scope`);
        return;
      }
      case 'range':
        return this.range(def, what, true);
      case 'container':
        if (!isObject(def)) return this.report(`${what}: container must be an object naming json-property or element`);
        this.keys(def, ['json-property', 'element', 'fragment-scope'], `${what} container`);
        this.index(def, what, ['json-property', 'element']);
        if (def['fragment-scope'] !== undefined) this.fragmentScope(def['fragment-scope'], `${what} fragment-scope`);
        return;
      case 'element-query':
        if (!isObject(def) || typeof def.name !== 'string' || !isNcName(def.name)) return this.report(`${what}: element-query needs an element name`);
        this.keys(def, ['name', 'ns', 'fragment-scope'], `${what} element-query`);
        if (def.ns !== undefined && typeof def.ns !== 'string') this.report(`${what}: element-query ns must be a string`);
        return;
      case 'properties':
        if (def === null || typeof def === 'string') return;
        if (!isObject(def) || (def.name !== undefined && typeof def.name !== 'string')) this.report(`${what}: properties is null or a property name`);
        return;
      case 'custom':
        if (!isObject(def)) this.report(`${what}: custom must be an object`);
        return;
      default:
        // Geospatial constraints are accepted as written; Tabula has no geospatial index.
        if (!isObject(def)) this.report(`${what}: ${kind} must be an object`);
    }
  }

  /** One index spec among `allowed` (`attribute` goes with `element`). */
  private index(def: Json, what: string, allowed: readonly string[]): void {
    const given = allowed.filter((k) => def[k] !== undefined);
    if (given.length === 0) return this.report(`${what} needs ${allowed.slice(0, -1).join(', ')}${allowed.length > 2 ? ',' : ''} or ${allowed.at(-1)}`);
    if (given.length > 1) this.report(`${what} names more than one of ${given.join(', ')}`);
    if (def['json-property'] !== undefined && (typeof def['json-property'] !== 'string' || def['json-property'] === '')) {
      this.report(`${what}: json-property must be a property name, not ${show(def['json-property'])}`);
    }
    if (def.element !== undefined) this.qname(def.element, `${what}: element`);
    if (def.attribute !== undefined) {
      if (def.element === undefined) this.report(`${what}: attribute needs the element that carries it`);
      this.qname(def.attribute, `${what}: attribute`);
    }
    if (def.field !== undefined && !(isObject(def.field) && typeof def.field.name === 'string' && def.field.name !== '')) {
      this.report(`${what}: field needs a name`);
    }
    if (def['path-index'] !== undefined) this.path(def['path-index'], `${what}: path-index`);
  }

  private qname(v: unknown, what: string): void {
    if (!isObject(v) || typeof v.name !== 'string' || !isNcName(v.name)) return this.report(`${what} needs a name (an XML local name), not ${show(v)}`);
    if (v.ns !== undefined && typeof v.ns !== 'string') this.report(`${what} ns must be a namespace URI`);
  }

  private path(v: unknown, what: string): void {
    if (!isObject(v) || typeof v.text !== 'string' || v.text.trim() === '') this.report(`${what} needs an XPath as "text"`);
  }

  private fragmentScope(v: unknown, what: string): void {
    if (v !== 'documents' && v !== 'properties') this.report(`${what} must be documents or properties, not ${show(v)}`);
  }

  /** A range constraint (`facets`: it may facet and have buckets) or a values/tuples range. */
  private range(def: unknown, what: string, facets: boolean): void {
    if (!isObject(def)) return this.report(`${what}: range must be an object with a type and an index`);
    // A values or tuples range may say `facet` too: the official client's valuesBuilder always sends `"facet": false`.
    const facetKeys = facets ? ['facet', 'facet-option', 'bucket', 'computed-bucket', 'anchor'] : ['facet'];
    this.keys(def, ['type', 'collation', 'nullable', 'json-property', 'element', 'attribute', 'field', 'path-index', 'fragment-scope', 'range-option', ...facetKeys], `${what} range`);
    // A range may leave its type to the range index it names (src/db/search/range-types.ts): the
    // official client sends none for `q.range('name', …)` nor for `valuesBuilder.fromIndexes('name')`.
    const type = def.type === undefined ? undefined : this.rangeType(def.type, def.collation, `${what}`);
    if (type === undefined && def.type === undefined && def.collation !== undefined && (typeof def.collation !== 'string' || !def.collation.startsWith(COLLATION_PREFIX))) {
      this.report(`${what}: collation ${show(def.collation)} is not a collation URI (${COLLATION_PREFIX}…)`);
    }
    this.index(def, what, ['json-property', 'element', 'field', 'path-index']);
    for (const o of this.array(def['range-option'], `${what} range-option`)) this.word(o, RANGE_OPTIONS, RANGE_SETTINGS, `${what}: range-option`);
    if (!facets) {
      if (def.facet !== undefined && typeof def.facet !== 'boolean') this.report(`${what}: facet must be true or false, not ${show(def.facet)}`);
      return;
    }
    this.facet(def, what);
    const names = new Set<string>();
    for (const [i, b] of this.array(def.bucket, `${what} bucket`).entries()) this.bucket(b, i, type, names, what, false);
    for (const [i, b] of this.array(def['computed-bucket'], `${what} computed-bucket`).entries()) this.bucket(b, i, type, names, what, true);
  }

  /** The bare type (`xs:` optional) when it is a supported range type. */
  private rangeType(type: unknown, collation: unknown, what: string): string | undefined {
    if (type === undefined) {
      this.report(`${what}: a range needs a type`);
      return undefined;
    }
    const bare = typeof type === 'string' ? type.replace(/^xs:/, '') : '';
    if (!isRangeType(bare)) {
      this.report(`${what}: range type ${show(type)} is not supported (xs:${RANGE_TYPES.join(', xs:')})`);
      return undefined;
    }
    if (collation !== undefined) {
      if (bare !== 'string' && bare !== 'anyURI') this.report(`${what}: a collation applies only to xs:string and xs:anyURI, not xs:${bare}`);
      else if (typeof collation !== 'string' || !collation.startsWith(COLLATION_PREFIX)) this.report(`${what}: collation ${show(collation)} is not a collation URI (${COLLATION_PREFIX}…)`);
    }
    return bare;
  }

  private facet(def: Json, what: string): void {
    if (def.facet !== undefined && typeof def.facet !== 'boolean') this.report(`${what}: facet must be true or false, not ${show(def.facet)}`);
    this.lexiconOptions(def['facet-option'], `${what}: facet-option`);
  }

  private lexiconOptions(options: unknown, what: string): void {
    const given = this.array(options, what);
    for (const o of given) this.word(o, LEXICON_OPTIONS, LEXICON_SETTINGS, what, LEXICON_COUNTS);
    this.conflicts(given, what);
  }

  private termOptions(options: unknown, what: string): void {
    const given = this.array(options, `${what} term-option`);
    for (const o of given) this.word(o, TERM_OPTIONS, TERM_SETTINGS, `${what}: term-option`);
    this.conflicts(given, `${what}: term-option`);
  }

  /**
   * An option word: one of `words`, or `name=value` with `name` in `settings`, or
   * `name=N` (a positive integer) with `name` in `counts`.
   */
  private word(o: unknown, words: ReadonlySet<string>, settings: ReadonlySet<string>, what: string, counts: ReadonlySet<string> = new Set()): void {
    if (typeof o !== 'string') return this.report(`${what} ${show(o)} must be a string`);
    const [name, value] = o.includes('=') ? [o.slice(0, o.indexOf('=')), o.slice(o.indexOf('=') + 1)] : [o, undefined];
    if (value === undefined ? words.has(name) : settings.has(name) && value !== '') return;
    if (counts.has(name)) {
      if (value === undefined || !/^\d+$/.test(value) || Number(value) < 1) this.report(`${what} ${show(o)} needs a positive integer (${name}=10)`);
      return;
    }
    this.report(`${what} ${show(o)} is not a known option`);
  }

  private conflicts(given: unknown[], what: string): void {
    for (const [a, b] of CONFLICTS) if (given.includes(a) && given.includes(b)) this.report(`${what}: ${a} and ${b} cannot be given together`);
  }

  private bucket(b: unknown, i: number, type: string | undefined, names: Set<string>, what: string, computed: boolean): void {
    const kind = computed ? 'computed-bucket' : 'bucket';
    if (!isObject(b)) return this.report(`${what}: ${kind} ${i + 1} must be an object`);
    if (typeof b.name !== 'string' || b.name.trim() === '') return this.report(`${what}: ${kind} ${i + 1} needs a name`);
    const at = `${what}: ${kind} ${show(b.name)}`;
    if (names.has(b.name)) this.report(`${at} is defined more than once`);
    names.add(b.name);
    this.keys(b, ['name', 'label', 'ge', 'lt', ...(computed ? ['anchor', 'ge-anchor', 'lt-anchor'] : [])], at);
    if (b.ge === undefined && b.lt === undefined) this.report(`${at} needs ge or lt`);
    if (computed) {
      if (type !== undefined && !['date', 'dateTime', 'time'].includes(type)) this.report(`${at}: computed buckets need a date, dateTime or time range`);
      for (const a of ['anchor', 'ge-anchor', 'lt-anchor']) {
        if (b[a] !== undefined && !ANCHORS.has(b[a] as string)) this.report(`${at}: ${a} ${show(b[a])} is not one of ${[...ANCHORS].join(', ')}`);
      }
      if (b.anchor === undefined && (b['ge-anchor'] === undefined || b['lt-anchor'] === undefined)) this.report(`${at} needs an anchor`);
      for (const bound of ['ge', 'lt']) {
        if (b[bound] !== undefined && !isDuration(b[bound])) this.report(`${at}: ${bound} ${show(b[bound])} is not a duration (P1D, -P1M, PT12H)`);
      }
      return;
    }
    for (const bound of ['ge', 'lt']) {
      if (b[bound] === undefined || type === undefined) continue;
      if (typeof b[bound] !== 'string' || !castable(b[bound] as string, type)) this.report(`${at}: ${bound} ${show(b[bound])} is not a valid xs:${type}`);
    }
  }

  // ---- term, grammar, queries ---------------------------------------------------------

  private term(term: unknown): void {
    if (term === undefined || term === null) return;
    if (!isObject(term)) return this.report(`term must be an object, not ${show(term)}`);
    this.keys(term, ['apply', 'ns', 'at', 'empty', 'term-option', 'default', 'weight', 'fragment-scope'], 'term');
    if (term.empty !== undefined && !(isObject(term.empty) && (term.empty.apply === 'all-results' || term.empty.apply === 'no-results'))) {
      this.report(`term empty must be {"apply": "all-results"} or {"apply": "no-results"}, not ${show(term.empty)}`);
    }
    if (term.apply !== undefined && term.apply !== 'term') this.report(`term apply ${show(term.apply)} names server-side code, which Tabula does not run`);
    this.termOptions(term['term-option'], 'term');
    if (term.weight !== undefined && (typeof term.weight !== 'number' || !Number.isFinite(term.weight))) this.report('term weight must be a number');
    const d = term.default;
    if (d !== undefined && d !== null) {
      if (!isObject(d)) this.report(`term default must be an object, not ${show(d)}`);
      else if (d.ref !== undefined) this.ref(d.ref, 'term default');
    }
  }

  private ref(ref: unknown, what: string): void {
    if (typeof ref !== 'string' || !this.constraintNames.has(ref)) this.report(`${what} ref ${show(ref)} names no constraint of these options`);
  }

  private grammar(grammar: unknown): void {
    if (grammar === undefined || grammar === null) return;
    if (!isObject(grammar)) return this.report(`grammar must be an object, not ${show(grammar)}`);
    this.keys(grammar, ['quotation', 'implicit', 'starter', 'joiner'], 'grammar');
    let wellShaped = true;
    for (const key of ['starter', 'joiner']) {
      const items = grammar[key];
      if (items !== undefined && !(Array.isArray(items) && items.every(isObject))) {
        this.report(`grammar ${key} must be an array of objects`);
        wellShaped = false;
      }
    }
    if (grammar.quotation !== undefined && typeof grammar.quotation !== 'string') {
      this.report(`grammar quotation must be a string, not ${show(grammar.quotation)}`);
      wellShaped = false;
    }
    if (grammar.implicit !== undefined) {
      if (typeof grammar.implicit === 'string') this.query(grammar.implicit, 'grammar implicit', [CTS_NS]);
      else {
        this.report('grammar implicit must be a serialised cts query');
        wellShaped = false;
      }
    }
    if (!wellShaped) return;
    // The string grammar is the judge of its own settings: compile it as a search would.
    try {
      queryTextTokens('', { grammar } as QueryOptions);
    } catch (e) {
      if (!(e instanceof DbError)) throw e;
      this.report(e.detail || e.message);
    }
  }

  private additionalQueries(queries: unknown, at: string): void {
    for (const q of list(queries)) {
      if (typeof q === 'string') this.query(q, `${at}additional-query`, [CTS_NS, SEARCH_NS]);
      else if (!isObject(q)) this.report(`${at}additional-query must be a serialised cts query or a structured query, not ${show(q)}`);
    }
  }

  /** Serialised XML whose root is in one of `namespaces`. */
  private query(text: string, what: string, namespaces: readonly string[]): void {
    try {
      const root = parseXml(text).documentElement;
      if (!root || !namespaces.includes(root.namespaceURI ?? '')) this.report(`${what} must be a query in the ${namespaces.join(' or ')} namespace`);
    } catch (e) {
      if (!(e instanceof DbError) || e.code === 'TABULA-LIMIT') throw e;
      this.report(`${what} is not well-formed XML: ${e.detail || e.message}`);
    }
  }

  private searchOptions(options: unknown, at: string): void {
    const given = this.array(options, `${at}search-option`);
    const groups = new Map<string, string>();
    for (const o of given) {
      if (typeof o !== 'string') {
        this.report(`${at}search-option ${show(o)} must be a string`);
        continue;
      }
      this.word(o, SEARCH_OPTIONS, new Set(), `${at}search-option`, SEARCH_SETTINGS);
      const group = searchOptionGroup(o);
      const other = groups.get(group);
      if (other !== undefined && other !== o && group in SEARCH_OPTION_GROUPS) this.report(`${at}search-option: ${other} and ${o} cannot be given together`);
      groups.set(group, o);
    }
  }

  private sortOrders(orders: unknown, at: string): void {
    for (const [i, o] of this.array(orders, `${at}sort-order`).entries()) {
      const what = `${at}sort-order ${i + 1}`;
      if (!isObject(o)) {
        this.report(`${what} must be an object`);
        continue;
      }
      this.keys(o, ['direction', 'type', 'collation', 'score', 'json-property', 'element', 'attribute', 'field', 'path-index', 'annotation'], what);
      if (o.direction !== undefined && o.direction !== 'ascending' && o.direction !== 'descending') {
        this.report(`${what}: direction must be ascending or descending, not ${show(o.direction)}`);
      }
      const indexed = ['json-property', 'element', 'field', 'path-index'].some((k) => o[k] !== undefined);
      if ('score' in o) {
        if (o.score !== null) this.report(`${what}: score takes no value (null)`);
        if (indexed || o.type !== undefined) this.report(`${what} sorts by score or by an index, not both`);
        continue;
      }
      if (!indexed) {
        this.report(`${what} needs score or an index (json-property, element, field or path-index)`);
        continue;
      }
      // No type: xs:string, as the server sorts (the official client's orderBy('name') sends none).
      if (o.type !== undefined) this.rangeType(o.type, o.collation, what);
      this.index(o, what, ['json-property', 'element', 'field', 'path-index']);
    }
  }

  private transformResults(t: unknown, at: string): void {
    if (t === undefined) return;
    const what = `${at}transform-results`;
    if (!isObject(t)) return this.report(`${what} must be an object such as {"apply": "snippet"}`);
    if (t.ns !== undefined || t.at !== undefined) return this.report(`${what} with ns or at names server-side code, which Tabula does not run`);
    if (!SNIPPETS.includes(t.apply as string)) this.report(`${what} apply ${show(t.apply)} is not one of ${SNIPPETS.join(', ')}`);
    this.keys(t, ['apply', 'per-match-tokens', 'max-matches', 'max-snippet-chars', 'preferred-matches', 'preferred-elements'], what);
    for (const n of ['per-match-tokens', 'max-matches', 'max-snippet-chars']) if (t[n] !== undefined) this.integer(t[n], `${what} ${n}`, 1);
    for (const p of ['preferred-matches', 'preferred-elements']) {
      const pref = t[p];
      if (pref === undefined || pref === null) continue;
      if (!isObject(pref)) {
        this.report(`${what} ${p} must be an object`);
        continue;
      }
      this.keys(pref, ['element', 'json-property'], `${what} ${p}`);
      for (const e of list(pref.element)) this.qname(e, `${what} ${p} element`);
      for (const j of list(pref['json-property'])) if (typeof j !== 'string' || j === '') this.report(`${what} ${p} json-property ${show(j)} must be a property name`);
    }
  }

  // ---- values, tuples, suggestions, extraction, operators -----------------------------

  private lexicons(values: unknown, tuples: unknown): void {
    const names = new Set<string>();
    const named = (v: Json, what: string): string | undefined => {
      if (typeof v.name !== 'string' || v.name.trim() === '') {
        this.report(`${what} needs a name`);
        return undefined;
      }
      if (names.has(v.name)) this.report(`Values or tuples name ${show(v.name)} is used more than once (must be unique)`);
      names.add(v.name);
      return v.name;
    };
    for (const [i, v] of this.array(values, 'values').entries()) {
      if (!isObject(v)) {
        this.report(`values ${i + 1} must be an object`);
        continue;
      }
      const what = `Values ${show(named(v, `values ${i + 1}`) ?? i + 1)}`;
      this.keys(v, ['name', 'style', 'values-option', 'aggregate', 'annotation', ...VALUES_SOURCES], what);
      const sources = VALUES_SOURCES.filter((s) => s in v);
      if (sources.length !== 1) this.report(`${what} needs exactly one source (${VALUES_SOURCES.join(', ')})${sources.length > 1 ? `, not ${sources.join(', ')}` : ''}`);
      else this.source(sources[0], v[sources[0]], what);
      this.lexiconSettings(v, what);
    }
    for (const [i, t] of this.array(tuples, 'tuples').entries()) {
      if (!isObject(t)) {
        this.report(`tuples ${i + 1} must be an object`);
        continue;
      }
      const what = `Tuples ${show(named(t, `tuples ${i + 1}`) ?? i + 1)}`;
      this.keys(t, ['name', 'style', 'indexes', 'values-option', 'aggregate', 'annotation', ...VALUES_SOURCES], what);
      // Lexicons under `indexes` (the official client's form) or as keys of their own, `"range": […]`
      // (the form of MarkLogic's Search Developer's Guide, which the XML route also reads): both count.
      const indexes = [...this.array(t.indexes, `${what} indexes`), ...lexiconsAsKeys(t)];
      if (indexes.length < 2) this.report(`${what} needs at least two indexes`);
      for (const index of indexes) {
        const sources = isObject(index) ? VALUES_SOURCES.filter((s) => s in index) : [];
        if (!isObject(index) || sources.length !== 1 || Object.keys(index).length !== 1) this.report(`${what}: each index names one source, such as {"range": {…}}`);
        else this.source(sources[0], index[sources[0]], what);
      }
      this.lexiconSettings(t, what);
    }
  }

  private source(kind: string, def: unknown, what: string): void {
    if (kind === 'range') return this.range(def, what, false);
    if (kind === 'collection' && def !== null && !(isObject(def) && (def.prefix === undefined || typeof def.prefix === 'string'))) this.report(`${what}: collection is null or {"prefix": "…"}`);
    if (kind === 'uri' && def !== null) this.report(`${what}: uri takes no value (null)`);
    if (kind === 'field' && !(isObject(def) && typeof def.name === 'string')) this.report(`${what}: field needs a name`);
  }

  private lexiconSettings(v: Json, what: string): void {
    if (v.style !== undefined && v.style !== 'default' && v.style !== 'consistent') this.report(`${what}: style must be default or consistent, not ${show(v.style)}`);
    this.lexiconOptions(v['values-option'], `${what}: values-option`);
    for (const a of this.array(v.aggregate, `${what} aggregate`)) {
      if (!isObject(a) || typeof a.apply !== 'string') this.report(`${what}: aggregate needs an apply`);
      else if (a.udf === undefined && !AGGREGATES.has(a.apply)) this.report(`${what}: aggregate ${show(a.apply)} is not one of ${[...AGGREGATES].join(', ')}`);
    }
  }

  private suggestions(sources: unknown, fallback: unknown): void {
    for (const [i, s] of this.array(sources, 'suggestion-source').entries()) this.suggestionSource(s, `suggestion-source ${i + 1}`, true);
    if (fallback !== undefined && fallback !== null) this.suggestionSource(fallback, 'default-suggestion-source', false);
  }

  private suggestionSource(s: unknown, what: string, needsRef: boolean): void {
    if (!isObject(s)) return this.report(`${what} must be an object`);
    if (needsRef || s.ref !== undefined) this.ref(s.ref, what);
    for (const o of this.array(s['suggestion-option'], `${what} suggestion-option`)) this.word(o, LEXICON_OPTIONS, LEXICON_SETTINGS, `${what}: suggestion-option`, LEXICON_COUNTS);
  }

  private extract(data: unknown, metadata: unknown): void {
    if (data !== undefined && data !== null) {
      if (!isObject(data)) this.report('extract-document-data must be an object');
      else {
        this.keys(data, ['selected', 'extract-path', 'namespaces'], 'extract-document-data');
        if (data.namespaces !== undefined && data.namespaces !== null) {
          if (!isObject(data.namespaces)) this.report('extract-document-data namespaces must map prefixes to namespace URIs');
          else for (const [prefix, uri] of Object.entries(data.namespaces)) if (typeof uri !== 'string') this.report(`extract-document-data namespaces: ${prefix} must map to a namespace URI, not ${show(uri)}`);
        }
        if (data.selected !== undefined && !['include', 'include-with-ancestors', 'exclude', 'all'].includes(data.selected as string)) {
          this.report(`extract-document-data selected must be include, include-with-ancestors, exclude or all, not ${show(data.selected)}`);
        }
        for (const p of list(data['extract-path'])) if (typeof p !== 'string' || !p.trim().startsWith('/')) this.report(`extract-document-data extract-path ${show(p)} must be a path starting with /`);
      }
    }
    if (metadata !== undefined && metadata !== null) {
      if (!isObject(metadata)) return this.report('extract-metadata must be an object');
      this.keys(metadata, ['constraint-value', 'json-property', 'json-key', 'qname'], 'extract-metadata');
      for (const c of list(metadata['constraint-value'])) this.ref(isObject(c) ? c.ref : c, 'extract-metadata constraint-value');
    }
  }

  private operators(operators: unknown): void {
    for (const [i, op] of this.array(operators, 'operator').entries()) {
      if (!isObject(op) || typeof op.name !== 'string' || op.name.trim() === '') {
        this.report(`operator ${i + 1} needs a name`);
        continue;
      }
      const what = `Operator ${show(op.name)}`;
      this.keys(op, ['name', 'state', 'annotation'], what);
      const states = new Set<string>();
      for (const [j, s] of this.array(op.state, `${what} state`).entries()) {
        if (!isObject(s) || typeof s.name !== 'string' || s.name.trim() === '') {
          this.report(`${what}: state ${j + 1} needs a name`);
          continue;
        }
        if (states.has(s.name)) this.report(`${what}: state ${show(s.name)} is defined more than once`);
        states.add(s.name);
        this.keys(s, [...STATE_OPTIONS], `${what} state ${show(s.name)}`);
        this.settings(s, `${what} state ${show(s.name)}`);
      }
    }
  }
}

/** An xs:duration (computed-bucket bounds are offsets from their anchor). */
const isDuration = (v: unknown): boolean =>
  typeof v === 'string' && /^-?P(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/.test(v);

const TZ = '(Z|[+-](0\\d|1[0-4]):[0-5]\\d)?';
const LEXICAL: Record<string, RegExp> = {
  decimal: /^[+-]?(\d+(\.\d*)?|\.\d+)$/,
  double: /^([+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|[+-]?INF|NaN)$/,
  date: new RegExp(`^-?\\d{4,}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])${TZ}$`),
  dateTime: new RegExp(`^-?\\d{4,}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d+)?${TZ}$`),
  time: new RegExp(`^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d+)?${TZ}$`),
  boolean: /^(true|false|1|0)$/,
};
const INTEGER_RANGES: Record<string, [bigint, bigint]> = {
  int: [-(2n ** 31n), 2n ** 31n - 1n],
  long: [-(2n ** 63n), 2n ** 63n - 1n],
  unsignedInt: [0n, 2n ** 32n - 1n],
  unsignedLong: [0n, 2n ** 64n - 1n],
};

/** Whether `text` is a lexical value of the xs type (a bucket bound must be one). */
function castable(text: string, type: string): boolean {
  const t = text.trim();
  const range = INTEGER_RANGES[type];
  if (range) {
    if (!/^[+-]?\d+$/.test(t)) return false;
    const n = BigInt(t);
    return n >= range[0] && n <= range[1];
  }
  const lexical = LEXICAL[type === 'float' ? 'double' : type];
  return lexical ? lexical.test(t) : true;
}
