/**
 * Range indexes on the wire: their definitions in the database properties
 * (`/manage/v2/databases/{db}/properties`, MarkLogic's Management API reference, database
 * properties) and Tabula's `/v1/config/indexes` report, which keeps MarkLogic's vocabulary
 * (`index-summaries`, `query-options`, `complete`); the real server's report format is not
 * documented.
 */

/**
 * The scalar types a Tabula range index takes. MarkLogic knows more (`gYear`,
 * `dayTimeDuration`, `point`, …), which Tabula refuses by name, so a definition read from
 * a server types `scalar-type` as a string.
 */
export type ScalarType = 'string' | 'int' | 'unsignedInt' | 'long' | 'unsignedLong' | 'float' | 'double' | 'decimal' | 'dateTime' | 'time' | 'date' | 'anyURI';

export type InvalidValues = 'reject' | 'ignore';

/** A `range-element-index` entry. A JSON property is an element in no namespace (`namespace-uri: ""`). */
export interface RangeElementIndex {
  'scalar-type': string;
  'namespace-uri': string;
  /** One or more local names separated by spaces: one index per name. */
  localname: string;
  /** A collation URI for `string` and `anyURI`, `""` for the other types. */
  collation: string;
  'range-value-positions': boolean;
  'invalid-values': InvalidValues;
}

/** A `range-element-attribute-index` entry: `localname` names the attribute, `parent-*` its element. */
export interface RangeElementAttributeIndex extends RangeElementIndex {
  'parent-namespace-uri': string;
  'parent-localname': string;
}

/** The index part of a database's properties. Each list sent replaces the whole list of its kind. */
export interface DatabaseIndexes {
  'database-name': string;
  'range-element-index': RangeElementIndex[];
  'range-element-attribute-index': RangeElementAttributeIndex[];
  'collection-lexicon': boolean;
  'uri-lexicon': boolean;
}

/** A range index an option set relies on (a range constraint, sort order or values source), and its state. */
export interface NeededIndex {
  /** Where the options use it: `constraint cuisine`, `sort-order`, `values price`. */
  usedBy: string;
  'scalar-type': string;
  'json-property'?: string;
  element?: { name: string; ns: string };
  attribute?: { name: string; ns: string };
  collation?: string;
  state: 'ready' | 'building' | 'missing';
}

/** One option set's entry of the report. */
export interface IndexSummary {
  'query-options': string;
  uri: string;
  'index-count': number;
  /** Every needed index exists and is built. */
  complete: boolean;
  indexes: NeededIndex[];
}

/** A configured range index (one name) and how far it is built. */
export interface ConfiguredRangeIndex {
  'scalar-type': string;
  localname: string;
  'namespace-uri': string;
  /** Attribute indexes: the element that carries the attribute. */
  'parent-localname'?: string;
  'parent-namespace-uri'?: string;
  collation?: string;
  state: 'ready' | 'building';
  /** Documents holding a value for it. */
  documents: number;
  /** Documents processed so far while building, of `total`. */
  done: number;
  total: number;
}

/** `GET /v1/config/indexes`: every option set (and `default`), and every configured range index. */
export interface IndexReport {
  'index-summaries': IndexSummary[];
  'range-indexes': ConfiguredRangeIndex[];
}

/** `GET /v1/config/indexes/{name}`: one option set. */
export interface OptionSetIndexReport {
  'index-summary': IndexSummary;
}
