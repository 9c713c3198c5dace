/**
 * The values API on the wire: `/v1/values` (the list of an option set's values and tuples
 * definitions) and `/v1/values/{name}` (a definition's values or tuples with their
 * frequencies and aggregates), answered in JSON (MarkLogic's REST API reference, /v1/values;
 * MarkLogic's REST Application Developer's Guide, "Analytics: values and tuples"). Lexicon
 * values and aggregate results are strings whatever their type; frequencies are numbers.
 */

/** `GET /v1/values`: one entry per definition, values first, then tuples. */
export interface ValuesList {
  'values-list': {
    values: Array<{ name: string; uri: string }>;
  };
}

/** A distinct value of one index and how often it occurs. */
export interface DistinctValueJson {
  frequency: number;
  /** The value in its type's lexical form. */
  _value: string;
}

/** A distinct combination of values (one per index, in the definition's order). */
export interface TupleJson {
  frequency: number;
  'distinct-value': string[];
}

export interface AggregateResultJson {
  /** The built-in's name (`sum`, `correlation`…). */
  name: string;
  _value: string;
}

/** ISO 8601 durations (`PT0.000512S`). */
export interface ValuesMetrics {
  'values-resolution-time': string;
  'aggregate-resolution-time'?: string;
  'total-time': string;
}

/** `GET|POST /v1/values/{name}`. An empty result has neither `distinct-value` nor `tuple`. */
export interface ValuesResponse {
  'values-response': {
    name: string;
    /** A values definition's type (`xs:int`, `xs:string`…). */
    type?: string;
    /** A tuples definition's types, one per index in its order. */
    types?: { type: string[] };
    'distinct-value'?: DistinctValueJson[];
    tuple?: TupleJson[];
    'aggregate-result'?: AggregateResultJson[];
    metrics?: ValuesMetrics;
  };
}
