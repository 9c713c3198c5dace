/**
 * What the editor offers to insert: a constraint of each common kind, and the settings
 * people reach for first, each with a sentence saying what it does (JSON has no
 * comments, so the explanation lives beside the snippet, not in it). Also the starter
 * templates a new set can begin from. Property names are placeholders to rename.
 */
import type { QueryOptionsJson } from '../../../../client/query-options';

export interface ConstraintSnippet {
  kind: 'constraint';
  id: string;
  label: string;
  description: string;
  /** What to search with it, shown as an example. */
  example: string;
  /** The constraint; its name is made unique when inserted. */
  constraint: { name: string } & Record<string, unknown>;
  /** Facets need a range index (range constraints) or the collection lexicon. */
  needsIndex?: boolean;
}

export interface SettingSnippet {
  kind: 'setting';
  id: string;
  label: string;
  description: string;
  key: string;
  value: unknown;
  /** `append`: added to the list the key holds; `set`: replaces the key's value. */
  mode: 'set' | 'append';
}

export type Snippet = ConstraintSnippet | SettingSnippet;

export const ROOT_COLLATION = 'http://marklogic.com/collation/';

export const constraintSnippets: readonly ConstraintSnippet[] = [
  {
    kind: 'constraint',
    id: 'collection',
    label: 'Collection',
    description: 'Documents in a collection; with a prefix, the part after it is the value. Facets by collection.',
    example: 'coll:news',
    constraint: { name: 'coll', collection: { prefix: '', facet: true } },
  },
  {
    kind: 'constraint',
    id: 'value',
    label: 'Value',
    description: 'A JSON property whose whole value equals the text (case-insensitive for lower-case input).',
    example: 'status:active',
    constraint: { name: 'status', value: { 'json-property': 'status' } },
  },
  {
    kind: 'constraint',
    id: 'word',
    label: 'Word',
    description: 'Words anywhere in a JSON property, stemmed: "run" also finds "running".',
    example: 'title:garden',
    constraint: { name: 'title', word: { 'json-property': 'title', 'term-option': ['stemmed'] } },
  },
  {
    kind: 'constraint',
    id: 'range-string',
    label: 'Range — string facet',
    description: 'Exact values of a property, faceted by frequency. Needs a string range index on the property.',
    example: 'genre:jazz',
    constraint: {
      name: 'genre',
      range: { type: 'xs:string', collation: ROOT_COLLATION, 'json-property': 'genre', facet: true, 'facet-option': ['frequency-order', 'descending', 'limit=10'] },
    },
    needsIndex: true,
  },
  {
    kind: 'constraint',
    id: 'range-number',
    label: 'Range — number with buckets',
    description: 'Compare numbers (price LT 20) and facet them into named buckets. Needs a decimal range index.',
    example: 'price LT 20',
    constraint: {
      name: 'price',
      range: {
        type: 'xs:decimal',
        'json-property': 'price',
        facet: true,
        bucket: [
          { name: 'cheap', lt: '10', label: 'Under 10' },
          { name: 'mid', ge: '10', lt: '50', label: '10 to 50' },
          { name: 'dear', ge: '50', label: '50 and up' },
        ],
      },
    },
    needsIndex: true,
  },
  {
    kind: 'constraint',
    id: 'range-date',
    label: 'Range — date',
    description: 'Compare dates (published GE 2024-01-01) and facet by value. Needs a date range index.',
    example: 'published GE 2024-01-01',
    constraint: { name: 'published', range: { type: 'xs:date', 'json-property': 'published', facet: true, 'facet-option': ['descending'] } },
    needsIndex: true,
  },
  {
    kind: 'constraint',
    id: 'container',
    label: 'Container',
    description: 'Any query, limited to what is inside a property (or an XML element) and its descendants.',
    example: 'address:(paris OR lyon)',
    constraint: { name: 'address', container: { 'json-property': 'address' } },
  },
  {
    kind: 'constraint',
    id: 'element-word',
    label: 'Word in an XML element',
    description: 'Words inside an XML element of a namespace ("" for none).',
    example: 'heading:river',
    constraint: { name: 'heading', word: { element: { ns: '', name: 'heading' } } },
  },
  {
    kind: 'constraint',
    id: 'properties',
    label: 'Properties',
    description: "Any query, run against the documents' properties instead of their content.",
    example: 'prop:draft',
    constraint: { name: 'prop', properties: null },
  },
];

export const settingSnippets: readonly SettingSnippet[] = [
  {
    kind: 'setting',
    id: 'snippets',
    label: 'Snippet size',
    description: 'How much text each result shows around its matches.',
    key: 'transform-results',
    value: { apply: 'snippet', 'per-match-tokens': 30, 'max-matches': 4, 'max-snippet-chars': 200 },
    mode: 'set',
  },
  {
    kind: 'setting',
    id: 'raw',
    label: 'Whole documents',
    description: 'Return each result document instead of a snippet.',
    key: 'transform-results',
    value: { apply: 'raw' },
    mode: 'set',
  },
  {
    kind: 'setting',
    id: 'page-length',
    label: 'Page length',
    description: 'Results per page when the request does not say.',
    key: 'page-length',
    value: 20,
    mode: 'set',
  },
  {
    kind: 'setting',
    id: 'sort-range',
    label: 'Sort by a property',
    description: 'Newest first by a date property (needs its range index); ties by score.',
    key: 'sort-order',
    value: { direction: 'descending', type: 'xs:date', 'json-property': 'published' },
    mode: 'append',
  },
  {
    kind: 'setting',
    id: 'sort-score',
    label: 'Sort by relevance',
    description: 'Best matches first (the default order).',
    key: 'sort-order',
    value: { direction: 'descending', score: null },
    mode: 'append',
  },
  {
    kind: 'setting',
    id: 'term',
    label: 'Term matching',
    description: 'How plain words match: stemmed and case-insensitive here; an empty query finds everything.',
    key: 'term',
    value: { 'term-option': ['stemmed', 'case-insensitive'], empty: { apply: 'all-results' } },
    mode: 'set',
  },
  {
    kind: 'setting',
    id: 'additional-query',
    label: 'Always restrict',
    description: 'A query ANDed with every search, here: only documents in the "published" collection.',
    key: 'additional-query',
    value: '<cts:collection-query xmlns:cts="http://marklogic.com/cts"><cts:uri>published</cts:uri></cts:collection-query>',
    mode: 'append',
  },
  {
    kind: 'setting',
    id: 'metrics',
    label: 'Return metrics and qtext',
    description: 'Timings and the query text in every response.',
    key: 'return-metrics',
    value: true,
    mode: 'set',
  },
];

export type TemplateId = 'starter' | 'blank';

export const templates: ReadonlyArray<{ id: TemplateId; label: string; description: string; options: QueryOptionsJson }> = [
  {
    id: 'starter',
    label: 'Starter',
    description: 'Facets by collection, words in a title, snippets, 10 results a page. Needs no range index.',
    options: {
      'return-facets': true,
      'return-results': true,
      'page-length': 10,
      'transform-results': { apply: 'snippet', 'per-match-tokens': 30, 'max-matches': 4, 'max-snippet-chars': 200 },
      constraint: [
        { name: 'coll', collection: { prefix: '', facet: true } },
        { name: 'title', word: { 'json-property': 'title' } },
      ],
    },
  },
  { id: 'blank', label: 'Blank', description: 'No settings: the REST defaults apply.', options: {} },
];
