/**
 * The database's range indexes: their definitions, read and replaced through the
 * Management API's `/manage/v2/databases/{db}/properties` (MarkLogic’s Management API reference, database properties), and their
 * state — ready, or being built in the background after a change — from
 * `/v1/config/indexes`, which also says which indexes each stored option set needs.
 *
 * A JSON property is indexed as an element in no namespace (`namespace-uri: ""`). Each
 * list sent replaces the whole list of that kind, so a caller edits the list it read and
 * sends it back; lists not sent are left as they are.
 *
 * On a real MarkLogic server the Management API listens on its own port (8002): this
 * module sends to the client's base URL, which is where Tabula answers both.
 *
 * @example
 * const { 'range-element-index': list } = await client.indexes.read();
 * await client.indexes.update({ 'range-element-index': [...list, { 'scalar-type': 'int', 'namespace-uri': '', localname: 'year', collation: '', 'range-value-positions': false, 'invalid-values': 'reject' }] });
 * (await client.indexes.report()).rangeIndexes; // [{ localname: 'year', state: 'building', done: 500, total: 2000, … }]
 */
import type { Send } from './transport';
import type { ConfiguredRangeIndex, DatabaseIndexes, NeededIndex, RangeElementIndex, ScalarType } from '../wire/indexes';

export type { DatabaseIndexes, InvalidValues, NeededIndex, RangeElementAttributeIndex, RangeElementIndex, ScalarType } from '../wire/indexes';
import { isObject } from './objects';

/** The scalar types Tabula's range indexes take (MarkLogic has more; those are refused by name). */
export const SCALAR_TYPES = ['string', 'int', 'unsignedInt', 'long', 'unsignedLong', 'float', 'double', 'decimal', 'dateTime', 'time', 'date', 'anyURI'] as const satisfies readonly ScalarType[];

/** The default collation for `string` and `anyURI` indexes. */
export const ROOT_COLLATION = 'http://marklogic.com/collation/';
export const CODEPOINT_COLLATION = 'http://marklogic.com/collation/codepoint';

/** The content database a Tabula instance has; a real server's is named by its REST instance. */
export const DEFAULT_DATABASE = 'Documents';

export type IndexUpdate = Partial<Omit<DatabaseIndexes, 'database-name'>>;

/** A configured range index (one name) and how far it is built, as this client reports it. */
export type RangeIndexState = Omit<ConfiguredRangeIndex, 'documents'>;

export interface OptionSetIndexes {
  name: string;
  /** Every needed index exists and is built. */
  complete: boolean;
  indexes: NeededIndex[];
}

export interface IndexReport {
  /** Per stored option set (and `default`). */
  optionSets: OptionSetIndexes[];
  /** Every configured range index, one per name. */
  rangeIndexes: RangeIndexState[];
}

export interface IndexRequestOptions {
  signal?: AbortSignal;
  /** The database whose properties are read or written; default: the client's own (`database`), else {@link DEFAULT_DATABASE}. */
  database?: string;
}

export interface IndexesApi {
  /** `GET /manage/v2/databases/{db}/properties` (JSON). */
  read(options?: IndexRequestOptions): Promise<DatabaseIndexes>;
  /** `PUT` of the properties given: each list replaces the list of its kind; the rest stay. */
  update(update: IndexUpdate, options?: IndexRequestOptions): Promise<void>;
  /** `GET /v1/config/indexes`: what each option set needs, and each range index's state. */
  report(options?: { signal?: AbortSignal }): Promise<IndexReport>;
}

export const CONFIG_INDEXES_PATH = '/v1/config/indexes';

const propertiesPath = (database: string | undefined): string => `/manage/v2/databases/${encodeURIComponent(database || DEFAULT_DATABASE)}/properties`;

