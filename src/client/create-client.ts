/**
 * A small typed client of the MarkLogic-style REST API, used by the console, the
 * end-to-end tests and the benchmarks. It speaks plain HTTP through `fetch`, so the
 * same code talks to this browser's service worker, to `npm run serve`, or to a
 * real MarkLogic REST instance (with Basic credentials: fetch cannot do Digest).
 * It uses only what browsers and Node 20 both provide.
 *
 * @example
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8000', user: 'admin', password: 'admin' });
 * await client.documents.write('/a.json', '{"a":1}');
 * const doc = await client.documents.read('/a.json'); // { format: 'json', text: '{"a":1}', … }
 */
import { apiErrorFromResponse, networkError } from './api-error';
import { buildMultipart, quoteParam, type MultipartPart } from './multipart';
import { createSparqlApi, type SparqlApi } from './sparql';
import { createGraphsApi, type GraphsApi } from './graphs';
import { createQueryOptionsApi, type QueryOptionsApi } from './query-options';
import { createIndexesApi, type IndexesApi } from './indexes';
import { createSearchApi, type SearchApi } from './search';
import { createValuesApi, type ValuesApi } from './values';
import { createLexiconsApi, type LexiconsApi } from './lexicons';
import { createDatabaseApi, createSnapshotsApi, type DatabaseApi, type SnapshotsApi } from './scenes';
import { createTransactionsApi, type TransactionsApi } from './transactions';
import { asSent, createDatabasesApi, createInstancesApi, type DatabasesApi, type InstancesApi, type RequestScope } from './databases';
import type { Send } from './transport';
import type {
  BulkWrittenDocument,
  DocumentBody,
  DocumentContent,
  DocumentFormat,
  DocumentMetadata,
} from './types';
import type { SampleSummary, SamplesList } from '../wire/samples';

export { ApiError } from './api-error';
export { asSent, BUILT_IN_INSTANCE, instanceBaseUrl, instancePath, type RequestScope } from './databases';
export type { ErrorResponse } from './api-error';
export type * from './types';
export type { SampleSummary } from '../wire/samples';
export type { ListQuery, SearchScope, SearchQuery, SearchApi } from './search';
export type { ValuesApi, ValuesDefinitionRef, ValuesQuery, ValuesRead, ValuesView } from './values';
export type { DatabaseApi, ImportSceneOptions, SceneImported, SceneProgress, SnapshotInfo, SnapshotsApi } from './scenes';
export type { OpenedTransaction, OpenTransactionOptions, TransactionStatus, TransactionsApi } from './transactions';
export type { DatabaseCounts, DatabasesApi, InstancesApi, RemoveInstanceOptions, RestInstance, RestInstanceSpec } from './databases';

