/**
 * The values part's entry point: what the api may use of src/db/values
 * (docs/decisions/0018-narrow-db-surface.md): the values and tuples definitions of an option
 * set, and the built-in aggregates of /v1/values.
 */
export {
  AGGREGATES,
  aggregate,
  checkAggregate,
  isAggregateName,
  ONE_INDEX_AGGREGATES,
  TWO_INDEX_AGGREGATES,
  type AggregateInput,
  type AggregateName,
  type AggregateShape,
  type DistinctTuple,
  type DistinctValue,
  type OneIndexAggregate,
  type TuplesInput,
  type TwoIndexAggregate,
  type ValuesInput,
} from './aggregates';
export { listValuesDefinitions, sourceType, valuesDefinition, type ValuesDefinition, type ValuesSource } from './definitions';
export { aggregatesFor, valuesAnswer, type ValuesAnswer, type ValuesView } from './answer';