/** `clientDatabase`: the client's `database`, the one whose properties are meant when a call names none. */
export function createIndexesApi(send: Send, clientDatabase?: string): IndexesApi {
  return {
    async read({ signal, database = clientDatabase } = {}) {
      const res = await send('GET', propertiesPath(database), new URLSearchParams({ format: 'json' }), { signal, headers: { Accept: 'application/json' } });
      return readDatabaseIndexes(await res.json());
    },

    async update(update, { signal, database = clientDatabase } = {}) {
      const res = await send('PUT', propertiesPath(database), undefined, {
        signal,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(update),
      });
      await res.body?.cancel();
    },

    async report({ signal } = {}) {
      const res = await send('GET', CONFIG_INDEXES_PATH, new URLSearchParams({ format: 'json' }), { signal, headers: { Accept: 'application/json' } });
      return readIndexReport(await res.json());
    },
  };
}

// The Management API's JSON is generated from its XML: a real server may write booleans
// and numbers as strings, and leaves out empty lists. Everything is read leniently.

type Json = Record<string, unknown>;
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : isObject(v) ? [v] : []);
const text = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const bool = (v: unknown, fallback: boolean): boolean => (v === true || v === 'true' ? true : v === false || v === 'false' ? false : fallback);
const count = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : 0;
};

function elementIndex(e: Json): RangeElementIndex {
  return {
    'scalar-type': text(e['scalar-type']),
    'namespace-uri': text(e['namespace-uri']),
    localname: text(e.localname),
    collation: text(e.collation),
    'range-value-positions': bool(e['range-value-positions'], false),
    'invalid-values': e['invalid-values'] === 'ignore' ? 'ignore' : 'reject',
  };
}

/** Database properties JSON as typed lists and booleans. */
export function readDatabaseIndexes(body: unknown): DatabaseIndexes {
  if (!isObject(body)) throw new Error('The server answered database properties that are not a JSON object');
  return {
    'database-name': text(body['database-name']),
    'range-element-index': listOf(body['range-element-index']).filter(isObject).map(elementIndex),
    'range-element-attribute-index': listOf(body['range-element-attribute-index'])
      .filter(isObject)
      .map((e) => ({ ...elementIndex(e), 'parent-namespace-uri': text(e['parent-namespace-uri']), 'parent-localname': text(e['parent-localname']) })),
    'collection-lexicon': bool(body['collection-lexicon'], false),
    'uri-lexicon': bool(body['uri-lexicon'], true),
  };
}

/** `/v1/config/indexes` JSON; entries it cannot read are left out rather than guessed. */
export function readIndexReport(body: unknown): IndexReport {
  if (!isObject(body)) throw new Error('The server answered an index report that is not a JSON object');
  const optionSets = listOf(body['index-summaries'])
    .filter(isObject)
    .map((s) => ({
      name: text(s['query-options']),
      complete: bool(s.complete, false),
      indexes: listOf(s.indexes).filter(isObject).flatMap(neededIndex),
    }));
  const rangeIndexes = listOf(body['range-indexes'])
    .filter(isObject)
    .flatMap((r): RangeIndexState[] => {
      if (r.state !== 'ready' && r.state !== 'building') return [];
      return [
        {
          'scalar-type': text(r['scalar-type']),
          localname: text(r.localname),
          'namespace-uri': text(r['namespace-uri']),
          ...(r['parent-localname'] !== undefined ? { 'parent-localname': text(r['parent-localname']), 'parent-namespace-uri': text(r['parent-namespace-uri']) } : {}),
          ...(typeof r.collation === 'string' && r.collation !== '' ? { collation: r.collation } : {}),
          state: r.state,
          done: count(r.done),
          total: count(r.total),
        },
      ];
    });
  return { optionSets, rangeIndexes };
}

function neededIndex(i: Json): NeededIndex[] {
  if (i.state !== 'ready' && i.state !== 'building' && i.state !== 'missing') return [];
  const qname = (q: unknown) => (isObject(q) ? { name: text(q.name), ns: text(q.ns) } : undefined);
  const element = qname(i.element);
  const attribute = qname(i.attribute);
  return [
    {
      usedBy: text(i.usedBy),
      'scalar-type': text(i['scalar-type']),
      ...(typeof i['json-property'] === 'string' ? { 'json-property': i['json-property'] } : {}),
      ...(element ? { element } : {}),
      ...(attribute ? { attribute } : {}),
      ...(typeof i.collation === 'string' ? { collation: i.collation } : {}),
      state: i.state,
    },
  ];
}