export interface ClientOptions {
  /**
   * Where the API lives, e.g. `http://127.0.0.1:8000`: each request goes to it followed by the
   * API path. Omitted: this page's own origin (in a browser, the service worker answers there).
   * A path (`/tabula/instances/shop`, `instancePath`) is one on this page's origin: there a
   * REST instance other than the built-in one answers. Required in Node, unless `fetch` is given
   * (which then receives the URL as it is).
   */
  baseUrl?: string;
  /** Sent as HTTP Basic credentials when set; otherwise no Authorization header. */
  user?: string;
  password?: string;
  /** Injected for tests and for hosts with their own fetch. */
  fetch?: typeof fetch;
  /**
   * The open multi-statement transaction every request runs in, by its id: `txid` is sent to
   * the paths that take one (documents, search, QBE, values, suggest, graphs, SPARQL, things; `carriesTransaction` in
   * ./transactions). Usually set through {@link TabulaClient.withTransaction}.
   */
  transaction?: string;
  /**
   * The database every request runs against, by name: `database` is sent to the paths that
   * take one (the data endpoints, `/v1/config/…`, transactions, Tabula's whole-database paths;
   * `carriesDatabase` in ./databases) and to no other. Without it a request reaches its REST
   * instance's content database. Usually set through {@link TabulaClient.withDatabase}.
   */
  database?: string;
  /**
   * The content database of the REST instance `baseUrl` reaches, when it is not
   * `Documents`: the database a request means when it names none, for the calls
   * whose path must name one (a database's index properties, `client.indexes`). Requests that
   * take `database=` still send none for it: the instance's content database answers them.
   */
  contentDatabase?: string;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface WriteOptions extends RequestOptions {
  /** Content-Type sent with the body; inferred from `format`, the body or the URI otherwise. */
  contentType?: string;
  format?: Exclude<DocumentFormat, 'binary'> | 'binary';
  /** Replaces the document's collections. */
  collections?: string[];
}

export interface WriteResult {
  /** `true` when the document did not exist before (201), `false` when replaced (204). */
  created: boolean;
}

export interface BulkDocument {
  uri: string;
  content: DocumentBody;
  contentType?: string;
  /** This document's own metadata; without it, `defaultMetadata` or the server defaults apply. */
  metadata?: Partial<DocumentMetadata>;
}

export interface BulkProgress {
  /** Documents written so far (committed batches only). */
  written: number;
  total: number;
}

export interface BulkWriteOptions extends RequestOptions {
  /** Documents per request; every request is one transaction. Default 50. */
  batchSize?: number;
  /** A batch is closed early once its content reaches this many bytes. Default 16 MiB. */
  maxBatchBytes?: number;
  /** Metadata applied to every document that has none of its own. */
  defaultMetadata?: Partial<DocumentMetadata>;
  onProgress?: (progress: BulkProgress) => void;
}

export interface TabulaClient {
  /** The base URL requests go to: '' for this page's origin, a path (`/tabula/instances/shop`) for a place on it. */
  readonly baseUrl: string;
  readonly user: string | undefined;
  /** The transaction this client's requests run in (`txid`), if any. */
  readonly transaction: string | undefined;
  /**
   * The same client with every request to documents, search, QBE, values, suggest, graphs, SPARQL and things run
   * inside transaction `txid` (undefined: outside any). This client is unchanged.
   */
  withTransaction(txid: string | undefined): TabulaClient;
  /** The database this client's requests name (`database`), if any: none means the instance's content database. */
  readonly databaseName: string | undefined;
  /**
   * The same client with every request that takes `database` run against database `name`
   * (undefined: the instance's content database). This client is unchanged.
   */
  withDatabase(name: string | undefined): TabulaClient;
  /** The server's databases (`/manage/v2/databases`): list, counts, create, remove. */
  readonly databases: DatabasesApi;
  /** The server's REST instances (`/v1/rest-apis`): list, create, remove. */
  readonly instances: InstancesApi;
  /** Multi-statement transactions (`/v1/transactions`): open, status, commit, rollback. */
  readonly transactions: TransactionsApi;
  /** Resolves when the server answers `/v1/ping`; rejects with an ApiError otherwise. */
  ping(options?: RequestOptions): Promise<void>;
  readonly documents: {
    read(uri: string, options?: RequestOptions): Promise<DocumentContent>;
    readMetadata(uri: string, options?: RequestOptions): Promise<DocumentMetadata>;
    write(uri: string, content: DocumentBody, options?: WriteOptions): Promise<WriteResult>;
    /** Replaces the metadata categories present in `metadata` (PUT category=metadata). */
    writeMetadata(uri: string, metadata: Partial<DocumentMetadata>, options?: RequestOptions): Promise<void>;
    /** Deletes documents; deleting one that does not exist is not an error (MarkLogic’s REST API reference, DELETE /v1/documents). */
    remove(uris: string | readonly string[], options?: RequestOptions): Promise<void>;
    /** Writes many documents in batches of multipart POSTs; each batch is atomic. */
    bulkWrite(documents: readonly BulkDocument[], options?: BulkWriteOptions): Promise<BulkWrittenDocument[]>;
  };
  readonly search: SearchApi;
  readonly sparql: SparqlApi;
  readonly graphs: GraphsApi;
  /** Named query option sets (`/v1/config/query`). */
  readonly queryOptions: QueryOptionsApi;
  /** Range index definitions and their re-indexing state. */
  readonly indexes: IndexesApi;
  /** Values and tuples lexicons with frequencies and aggregates (`/v1/values`). */
  readonly values: ValuesApi;
  /** Pages of the URI and collection lexicons (`POST /v1/values/{name}` with an inline definition). */
  readonly lexicons: LexiconsApi;
  /** The whole database, through Tabula's own paths (`/tabula/v1/…`; a MarkLogic server has none): reset, scene export and import. */
  readonly database: DatabaseApi;
  /** Named snapshots of the database kept in the browser (`/tabula/v1/snapshots`). */
  readonly snapshots: SnapshotsApi;
  /** The bundled sample scenes (`/tabula/v1/samples`; a MarkLogic server has none). */
  readonly samples: {
    /** The samples there are, with a title and a description each. */
    list(options?: RequestOptions): Promise<SampleSummary[]>;
    /** Replaces the whole database with the sample `name`. Admin only. */
    load(name: string, options?: RequestOptions): Promise<void>;
  };
}

const DEFAULT_BATCH_SIZE = 50;
const DEFAULT_MAX_BATCH_BYTES = 16 * 1024 * 1024;

export function createClient(options: ClientOptions = {}): TabulaClient {
  const baseUrl = resolveBaseUrl(options.baseUrl, options.fetch !== undefined);
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const authorization = options.user ? basicAuthorization(options.user, options.password ?? '') : undefined;
  const transaction = options.transaction || undefined;
  const database = options.database || undefined;
  const scope: RequestScope = { transaction, database };

  const send: Send = async (method, path, sentParams, init = {}) => {
    const params = transaction === undefined && database === undefined ? sentParams : asSent({ path, params: sentParams ?? new URLSearchParams() }, scope).params;
    const query = params && [...params.keys()].length > 0 ? `?${params}` : '';
    const url = `${baseUrl}${path}${query}`;
    const headers = new Headers(init.headers);
    // Errors come back as JSON whatever the request accepts (MarkLogic’s REST Application Developer’s Guide, error reporting), so they parse the same everywhere.
    headers.set('X-Error-Accept', 'application/json');
    if (authorization) headers.set('Authorization', authorization);
    let res: Response;
    try {
      res = await doFetch(url, { ...init, method, headers });
    } catch (err) {
      if (isAbort(err)) throw err;
      throw networkError(err, { method, url });
    }
    // 303 See Other is an answer, not a failure: opening a transaction names its status that way
    // (a fetch that follows redirects never hands it back; one called on a handler directly does).
    if (!res.ok && !(res.status === 303 && res.headers.has('location'))) throw await apiErrorFromResponse(res, { method, url });
    return res;
  };

  const discard = async (res: Response) => {
    await res.body?.cancel();
  };

  const documents: TabulaClient['documents'] = {
    async read(uri, { signal } = {}) {
      const { method, path, params, headers } = documentReadRequest(uri);
      const res = await send(method, path, params, { signal, headers });
      const contentType = mediaType(res.headers.get('content-type')) || 'application/octet-stream';
      const format = documentFormat(res.headers.get('vnd.marklogic.document-format'), contentType);
      if (format === 'binary') {
        const blob = await res.blob();
        return { uri, format, contentType, size: blob.size, blob };
      }
      const text = await res.text();
      return { uri, format, contentType, size: new TextEncoder().encode(text).byteLength, text };
    },

    async readMetadata(uri, { signal } = {}) {
      const { method, path, params, headers } = documentReadRequest(uri, 'metadata');
      const res = await send(method, path, params, { signal, headers });
      return normaliseMetadata(await res.json());
    },

    async write(uri, content, { signal, contentType, format, collections } = {}) {
      const params = new URLSearchParams({ uri });
      for (const c of collections ?? []) params.append('collection', c);
      const type = contentType ?? contentTypeFor(uri, content, format);
      const res = await send('PUT', '/v1/documents', params, {
        signal,
        headers: { 'Content-Type': type },
        body: content as BodyInit,
      });
      await discard(res);
      return { created: res.status === 201 };
    },

    async writeMetadata(uri, metadata, { signal } = {}) {
      const params = new URLSearchParams({ uri, category: 'metadata' });
      const res = await send('PUT', '/v1/documents', params, {
        signal,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(metadata),
      });
      await discard(res);
    },

    async remove(uris, { signal } = {}) {
      const list = typeof uris === 'string' ? [uris] : [...uris];
      if (list.length === 0) return;
      const params = new URLSearchParams();
      for (const uri of list) params.append('uri', uri);
      await discard(await send('DELETE', '/v1/documents', params, { signal }));
    },

    async bulkWrite(docs, { signal, batchSize = DEFAULT_BATCH_SIZE, maxBatchBytes = DEFAULT_MAX_BATCH_BYTES, defaultMetadata, onProgress } = {}) {
      if (!(batchSize >= 1)) throw new RangeError(`batchSize must be at least 1, got ${batchSize}`);
      const written: BulkWrittenDocument[] = [];
      const total = docs.length;
      let done = 0;
      onProgress?.({ written: 0, total });
      for (const batch of batches(docs, batchSize, maxBatchBytes)) {
        const { body, contentType } = buildMultipart(bulkParts(batch, defaultMetadata));
        const res = await send('POST', '/v1/documents', undefined, {
          signal,
          headers: { 'Content-Type': contentType, Accept: 'application/json' },
          body,
        });
        const answer = (await res.json()) as { documents?: BulkWrittenDocument[] };
        written.push(...(answer.documents ?? []));
        done += batch.length;
        onProgress?.({ written: done, total });
      }
      return written;
    },
  };

  return {
    baseUrl,
    user: options.user || undefined,
    transaction,
    withTransaction: (txid) => createClient({ ...options, transaction: txid }),
    databaseName: database,
    withDatabase: (name) => createClient({ ...options, database: name }),
    databases: createDatabasesApi(send),
    instances: createInstancesApi(send),
    transactions: createTransactionsApi(send),
    async ping({ signal } = {}) {
      await discard(await send('GET', '/v1/ping', undefined, { signal }));
    },
    documents,
    search: createSearchApi(send),
    sparql: createSparqlApi(send),
    graphs: createGraphsApi(send),
    queryOptions: createQueryOptionsApi(send),
    indexes: createIndexesApi(send, database ?? (options.contentDatabase || undefined)),
    values: createValuesApi(send, baseUrl, scope),
    lexicons: createLexiconsApi(send),
    database: createDatabaseApi(send),
    snapshots: createSnapshotsApi(send),
    samples: {
      async list({ signal } = {}) {
        const res = await send('GET', '/tabula/v1/samples', undefined, { signal, headers: { Accept: 'application/json' } });
        const body = (await res.json()) as Partial<SamplesList> | null;
        if (!Array.isArray(body?.samples)) throw new Error('The server answered JSON that is not a list of samples');
        return body.samples;
      },
      async load(name, { signal } = {}) {
        await discard(await send('POST', `/tabula/v1/samples/${encodeURIComponent(name)}`, undefined, { signal }));
      },
    },
  };
}

/**
 * The GET that reads a document's content (no Accept: the server answers in the
 * document's own format) or its metadata as JSON, as {@link TabulaClient.documents}
 * sends it: a page can show and copy exactly that request.
 */
export function documentReadRequest(uri: string, category: 'content' | 'metadata' = 'content') {
  const params = new URLSearchParams(category === 'content' ? { uri } : { uri, category: 'metadata', format: 'json' });
  const headers: Record<string, string> = category === 'content' ? {} : { Accept: 'application/json' };
  return { method: 'GET' as const, path: '/v1/documents', params, headers };
}

function resolveBaseUrl(baseUrl: string | undefined, ownFetch: boolean): string {
  const base = (baseUrl ?? '').replace(/\/+$/, '');
  const inPage = typeof globalThis.location?.origin === 'string';
  if (/^[a-z][a-z0-9+.-]*:/i.test(base)) return base;
  if (base !== '' && !base.startsWith('/')) throw new TypeError(`createClient: baseUrl must be a URL or a path starting with /, got ${JSON.stringify(baseUrl)}`);
  // A relative URL only means something inside a page; Node's fetch rejects it.
  if (inPage || (base !== '' && ownFetch)) return base;
  throw new TypeError('createClient: baseUrl is required outside a browser page');
}

/** `Basic base64(user:password)`, with the credentials encoded as UTF-8 (RFC 7617). */
export function basicAuthorization(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `Basic ${btoa(binary)}`;
}

function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

// The format header may be hidden from a cross-origin page (it is not a CORS-safelisted
// response header), so fall back to what the media type implies, as the server's own
// rules do (the media type decides when no format is named).
function documentFormat(header: string | null, contentType: string): DocumentFormat {
  if (header === 'json' || header === 'xml' || header === 'text' || header === 'binary') return header;
  if (/^[^/]+\/([^+]+\+)?json$/.test(contentType)) return 'json';
  if (/^[^/]+\/([^+]+\+)?xml$/.test(contentType)) return 'xml';
  if (contentType.startsWith('text/')) return 'text';
  return 'binary';
}

const formatTypes: Record<DocumentFormat, string> = {
  json: 'application/json',
  xml: 'application/xml',
  text: 'text/plain',
  binary: 'application/octet-stream',
};

/** The Content-Type to send when the caller gave none. */
export function contentTypeFor(uri: string, content: DocumentBody, format?: DocumentFormat): string {
  if (format) return formatTypes[format];
  if (typeof Blob !== 'undefined' && content instanceof Blob && content.type) return content.type;
  const ext = /\.([A-Za-z0-9]+)$/.exec(uri)?.[1]?.toLowerCase();
  if (ext === 'json') return formatTypes.json;
  if (ext === 'xml') return formatTypes.xml;
  if (typeof content === 'string') return formatTypes.text;
  return formatTypes.binary;
}

function normaliseMetadata(body: Partial<DocumentMetadata>): DocumentMetadata {
  return {
    collections: body.collections ?? [],
    permissions: body.permissions ?? [],
    properties: body.properties ?? {},
    quality: body.quality ?? 0,
    metadataValues: body.metadataValues ?? {},
  };
}

function byteSize(body: DocumentBody): number {
  if (typeof body === 'string') return body.length * 3; // an upper bound is enough to size batches
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return body.byteLength;
  return body.size;
}

function* batches(docs: readonly BulkDocument[], size: number, maxBytes: number): Generator<BulkDocument[]> {
  let batch: BulkDocument[] = [];
  let bytes = 0;
  for (const doc of docs) {
    const n = byteSize(doc.content);
    if (batch.length > 0 && (batch.length >= size || bytes + n > maxBytes)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(doc);
    bytes += n;
  }
  if (batch.length > 0) yield batch;
}

function bulkParts(docs: readonly BulkDocument[], defaultMetadata: Partial<DocumentMetadata> | undefined): MultipartPart[] {
  const parts: MultipartPart[] = [];
  if (defaultMetadata) {
    parts.push({
      headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'inline; category=metadata' },
      body: JSON.stringify(defaultMetadata),
    });
  }
  for (const doc of docs) {
    const filename = `attachment; filename=${quoteParam(doc.uri)}`;
    if (doc.metadata) {
      parts.push({
        headers: { 'Content-Type': 'application/json', 'Content-Disposition': `${filename}; category=metadata` },
        body: JSON.stringify(doc.metadata),
      });
    }
    parts.push({
      headers: {
        'Content-Type': doc.contentType ?? contentTypeFor(doc.uri, doc.content),
        'Content-Disposition': doc.metadata ? `${filename}; category=content` : filename,
      },
      body: doc.content,
    });
  }
  return parts;
}

function isAbort(err: unknown): boolean {
  return err instanceof Error && err.name === 'AbortError';
}
