/**
 * Default query options (MarkLogic’s REST API reference, /v1/search), in two layers:
 *
 * 1. the REST instance's default set, {@link restDefaultOptions}: what a search uses when it
 *    names no options and no `default` set is stored, and what `GET /v1/config/query/default`
 *    shows then (MarkLogic's `$config-query:default-options`);
 * 2. the Search API built-ins under any set (`search:get-default-options`): page length 10,
 *    snippets of 30/4/200, score order, all results for an empty query, MarkLogic's grammar.
 *
 * {@link effectiveOptions} lays a set (stored, inline-merged, or the REST defaults) over the
 * built-ins and fills every key, so the evaluator reads one complete object and needs no
 * fallbacks. Note `quality-weight`: the REST defaults say 0, the built-ins 1.0, so a stored
 * set that does not mention it weighs quality, as on the real server.
 *
 * @example
 * const base = (await db.queryOptions.get(name)) ?? restDefaultOptions();
 * const options = effectiveOptions(mergeOptions(base, inline));
 * options['transform-results']['max-matches']; // 4 unless the set says otherwise
 */
import { DEFAULT_GRAMMAR } from '../search/grammar';
import { mergeOptions } from './merge';
import type { ConstraintDef, GrammarDef, OperatorDef, QueryOptions, SortOrderDef, TermDef, TransformResultsDef, TuplesDef, ValuesDef } from './types';

/** The REST instance's default options (`$config-query:default-options`), a fresh copy. */
export function restDefaultOptions(): QueryOptions {
  return {
    'search-option': ['unfiltered'],
    'quality-weight': 0,
    'return-facets': true,
    'return-results': true,
  };
}

/** Options with every key the evaluator reads filled in. */
export interface EffectiveOptions extends QueryOptions {
  constraint: ConstraintDef[];
  values: ValuesDef[];
  tuples: TuplesDef[];
  operator: OperatorDef[];
  'return-results': boolean;
  'return-facets': boolean;
  'return-metrics': boolean;
  'return-qtext': boolean;
  'return-query': boolean;
  'return-similar': boolean;
  'return-constraints': boolean;
  'return-plan': boolean;
  'return-aggregates': boolean;
  'return-values': boolean;
  'return-frequencies': boolean;
  debug: boolean;
  'page-length': number;
  'search-option': string[];
  'quality-weight': number;
  'concurrency-level': number;
  'fragment-scope': 'documents' | 'properties';
  term: TermDef & { empty: { apply: 'all-results' | 'no-results' }; 'term-option': string[] };
  grammar: Required<Pick<GrammarDef, 'quotation' | 'implicit' | 'starter' | 'joiner'>>;
  'transform-results': TransformResultsDef & { 'per-match-tokens': number; 'max-matches': number; 'max-snippet-chars': number };
  'sort-order': SortOrderDef[];
  'additional-query': Array<string | Record<string, unknown>>;
  'suggestion-source': Array<{ ref?: string; [k: string]: unknown }>;
}

/** The Search API built-ins (MarkLogic’s REST API reference, /v1/search table), a fresh copy each time. */
function builtinOptions(): EffectiveOptions {
  return {
    constraint: [],
    values: [],
    tuples: [],
    operator: [],
    'return-results': true,
    'return-facets': true,
    'return-metrics': true,
    'return-qtext': true,
    'return-query': false,
    'return-similar': false,
    'return-constraints': false,
    'return-plan': false,
    'return-aggregates': true,
    'return-values': true,
    'return-frequencies': true,
    debug: false,
    'page-length': 10,
    'search-option': ['score-logtfidf'],
    'quality-weight': 1,
    'concurrency-level': 8,
    'fragment-scope': 'documents',
    term: { apply: 'term', empty: { apply: 'all-results' }, 'term-option': [] },
    grammar: structuredClone(DEFAULT_GRAMMAR) as EffectiveOptions['grammar'],
    'transform-results': { apply: 'snippet', 'per-match-tokens': 30, 'max-matches': 4, 'max-snippet-chars': 200 },
    'sort-order': [{ direction: 'descending', score: null }],
    'additional-query': [],
    'suggestion-source': [],
  };
}

/**
 * `options` (or the REST defaults when there is no set) over the built-ins. Top-level keys
 * replace the built-in ones as a combined query's inline options would (search options by
 * group, so a set saying `unfiltered` keeps `score-logtfidf`); `term`, `grammar` and
 * `transform-results` are completed key by key, as the string grammar reads a partial
 * grammar and the snippeter partial snippet settings.
 */
export function effectiveOptions(options: QueryOptions | undefined): EffectiveOptions {
  const builtins = builtinOptions();
  const set = options ?? restDefaultOptions();
  const merged = mergeOptions(builtins, set) as EffectiveOptions;
  merged.term = { ...builtins.term, ...set.term } as EffectiveOptions['term'];
  merged.grammar = { ...builtins.grammar, ...set.grammar } as EffectiveOptions['grammar'];
  merged['transform-results'] = { ...builtins['transform-results'], ...set['transform-results'] } as EffectiveOptions['transform-results'];
  return merged;
}
