/**
 * The URI and collection lexicons, read as pages of values (MarkLogic's REST API reference,
 * POST /v1/values/{name}; MarkLogic's Search Developer's Guide, "Browsing With Lexicons"):
 * the definition travels inline in a combined query (`{"search": {"options": {"values":
 * [...]}}}`), so nothing has to be stored on the server first and the same request works
 * against a MarkLogic REST server. The scope parameters (`directory`, `collection`) restrict
 * the documents whose URIs or collections are listed, as they restrict a search.
 *
 * The URI lexicon answers in codepoint order, which is what lets a caller walk a directory
 * by positions (`start`, `pageLength`): every URI under one prefix is contiguous.
 *
 * @example
 * await client.lexicons.uris({ directory: '/orders/', start: 1, pageLength: 1000 }); // ['/orders/1.json', …]
 * await client.lexicons.collections({ prefix: 'ord' }); // [{ value: 'orders', frequency: 12 }]
 */
import { appendScope, type SearchScopeParams } from './search';
import { readValuesResponse, VALUES_PATH } from './values';
import type { Send } from './transport';

export interface LexiconScope {
  /** Documents under this directory (any depth). */
  directory?: string;
  /** Documents in any of these collections. */
  collection?: string | readonly string[];
  /** 1-based position of the first value to return. */
  start?: number;
  /** How many values to return; all of them from `start` on when absent. */
  pageLength?: number;
}

export interface CollectionsScope extends LexiconScope {
  /** Only collections whose URI starts with this (the collection lexicon's `prefix`). */
  prefix?: string;
}

export interface LexiconValue {
  value: string;
  /** Documents carrying it (a collection), or 1 (a URI). */
  frequency: number;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface LexiconsApi {
  /** A page of document URIs from the URI lexicon, in codepoint order. */
  uris(scope?: LexiconScope, options?: RequestOptions): Promise<string[]>;
  /** A page of collection URIs from the collection lexicon, each with how many documents are in it. */
  collections(scope?: CollectionsScope, options?: RequestOptions): Promise<LexiconValue[]>;
}

/** The names the inline definitions go by; a stored option set's own definitions are not read. */
export const URIS_DEFINITION = 'tabula-console-uris';
export const COLLECTIONS_DEFINITION = 'tabula-console-collections';

/** The request {@link LexiconsApi} sends for one definition: path, parameters and combined-query body. */
export function lexiconRequest(name: string, definition: Record<string, unknown>, scope: LexiconScope): { path: string; params: URLSearchParams; body: string } {
  const params = new URLSearchParams();
  const { directory, collection, start, pageLength } = scope;
  appendScope(params, { directory, collection, start, pageLength } satisfies SearchScopeParams);
  params.set('format', 'json');
  return {
    path: `${VALUES_PATH}/${encodeURIComponent(name)}`,
    params,
    body: JSON.stringify({ search: { options: { values: [{ name, ...definition }] } } }),
  };
}

export function createLexiconsApi(send: Send): LexiconsApi {
  const read = async (name: string, definition: Record<string, unknown>, scope: LexiconScope, signal: AbortSignal | undefined): Promise<LexiconValue[]> => {
    const { path, params, body } = lexiconRequest(name, definition, scope);
    const res = await send('POST', path, params, { signal, headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body });
    const values = readValuesResponse(await res.text())['values-response']['distinct-value'] ?? [];
    return values.map((v) => ({ value: String(v._value), frequency: Number(v.frequency) }));
  };
  return {
    async uris(scope = {}, { signal } = {}) {
      // `"uri": null` is the JSON form of the empty <uri/> of MarkLogic's query options.
      return (await read(URIS_DEFINITION, { uri: null }, scope, signal)).map((v) => v.value);
    },
    collections({ prefix = '', ...scope } = {}, { signal } = {}) {
      return read(COLLECTIONS_DEFINITION, { collection: { prefix } }, scope, signal);
    },
  };
}
