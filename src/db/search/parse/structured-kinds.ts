/** The query kinds of structured queries (MarkLogic’s Search Developer’s Guide, structured queries), and what each holds. */

/** Kinds whose body is one query (`{"not-query": Q}`). */
export const WRAPPERS = new Set(['not-query', 'properties-fragment-query', 'properties-query', 'document-fragment-query']);
/** Kinds holding a list of queries under `queries`. */
export const LISTS = new Set(['and-query', 'or-query', 'near-query']);
/** Kinds holding one query as a sibling key of their other settings. */
/** Keys holding one query object. */
export const QUERY_SLOTS = new Set(['positive-query', 'negative-query', 'matching-query', 'boosting-query']);

/** Kinds of the real server that need what Tabula does not have: named so the 400 says why. */
export const UNSUPPORTED: Record<string, string> = {
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

export const SUPPORTED = [
  'and-query', 'or-query', 'not-query', 'and-not-query', 'not-in-query', 'boost-query', 'near-query',
  'term-query', 'word-query', 'value-query', 'range-query', 'collection-query', 'directory-query', 'document-query',
  'container-query', 'properties-fragment-query', 'properties-query', 'document-fragment-query', 'true-query', 'false-query',
  'word-constraint-query', 'value-constraint-query', 'range-constraint-query', 'collection-constraint-query',
  'container-constraint-query', 'element-constraint-query', 'properties-constraint-query',
] as const;
export const SUPPORTED_SET = new Set<string>(SUPPORTED);

export const isQueryKind = (key: string): boolean => SUPPORTED_SET.has(key) || key in UNSUPPORTED;

/** Body keys naming where a word, value or range query looks. */
export const SCOPE_KEYS = ['json-property', 'element', 'attribute', 'field', 'path-index'];

/** Other query syntaxes that may not sit beside `query` in one body (MarkLogic’s REST Application Developer’s Guide, combined queries). */
export const OTHER_ROOTS = new Set(['ctsquery', '$query', 'qtext', 'search']);
