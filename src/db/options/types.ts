/**
 * Query options in their JSON form — the content of `{"options": {…}}` (MarkLogic’s REST Application Developer’s Guide,
 * query options) — which is how Tabula holds them: XML options are converted to this on the
 * way in and back on the way out (options/convert.ts), so every reader works on one
 * shape. Keys keep MarkLogic's hyphenated names so a stored set reads back unchanged.
 *
 * Only what Tabula evaluates is typed in detail; other keys MarkLogic knows are kept as
 * written (the index signature) so a set round-trips.
 */

/** `{"json-property": "name"}` or `{"element": {"name", "ns"}}` (+ `attribute`), as options spell an index. */
export interface IndexSpec {
  'json-property'?: string;
  element?: { name: string; ns?: string };
  attribute?: { name: string; ns?: string };
  field?: { name: string; collation?: string };
  'path-index'?: { text: string; namespaces?: Record<string, string> };
}

export interface BucketDef {
  name: string;
  label?: string;
  /** Lower bound, inclusive. */
  ge?: string;
  /** Upper bound, exclusive. */
  lt?: string;
}

export interface ComputedBucketDef extends BucketDef {
  anchor?: string;
  'ge-anchor'?: string;
  'lt-anchor'?: string;
}

export interface RangeConstraintDef extends IndexSpec {
  /**
   * `xs:string`, `xs:int`, … (the prefix is optional on input). Optional: without it a
   * search takes the type (and collation) of the one range index on the same name
   * (src/db/search/range-types.ts), as the official client's untyped facets expect.
   */
  type?: string;
  collation?: string;
  /** Range constraints facet unless `facet: false`. */
  facet?: boolean;
  'facet-option'?: string[];
  bucket?: BucketDef[];
  'computed-bucket'?: ComputedBucketDef[];
  'range-option'?: string[];
}

export interface WordConstraintDef extends IndexSpec {
  'term-option'?: string[];
  weight?: number;
}

export interface ValueConstraintDef extends IndexSpec {
  /** JSON value type of the property: `string`, `number`, `boolean`, `null`. */
  type?: string;
  'term-option'?: string[];
  weight?: number;
}

export interface ConstraintDef {
  name: string;
  /** `null` (`<collection/>`): collections matched whole, as with an empty prefix. */
  collection?: null | { prefix?: string; facet?: boolean; 'facet-option'?: string[] };
  value?: ValueConstraintDef;
  word?: WordConstraintDef;
  range?: RangeConstraintDef;
  container?: IndexSpec;
  /** The older name of `container` for XML elements. */
  'element-query'?: { name: string; ns?: string };
  /** `null`: any document property; otherwise a property name. */
  properties?: null | string | { name?: string };
  custom?: unknown;
  [other: string]: unknown;
}

export interface SortOrderDef extends IndexSpec {
  direction?: 'ascending' | 'descending';
  type?: string;
  collation?: string;
  /** Present (JSON null) when sorting by score. */
  score?: null;
}

export interface TransformResultsDef {
  apply: 'snippet' | 'raw' | 'empty-snippet' | 'metadata-snippet' | string;
  'per-match-tokens'?: number;
  'max-matches'?: number;
  'max-snippet-chars'?: number;
  'preferred-matches'?: { element?: Array<{ name: string; ns?: string }>; 'json-property'?: string[] };
}

export interface TermDef {
  apply?: string;
  empty?: { apply: 'all-results' | 'no-results' };
  'term-option'?: string[];
  default?: { ref?: string; [k: string]: unknown };
}

export interface GrammarDef {
  quotation?: string;
  implicit?: string;
  starter?: Array<{ label: string; strength: number; apply: string; delimiter?: string; 'cts-element'?: string; tokenize?: string }>;
  joiner?: Array<{ label: string; strength: number; apply: string; compare?: string; 'cts-element'?: string; tokenize?: string; consume?: number }>;
}

