/**
 * `/v1/values`: the values and tuples definitions of an option set, and one definition's
 * distinct values (or tuples) with their frequencies and aggregates (MarkLogic's REST API
 * reference, /v1/values; MarkLogic's REST Application Developer's Guide, "Analytics:
 * values and tuples"). A read goes by GET, restricted by a string or structured query and
 * the same scope parameters as a search.
 *
 * A read returns the request as it was described and the URL it went to, so a page can
 * show what went over the wire and offer it again (as curl, say).
 *
 * @example
 * await client.values.list('shop'); // [{ name: 'price', uri: '/v1/values/price?options=shop' }]
 * const { response, url } = await client.values.read('price', { options: 'shop', q: 'cheap', aggregates: ['sum', 'avg'] });
 * response['values-response']['distinct-value']; // [{ frequency: 3, _value: '9.99' }, …]
 * url; // 'http://127.0.0.1:8000/v1/values/price?q=cheap&options=shop&aggregate=sum&aggregate=avg&format=json'
 */
import type { ValuesList, ValuesResponse } from '../wire/values';
import { appendScope, checkInteger, list, requestUrl, type SearchRequestSpec, type SearchScopeParams } from './search';
import { asSent, type RequestScope } from './databases';
import type { Send } from './transport';

export const VALUES_PATH = '/v1/values';

/** A values or tuples definition of an option set, as `/v1/values` lists it. */
export interface ValuesDefinitionRef {
  name: string;
  /** Where its values are read (`/v1/values/price?options=shop`). */
  uri: string;
}

export type ValuesView = 'values' | 'aggregate' | 'all';

export interface ValuesQuery extends Omit<SearchScopeParams, 'view'> {
  /** String queries restricting the documents whose values are counted; several are ANDed. */
  q?: string | readonly string[];
  /** A structured query (JSON as an object or text, or XML text) ANDed with `q`. */
  structuredQuery?: string | Record<string, unknown>;
  /** Built-in aggregates to compute (`sum`, `avg`, `correlation`…), besides the definition's own. */
  aggregates?: readonly string[];
  /** `values` (the values alone), `aggregate` (the aggregates alone) or `all` (both, the default). */
  view?: ValuesView;
  direction?: 'ascending' | 'descending';
  /** Count each occurrence (`item`) or each document once (`fragment`). */
  frequency?: 'item' | 'fragment';
  /** Stop counting after this many values have been found. */
  limit?: number;
}

/** A read as it was sent and as it came back. */
export interface ValuesRead {
  response: ValuesResponse;
  /** As sent: with `txid` when the client runs in a transaction. */
  request: SearchRequestSpec;
  /** The URL the request went to, base URL included ('' for this page's origin). */
  url: string;
  /** The answer's text as received. */
  text: string;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface ValuesApi {
  /** The values and tuples definitions of the option set named `options` (the default set when omitted). */
  list(options?: string, request?: RequestOptions): Promise<ValuesDefinitionRef[]>;
  /** A definition's values or tuples, frequencies and aggregates, by GET. */
  read(name: string, query?: ValuesQuery, options?: RequestOptions): Promise<ValuesRead>;
  /**
   * The first values of a definition in option sets that are not stored: `POST
   * /v1/values/{name}` with the options inline in a combined query (a GET can only name a
   * stored set), as the Options page previews a set before it is saved.
   */
  preview(name: string, options: Record<string, unknown>, request?: ValuesPreviewOptions): Promise<ValuesResponse>;
}

export interface ValuesPreviewOptions extends RequestOptions {
  /** How many values (or tuples) to return; all of them otherwise. */
  pageLength?: number;
}

/** `GET /v1/values/{name}`: the request {@link ValuesApi.read} sends. */
export function valuesRequest(name: string, query: ValuesQuery = {}): SearchRequestSpec {
  if (name === '') throw new TypeError('A values definition needs a name');
  const params = new URLSearchParams();
  for (const q of list(query.q)) params.append('q', q);
  if (query.structuredQuery !== undefined) {
    params.set('structuredQuery', typeof query.structuredQuery === 'string' ? query.structuredQuery : JSON.stringify(query.structuredQuery));
  }
  const { view, aggregates, direction, frequency, limit, ...scope } = query;
  appendScope(params, scope);
  for (const a of aggregates ?? []) params.append('aggregate', a);
  if (view) params.set('view', view);
  if (direction) params.set('direction', direction);
  if (frequency) params.set('frequency', frequency);
  if (limit !== undefined) params.set('limit', String(checkInteger('limit', limit, 1)));
  params.set('format', 'json');
  return { method: 'GET', path: `${VALUES_PATH}/${encodeURIComponent(name)}`, params };
}

/** A JSON values answer, checked for the one key every answer has. */
export function readValuesResponse(text: string): ValuesResponse {
  const body = JSON.parse(text) as ValuesResponse;
  if (!body || typeof body !== 'object' || typeof body['values-response']?.name !== 'string') {
    throw new Error('The server answered JSON that is not a values response');
  }
  return body;
}

/** `scope`: the txid and database the client's `send` adds, so a read reports the URL it really went to. */
export function createValuesApi(send: Send, baseUrl: string, scope: RequestScope = {}): ValuesApi {
  const accept = { Accept: 'application/json' };
  return {
    async list(options, { signal } = {}) {
      const params = new URLSearchParams();
      if (options) params.set('options', options);
      params.set('format', 'json');
      const res = await send('GET', VALUES_PATH, params, { signal, headers: accept });
      const body = (await res.json()) as Partial<ValuesList> | null;
      const values = body?.['values-list']?.values;
      if (!Array.isArray(values)) throw new Error('The server answered JSON that is not a list of values definitions');
      return values.map(({ name, uri }) => ({ name, uri }));
    },

    async read(name, query = {}, { signal } = {}) {
      // Described inside the async function, so a bad argument rejects like any failure.
      const request = asSent(valuesRequest(name, query), scope);
      const res = await send(request.method, request.path, request.params, { signal, headers: accept });
      const text = await res.text();
      return { response: readValuesResponse(text), request, url: requestUrl(baseUrl, request), text };
    },

    async preview(name, options, { signal, pageLength } = {}) {
      if (name === '') throw new TypeError('A values definition needs a name');
      const params = new URLSearchParams({ format: 'json' });
      if (pageLength !== undefined) params.set('pageLength', String(checkInteger('pageLength', pageLength, 0)));
      const res = await send('POST', `${VALUES_PATH}/${encodeURIComponent(name)}`, params, {
        signal,
        headers: { 'Content-Type': 'application/json', ...accept },
        body: JSON.stringify({ search: { options } }),
      });
      return readValuesResponse(await res.text());
    },
  };
}
