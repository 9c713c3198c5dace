/** The kinds of serialised cts queries, the options each accepts, and the range value types. */
import type { RangeType } from '../query-model';

export const SUPPORTED = [
  'and-query', 'or-query', 'not-query', 'and-not-query', 'not-in-query', 'near-query', 'boost-query',
  'word-query', 'element-word-query', 'element-attribute-word-query', 'json-property-word-query',
  'element-value-query', 'element-attribute-value-query', 'json-property-value-query',
  'element-range-query', 'element-attribute-range-query', 'json-property-range-query',
  'collection-query', 'directory-query', 'document-query',
  'element-query', 'json-property-scope-query', 'properties-fragment-query', 'document-fragment-query',
  'true-query', 'false-query',
] as const;
export type Kind = (typeof SUPPORTED)[number];
export const SUPPORTED_SET = new Set<string>(SUPPORTED);

export const NO_GEO = 'Tabula has no geospatial indexes';
export const NO_TEMPORAL = 'Tabula has no temporal collections';

/** Kinds of the real server that need what Tabula does not have, with why (and the code, where the server has one). */
export const UNSUPPORTED: Record<string, { reason: string; code?: 'XDMP-FIELDRIDXNOTFOUND' | 'XDMP-PATHRIDXNOTFOUND' }> = {
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

export const camelOf = (kebab: string): string => kebab.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
export const kebabOf = (camel: string): string => camel.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Every kind name the JSON form knows (wordQuery, fieldRangeQuery, …). */
export const JSON_KINDS = new Set([...SUPPORTED, ...Object.keys(UNSUPPORTED)].map(camelOf));

/** Kinds holding a list of queries (`queries`); the other containers hold one (`query`). */
export const LISTS = new Set(['and-query', 'or-query', 'near-query']);

export const NUMERIC = new Set<RangeType>(['int', 'long', 'unsignedInt', 'unsignedLong', 'decimal', 'double', 'float']);
/** xs:integer and its derived types that are not index types themselves: the index decides. */
export const INTEGERS = new Set(['integer', 'short', 'byte', 'unsignedShort', 'unsignedByte', 'nonNegativeInteger', 'nonPositiveInteger', 'positiveInteger', 'negativeInteger']);
export const STRINGS = new Set(['string', 'untypedAtomic', 'normalizedString', 'token']);

// Options each kind accepts (the server's cts constructors refuse others).
export const TERM_OPTIONS = [
  /^(case|diacritic|punctuation|whitespace)-(sensitive|insensitive)$/,
  /^(stemmed|unstemmed|wildcarded|unwildcarded|exact|synonym)$/,
  /^lang=[a-z]{2,3}([-_][a-z0-9]+)*$/,
  /^(min|max)-occurs=\d+$/,
  /^distance-weight=\d+(\.\d+)?$/,
  /^lexicon-expand=(full|prefix-postfix|off|heuristic)$/,
];
export const RANGE_OPTIONS = [
  /^collation=\S+$/,
  /^(cached|uncached|cached-incremental|synonym)$/,
  /^(min|max)-occurs=\d+$/,
  /^score-function=(linear|reciprocal|zero)$/,
  /^slope-factor=\d+(\.\d+)?$/,
];
export const NEAR_OPTIONS = [/^(ordered|unordered)$/, /^minimum-distance=\d+$/];
export const AND_OPTIONS = [/^(ordered|unordered)$/];
export const OR_OPTIONS = [/^synonym$/];
