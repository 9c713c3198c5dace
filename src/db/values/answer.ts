/**
 * What `/v1/values/{name}` answers, in lexical form: a definition's distinct values (or tuples)
 * as the lexicon gave them, and the aggregates asked of them (MarkLogic's REST Application
 * Developer's Guide, "Analytics: values and tuples"). The serialisers only write it out.
 *
 * - The aggregates are the definition's own (`aggregate: [{apply}]`) then the request's
 *   `aggregate` parameters, each name once, in that order. Each is checked against the
 *   definition's types before any index is read ({@link aggregatesFor}), so a request that
 *   asks for an aggregate its index cannot take is refused whole and costs nothing.
 * - Aggregates read every value the lexicon produced (ordered and limited, not paged): paging
 *   the list does not change its sum.
 * - `view`: `values` leaves the aggregates out, `aggregate` the values; `all` (the default)
 *   has both.
 */
import { lexicalOf } from '../indexes/range-values';
import type { ValuesOutcome } from '../search/run-values';
import { aggregate, checkAggregate, type AggregateInput, type AggregateName, type AggregateShape } from './aggregates';
import { sourceType, type ValuesDefinition } from './definitions';

export type ValuesView = 'values' | 'aggregate' | 'all';

export interface ValuesAnswer {
  name: string;
  /** A values definition's type, `xs:…`. */
  type?: string;
  /** A tuples definition's types, `xs:…`, one per index. */
  types?: string[];
  values?: Array<{ value: string; frequency: number }>;
  tuples?: Array<{ values: string[]; frequency: number }>;
  /** The aggregates that have a result, in the order asked. */
  aggregates: Array<{ name: AggregateName; value: string }>;
}

/**
 * What the definition's aggregates are asked of: one index's type, or the types of several.
 * A definition of one index is one index whatever its style: the official client always asks
 * for `style: consistent`, and `sum` of its one index is what it means.
 */
function shapeOf(def: ValuesDefinition): AggregateShape {
  return def.sources.length === 1 ? sourceType(def.sources[0]) : def.sources.map(sourceType);
}

/** What the aggregates read: every value the lexicon produced, a tuple of one index as its value. */
function aggregateInput(outcome: ValuesOutcome): AggregateInput {
  if (outcome.kind === 'values') return { type: outcome.type, collation: outcome.collation, values: outcome.all };
  if (outcome.types.length === 1) return { type: outcome.types[0], collation: outcome.collations[0], values: outcome.all.map((t) => ({ value: t.values[0], frequency: t.frequency })) };
  return { types: outcome.types, tuples: outcome.all };
}

/**
 * The aggregates to compute for `def` and the request's `requested` names: the definition's
 * then the request's, each once. 400 SEARCH-INVALAGGREGATE for a name that is unknown or
 * that the definition's types cannot take.
 */
export function aggregatesFor(def: ValuesDefinition, requested: readonly string[]): AggregateName[] {
  const shape = shapeOf(def);
  const names = [...new Set([...def.aggregates, ...requested])];
  return names.map((name) => checkAggregate(name, shape));
}

/** The answer to write: `outcome` in lexical form, with the aggregates `view` asks for. */
export function valuesAnswer(def: ValuesDefinition, outcome: ValuesOutcome, aggregates: readonly AggregateName[], view: ValuesView = 'all'): ValuesAnswer {
  const results: ValuesAnswer['aggregates'] = [];
  if (view !== 'values') {
    const input = aggregateInput(outcome);
    for (const name of aggregates) {
      const value = aggregate(name, input);
      if (value !== undefined) results.push({ name, value });
    }
  }
  if (outcome.kind === 'values') {
    const { type } = outcome;
    return {
      name: def.name,
      type: `xs:${type}`,
      ...(view === 'aggregate' ? {} : { values: outcome.values.map((v) => ({ value: lexicalOf(v.value, type), frequency: v.frequency })) }),
      aggregates: results,
    };
  }
  const { types } = outcome;
  return {
    name: def.name,
    types: types.map((t) => `xs:${t}`),
    ...(view === 'aggregate' ? {} : { tuples: outcome.tuples.map((t) => ({ values: t.values.map((v, i) => lexicalOf(v, types[i])), frequency: t.frequency })) }),
    aggregates: results,
  };
}