/** A lexicon a `values` or `tuples` entry reads: a range index, the collection or URI lexicon, a field. */
export interface LexiconSourceDef {
  /** `facet` is allowed and means nothing here: the official client's valuesBuilder always sends `false`. */
  range?: Omit<RangeConstraintDef, 'facet-option' | 'bucket' | 'computed-bucket'>;
  /** `null`: every collection; `{prefix}`: those starting with it. */
  collection?: null | { prefix?: string };
  /** Always `null`: the URI lexicon. */
  uri?: null;
  field?: { name: string; collation?: string };
  [geo: string]: unknown;
}

/** `{"apply": "sum"}`, or a user-defined aggregate (`udf`), which Tabula cannot run. */
export interface AggregateDef {
  apply: string;
  udf?: string;
}

export interface ValuesDef extends LexiconSourceDef {
  name: string;
  style?: 'default' | 'consistent';
  'values-option'?: string[];
  aggregate?: AggregateDef[];
}

export interface TuplesDef {
  name: string;
  style?: 'default' | 'consistent';
  /**
   * One lexicon per entry, e.g. `{"range": {…}}` (the official client's form; normalised
   * options always have this). A set validated as sent may instead list them as keys of their
   * own, `"range": [{…}, {…}]` (MarkLogic's Search Developer's Guide form): see `tupleLexicons`.
   */
  indexes: LexiconSourceDef[];
  range?: LexiconSourceDef['range'] | Array<LexiconSourceDef['range']>;
  'values-option'?: string[];
  aggregate?: AggregateDef[];
}

/** A named choice a string query can make (`sort:newest`): each state overrides some options. */
export interface OperatorDef {
  name: string;
  state: Array<
    { name: string } & Pick<
      QueryOptions,
      'additional-query' | 'debug' | 'forest' | 'page-length' | 'quality-weight' | 'search-option' | 'searchable-expression' | 'sort-order' | 'transform-results'
    >
  >;
}

export interface QueryOptions {
  constraint?: ConstraintDef[];
  'return-results'?: boolean;
  'return-facets'?: boolean;
  'return-metrics'?: boolean;
  'return-qtext'?: boolean;
  'return-query'?: boolean;
  'page-length'?: number;
  'search-option'?: string[];
  'quality-weight'?: number;
  term?: TermDef;
  grammar?: GrammarDef;
  'transform-results'?: TransformResultsDef;
  'sort-order'?: SortOrderDef[];
  /** Serialised cts queries (XML strings, as MarkLogic's JSON options carry them) or JSON structured queries. */
  'additional-query'?: Array<string | Record<string, unknown>>;
  'extract-document-data'?: {
    selected?: 'include' | 'include-with-ancestors' | 'exclude' | 'all';
    'extract-path': string[];
    /** Prefix → namespace URI for the XPath prefixes of `extract-path` (XML documents); in XML, the declarations in scope. */
    namespaces?: Record<string, string>;
  };
  'suggestion-source'?: Array<{ ref?: string; [k: string]: unknown }>;
  'default-suggestion-source'?: { ref?: string; [k: string]: unknown };
  'fragment-scope'?: 'documents' | 'properties';
  values?: ValuesDef[];
  tuples?: TuplesDef[];
  operator?: OperatorDef[];
  'return-similar'?: boolean;
  'return-constraints'?: boolean;
  'return-plan'?: boolean;
  'return-aggregates'?: boolean;
  'return-values'?: boolean;
  'return-frequencies'?: boolean;
  debug?: boolean;
  'concurrency-level'?: number;
  /** Forest ids (digits kept as a string past 2^53); Tabula has one store and ignores them. */
  forest?: Array<number | string>;
  'searchable-expression'?: { text: string; namespaces?: Record<string, string> };
  'extract-metadata'?: {
    'constraint-value'?: Array<{ ref: string }>;
    'json-property'?: string[];
    qname?: Array<{ 'elem-ns'?: string; 'elem-name': string; 'attr-ns'?: string; 'attr-name'?: string }>;
  };
  [other: string]: unknown;
}
