/**
 * The search query model: what every query syntax becomes before it is evaluated.
 *
 * The string grammar (grammar.ts), structured queries in JSON and XML (structured.ts),
 * query by example (qbe.ts) and the options' `additional-query` all parse into this
 * tree; constraint references are resolved against the query options while parsing
 * (constraints.ts), so the evaluator never sees a constraint name. The shapes follow
 * MarkLogic's cts queries (MarkLogic’s Search Developer’s Guide, structured queries), which is also what
 * `return-query` reports back.
 */

/** Where a word, value or range query looks: a JSON property or an XML element (attribute). */
export type Scope =
  | { kind: 'json-property'; name: string }
  | { kind: 'element'; name: string; ns: string }
  | { kind: 'element-attribute'; element: { name: string; ns: string }; attribute: { name: string; ns: string } };

/**
 * How text is matched (cts term options). `undefined` means the default: case- and
 * diacritic-insensitive unless the query text itself has upper-case letters or
 * diacritics (MarkLogic's rule); punctuation- and whitespace-insensitive; stemmed
 * for word queries (the default database's "stemmed searches: basic"), unstemmed
 * for value queries; wildcards off unless the options' term settings turn them on.
 */
export interface TermOptions {
  caseSensitive?: boolean;
  diacriticSensitive?: boolean;
  punctuationSensitive?: boolean;
  whitespaceSensitive?: boolean;
  stemmed?: boolean;
  wildcarded?: boolean;
  /** `exact`: case, diacritic, punctuation and whitespace sensitive, unstemmed, unwildcarded. */
  exact?: boolean;
  lang?: string;
}

/** The XML Schema types a range index (and so a range query, facet or sort) can have. */
export type RangeType =
  | 'string'
  | 'int'
  | 'long'
  | 'unsignedInt'
  | 'unsignedLong'
  | 'decimal'
  | 'double'
  | 'float'
  | 'date'
  | 'dateTime'
  | 'time'
  | 'boolean'
  | 'anyURI';

/** Every {@link RangeType}, in the order an error message lists them. */
export const RANGE_TYPES: readonly RangeType[] = ['string', 'int', 'long', 'unsignedInt', 'unsignedLong', 'decimal', 'double', 'float', 'date', 'dateTime', 'time', 'boolean', 'anyURI'];
const rangeTypeSet: ReadonlySet<string> = new Set(RANGE_TYPES);
export const isRangeType = (type: string): type is RangeType => rangeTypeSet.has(type);

export type RangeOperator = 'LT' | 'LE' | 'GT' | 'GE' | 'EQ' | 'NE';

export interface RangeIndexRef {
  scope: Scope;
  type: RangeType;
  /** For `string` and `anyURI` only; default the root collation `http://marklogic.com/collation/`. */
  collation?: string;
}

export type Query =
  /** Every document (an empty query). */
  | { kind: 'true' }
  /** No document. */
  | { kind: 'false' }
  | { kind: 'and'; queries: Query[]; /** positional order of the sub-queries' matches */ ordered?: boolean }
  | { kind: 'or'; queries: Query[] }
  | { kind: 'not'; query: Query }
  | { kind: 'and-not'; positive: Query; negative: Query }
  /** Matches of `positive` that do not occur inside matches of `negative`. */
  | { kind: 'not-in'; positive: Query; negative: Query }
  /** `matching` decides the documents; `boosting` only adds to their scores. */
  | { kind: 'boost'; matching: Query; boosting: Query }
  /** Sub-queries whose matches are within `distance` words of each other (default 10). */
  | { kind: 'near'; queries: Query[]; distance: number; minimumDistance?: number; ordered?: boolean; weight?: number }
  /**
   * Words or phrases (several texts are OR'd). Without `scope`, anywhere in the document
   * (a term query); with it, in that property or element and its descendants.
   */
  | { kind: 'word'; text: string[]; scope?: Scope; options: TermOptions; weight?: number }
  /**
   * Whole values of a property, element or attribute (several values are OR'd). JSON
   * numbers, booleans and null match by type and value; strings by their text under
   * `options` (whitespace- and punctuation-insensitive unless exact).
   */
  | { kind: 'value'; values: Array<string | number | boolean | null>; scope: Scope; options: TermOptions; weight?: number }
  /** A comparison against a range index (which must exist); several values are OR'd (NE: none of them). */
  | { kind: 'range'; index: RangeIndexRef; operator: RangeOperator; values: string[]; weight?: number }
  | { kind: 'collection'; uris: string[] }
  | { kind: 'directory'; uris: string[]; /** default false: the directory's own documents only */ infinite: boolean }
  | { kind: 'document'; uris: string[] }
  /** `query` matched inside the property or element `scope` (and its descendants). */
  | { kind: 'container'; scope: Scope; query: Query }
  /** `query` matched against the document's properties (metadata `properties`), not its content. */
  | { kind: 'properties'; query: Query };

export type QueryKind = Query['kind'];

/** Term options with the query text's own case and diacritics applied (MarkLogic's "auto" sensitivity). */
export function effectiveTermOptions(text: string, options: TermOptions, kind: 'word' | 'value'): Required<Omit<TermOptions, 'lang' | 'exact'>> {
  if (options.exact) {
    return { caseSensitive: true, diacriticSensitive: true, punctuationSensitive: true, whitespaceSensitive: true, stemmed: false, wildcarded: false };
  }
  return {
    caseSensitive: options.caseSensitive ?? text !== text.toLowerCase(),
    diacriticSensitive: options.diacriticSensitive ?? text.normalize('NFD') !== text.normalize('NFD').replace(/\p{M}/gu, ''),
    punctuationSensitive: options.punctuationSensitive ?? false,
    whitespaceSensitive: options.whitespaceSensitive ?? false,
    stemmed: options.stemmed ?? kind === 'word',
    wildcarded: options.wildcarded ?? false,
  };
}
