/**
 * The database's index settings (`/manage/v2/databases/{db}/properties`, MarkLogic’s
 * Management API, database properties): range indexes on elements (a JSON property is an element with namespace ""),
 * range indexes on attributes, and the collection and URI lexicons. Kept in the `config`
 * store under one key, written through the write queue and cached, like the instance
 * properties.
 *
 * Each array in an update replaces the whole list of that kind (clients send existing +
 * new entries); properties not sent are left as they are. Entries are stored with every
 * field filled in (defaults applied, collation URIs in one spelling), so a GET shows what
 * the database uses and a GET → edit → PUT round trip is stable.
 *
 * `localname` may list several names separated by spaces, as in MarkLogic: one entry then
 * defines one index per name. {@link resolvedRangeIndexes} expands them; the search
 * engine keys its in-memory indexes by {@link ResolvedRangeIndex.key}.
 *
 * @example
 * await db.indexes.update({ 'range-element-index': [{ 'scalar-type': 'int', 'namespace-uri': '', localname: 'year' }] });
 * await db.indexes.requireRangeIndex({ scope: { kind: 'json-property', name: 'year' }, type: 'int' });
 */
import { DbError } from '../errors';
import type { TabulaIdb } from '../storage/schema';
import type { WriteQueue } from '../storage/write-queue';
import type { RangeIndexRef, Scope } from '../search/query-model';
import type { DatabaseIndexes, InvalidValues, RangeElementAttributeIndex as WireAttributeIndex, RangeElementIndex as WireElementIndex, ScalarType } from '../../wire/indexes';
import { canonicalCollation, collationProblem, ROOT_COLLATION } from './collation';
import { isNcName } from '../xml/namespaces';
import { checkLimit } from '../limits';
import { watched } from '../storage/requests';

/** The scalar types a range index can have in Tabula (MarkLogic has no boolean range index). */
export type { InvalidValues, ScalarType };
export const scalarTypes: readonly ScalarType[] = ['int', 'unsignedInt', 'long', 'unsignedLong', 'float', 'double', 'decimal', 'dateTime', 'time', 'date', 'string', 'anyURI'];

/** MarkLogic types Tabula does not index, named so the refusal says so instead of "unknown". */
const unsupportedScalarTypes = ['gYearMonth', 'gYear', 'gMonth', 'gDay', 'yearMonthDuration', 'dayTimeDuration', 'point', 'long-lat-point'];

// Entries as stored: the wire's, with a `scalar-type` Tabula indexes (validated on the way in).
export interface RangeElementIndex extends WireElementIndex {
  'scalar-type': ScalarType;
}

export interface RangeElementAttributeIndex extends WireAttributeIndex {
  'scalar-type': ScalarType;
}

/** What element and attribute indexes have alike. */
type RangeIndexCommon = Pick<RangeElementIndex, 'scalar-type' | 'collation' | 'range-value-positions' | 'invalid-values'>;

/** The database properties' index part, as stored: every entry validated and filled in. */
export interface IndexSettings extends Omit<DatabaseIndexes, 'database-name'> {
  'range-element-index': RangeElementIndex[];
  'range-element-attribute-index': RangeElementAttributeIndex[];
}

export type IndexSettingName = keyof IndexSettings;
export const indexSettingNames: readonly IndexSettingName[] = ['range-element-index', 'range-element-attribute-index', 'collection-lexicon', 'uri-lexicon'];

/** A new MarkLogic database's settings: no range indexes, the URI lexicon on, the collection lexicon off. */
export const defaultIndexSettings: IndexSettings = {
  'range-element-index': [],
  'range-element-attribute-index': [],
  'collection-lexicon': false,
  'uri-lexicon': true,
};

/** One index as the engine uses it: one element (or element + attribute) name, one type, one collation. */
export interface ResolvedRangeIndex {
  /** Stable identity: equal keys are the same index, whichever entry (or PUT) defined it. */
  key: string;
  type: ScalarType;
  /** Canonical collation URI for `string` and `anyURI`; undefined for the other types. */
  collation?: string;
  /** `element` (which also covers JSON properties when `ns` is "") or `element-attribute`. */
  scope: Extract<Scope, { kind: 'element' } | { kind: 'element-attribute' }>;
  invalidValues: InvalidValues;
  rangeValuePositions: boolean;
}

// --- validation ----------------------------------------------------------------------------

const invalid = (detail: string) => new DbError('MANAGE-INVALIDPAYLOAD', detail);

const isStringType = (t: ScalarType): boolean => t === 'string' || t === 'anyURI';

type Fields = Record<string, unknown>;

function booleanField(value: unknown, where: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  // The management API's JSON is generated from its XML schema, where booleans are text.
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw invalid(`${where} must be true or false, not ${JSON.stringify(value)}`);
}

function stringField(value: unknown, where: string, fallback?: string): string {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'string') throw invalid(`${where} must be a string, not ${JSON.stringify(value) ?? 'absent'}`);
  return value;
}

/**
 * Space-separated local names: at least one, each an XML NCName, as the server's schema
 * types the field (a JSON property is indexed as the element of that name, so a property
 * name that is not an NCName needs a path range index, which Tabula does not have).
 */
function localnamesField(value: unknown, where: string): string {
  const text = stringField(value, where).trim();
  const names = text.split(/\s+/).filter((n) => n !== '');
  if (names.length === 0) throw invalid(`${where} is required (one or more names separated by spaces)`);
  const bad = names.find((n) => !isNcName(n));
  if (bad) throw invalid(`${where}: ${JSON.stringify(bad)} is not an XML local name (NCName)`);
  return names.join(' ');
}

/**
 * Characters an IRI cannot hold (RFC 3987: space, controls, `<>"{}|\^` and the backquote),
 * and a `%` that does not start an escape.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const NOT_IN_URI = /[\s\u0000-\u001f\u007f-\u009f<>"{}|\\^`]|%(?![0-9A-Fa-f]{2})/;

/** A namespace URI: "" (no namespace) or a URI reference, as xs:anyURI takes it. */
function namespaceField(value: unknown, where: string): string {
  const uri = stringField(value ?? '', where).trim();
  if (NOT_IN_URI.test(uri)) throw invalid(`${where}: ${JSON.stringify(uri)} is not a namespace URI`);
  return uri;
}

function commonFields(e: Fields, where: string): RangeIndexCommon {
  const type = e['scalar-type'];
  if (typeof type !== 'string' || !(scalarTypes as readonly string[]).includes(type)) {
    const why = typeof type === 'string' && unsupportedScalarTypes.includes(type) ? ' (a MarkLogic type Tabula does not index)' : '';
    throw invalid(`${where}.scalar-type ${JSON.stringify(type) ?? 'is required'}${why}; use one of ${scalarTypes.join(', ')}`);
  }
  const scalar = type as ScalarType;
  const rawCollation = e.collation === undefined || e.collation === null ? '' : stringField(e.collation, `${where}.collation`).trim();
  let collation = '';
  if (isStringType(scalar)) {
    const problem = rawCollation === '' ? undefined : collationProblem(rawCollation);
    if (problem) throw invalid(`${where}.collation: ${problem}`);
    collation = canonicalCollation(rawCollation || ROOT_COLLATION);
  } else if (rawCollation !== '') {
    throw invalid(`${where}.collation: only string and anyURI indexes have a collation; a ${scalar} index takes ""`);
  }
  const invalidValues = e['invalid-values'] ?? 'reject';
  if (invalidValues !== 'reject' && invalidValues !== 'ignore') {
    throw invalid(`${where}.invalid-values must be reject or ignore, not ${JSON.stringify(invalidValues)}`);
  }
  return {
    'scalar-type': scalar,
    collation,
    'range-value-positions': booleanField(e['range-value-positions'], `${where}.range-value-positions`, false),
    'invalid-values': invalidValues,
  };
}

function entryFields(entry: unknown, where: string, allowed: readonly string[]): Fields {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw invalid(`${where} must be an object`);
  const unknown = Object.keys(entry).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) throw invalid(`${where}: unknown field ${unknown.join(', ')}; fields are ${allowed.join(', ')}`);
  return entry as Fields;
}

const elementFields = ['scalar-type', 'namespace-uri', 'localname', 'collation', 'range-value-positions', 'invalid-values'];
const attributeFields = ['scalar-type', 'parent-namespace-uri', 'parent-localname', 'namespace-uri', 'localname', 'collation', 'range-value-positions', 'invalid-values'];

function elementIndex(entry: unknown, where: string): RangeElementIndex {
  const e = entryFields(entry, where, elementFields);
  const common = commonFields(e, where);
  return {
    'scalar-type': common['scalar-type'],
    'namespace-uri': namespaceField(e['namespace-uri'], `${where}.namespace-uri`),
    localname: localnamesField(e.localname, `${where}.localname`),
    collation: common.collation,
    'range-value-positions': common['range-value-positions'],
    'invalid-values': common['invalid-values'],
  };
}

function attributeIndex(entry: unknown, where: string): RangeElementAttributeIndex {
  const e = entryFields(entry, where, attributeFields);
  const common = commonFields(e, where);
  return {
    'scalar-type': common['scalar-type'],
    'parent-namespace-uri': namespaceField(e['parent-namespace-uri'], `${where}.parent-namespace-uri`),
    'parent-localname': localnamesField(e['parent-localname'], `${where}.parent-localname`),
    'namespace-uri': namespaceField(e['namespace-uri'], `${where}.namespace-uri`),
    localname: localnamesField(e.localname, `${where}.localname`),
    collation: common.collation,
    'range-value-positions': common['range-value-positions'],
    'invalid-values': common['invalid-values'],
  };
}

function indexList<T>(value: unknown, name: string, entry: (e: unknown, where: string) => T): T[] {
  // A JSON serialiser of one-element lists (and XML converted to JSON) may send the entry bare.
  const list = Array.isArray(value) ? value : value === null ? [] : [value];
  return list.map((e, i) => entry(e, `${name}[${i}]`));
}

/**
 * A PUT body's index settings, checked and normalised; nothing is written when any part
 * is wrong. Unknown property names are 400 RESTAPI-UNSUPPORTEDPROP naming them; bad
 * values 400 MANAGE-INVALIDPAYLOAD naming the entry and field.
 */
export function parseIndexSettings(body: Record<string, unknown>): Partial<IndexSettings> {
  const unknown = Object.keys(body).filter((k) => !(indexSettingNames as readonly string[]).includes(k));
  if (unknown.length > 0) {
    throw new DbError('RESTAPI-UNSUPPORTEDPROP', `${unknown.join(', ')} (Tabula's database properties are database-name, ${indexSettingNames.join(', ')})`);
  }
  const out: Partial<IndexSettings> = {};
  if ('range-element-index' in body) out['range-element-index'] = indexList(body['range-element-index'], 'range-element-index', elementIndex);
  if ('range-element-attribute-index' in body) {
    out['range-element-attribute-index'] = indexList(body['range-element-attribute-index'], 'range-element-attribute-index', attributeIndex);
  }
  if ('collection-lexicon' in body) out['collection-lexicon'] = booleanField(body['collection-lexicon'], 'collection-lexicon', false);
  if ('uri-lexicon' in body) out['uri-lexicon'] = booleanField(body['uri-lexicon'], 'uri-lexicon', true);
  rejectDuplicates(out);
  return out;
}

/**
 * The indexes the settings define, one per name, within {@link limits.maxRangeIndexes}:
 * every write computes a document's values for each of them.
 */
export function checkRangeIndexCount(settings: IndexSettings): void {
  checkLimit('maxRangeIndexes', resolvedRangeIndexes(settings).length, 'the range indexes the database properties define');
}

/** Two entries defining the same index (same type, names and collation) are a mistake worth reporting. */
function rejectDuplicates(settings: Partial<IndexSettings>): void {
  const seen = new Map<string, string>();
  const check = (list: Array<RangeElementIndex | RangeElementAttributeIndex> | undefined, name: string) => {
    list?.forEach((entry, i) => {
      for (const index of resolveEntry(entry)) {
        const where = `${name}[${i}]`;
        const earlier = seen.get(index.key);
        if (earlier) throw invalid(`${where} defines the same ${index.type} index as ${earlier} (${describeScope(index.scope)})`);
        seen.set(index.key, where);
      }
    });
  };
  check(settings['range-element-index'], 'range-element-index');
  check(settings['range-element-attribute-index'], 'range-element-attribute-index');
}

// --- resolution ------------------------------------------------------------------------------

const qname = (ns: string, name: string): string => (ns ? `{${ns}}${name}` : name);

function describeScope(scope: ResolvedRangeIndex['scope'] | Scope): string {
  switch (scope.kind) {
    case 'json-property':
      return `JSON property ${scope.name}`;
    case 'element':
      return `element ${qname(scope.ns, scope.name)}`;
    case 'element-attribute':
      return `attribute ${qname(scope.attribute.ns, scope.attribute.name)} of element ${qname(scope.element.ns, scope.element.name)}`;
  }
}

function resolveEntry(entry: RangeElementIndex | RangeElementAttributeIndex): ResolvedRangeIndex[] {
  const type = entry['scalar-type'];
  const collation = isStringType(type) ? entry.collation : undefined;
  const base = { type, ...(collation ? { collation } : {}), invalidValues: entry['invalid-values'], rangeValuePositions: entry['range-value-positions'] };
  const names = entry.localname.split(' ');
  const suffix = `${type}|${collation ?? ''}`;
  if (!('parent-localname' in entry)) {
    const ns = entry['namespace-uri'];
    return names.map((name) => ({ key: `element|${qname(ns, name)}|${suffix}`, scope: { kind: 'element', name, ns }, ...base }));
  }
  const out: ResolvedRangeIndex[] = [];
  for (const parent of entry['parent-localname'].split(' ')) {
    const element = { name: parent, ns: entry['parent-namespace-uri'] };
    for (const name of names) {
      const attribute = { name, ns: entry['namespace-uri'] };
      out.push({ key: `attribute|${qname(element.ns, element.name)}@${qname(attribute.ns, attribute.name)}|${suffix}`, scope: { kind: 'element-attribute', element, attribute }, ...base });
    }
  }
  return out;
}

/** Every index the settings define, one per name, in definition order. */
export function resolvedRangeIndexes(settings: IndexSettings): ResolvedRangeIndex[] {
  return [...settings['range-element-index'], ...settings['range-element-attribute-index']].flatMap(resolveEntry);
}

/** What changed between two settings: indexes to build and indexes to drop (by key). */
export function diffRangeIndexes(before: IndexSettings, after: IndexSettings): { added: ResolvedRangeIndex[]; removed: ResolvedRangeIndex[] } {
  const was = new Map(resolvedRangeIndexes(before).map((i) => [i.key, i]));
  const now = new Map(resolvedRangeIndexes(after).map((i) => [i.key, i]));
  return {
    added: [...now.values()].filter((i) => !was.has(i.key)),
    removed: [...was.values()].filter((i) => !now.has(i.key)),
  };
}

/**
 * The collation a reference names, canonical; undefined for non-string types. A URI
 * Tabula cannot use is kept as written: no index has it, so MarkLogic’s documentation is "not found".
 */
function referenceCollation(ref: RangeIndexRef): string | undefined {
  if (ref.type !== 'string' && ref.type !== 'anyURI') return undefined;
  const uri = ref.collation || ROOT_COLLATION;
  return collationProblem(uri) ? uri : canonicalCollation(uri);
}

/**
 * The configured index a range query, facet, sort or values source refers to: same
 * type, same name (a JSON property is the element of that name in no namespace), same
 * attribute, same collation. Undefined when there is none.
 */
export function findRangeIndexIn(settings: IndexSettings, ref: RangeIndexRef): ResolvedRangeIndex | undefined {
  if (ref.type === 'boolean') return undefined;
  const collation = referenceCollation(ref);
  const scope = ref.scope.kind === 'json-property' ? { kind: 'element' as const, name: ref.scope.name, ns: '' } : ref.scope;
  return resolvedRangeIndexes(settings).find((index) => {
    if (index.type !== ref.type || index.collation !== collation) return false;
    const s = index.scope;
    if (scope.kind === 'element') return s.kind === 'element' && s.name === scope.name && s.ns === scope.ns;
    return (
      s.kind === 'element-attribute' &&
      s.element.name === scope.element.name &&
      s.element.ns === scope.element.ns &&
      s.attribute.name === scope.attribute.name &&
      s.attribute.ns === scope.attribute.ns
    );
  });
}

/**
 * The error of a reference to an index that does not exist, worded like the server's
 * (MarkLogic’s REST Application Developer’s Guide, error reporting): `cts:element-reference(fn:QName("","status"),("type=string",
 * "collation=…")) -- No string element range index for status collation=…`.
 */
export function rangeIndexNotFound(ref: RangeIndexRef): DbError {
  const collation = ref.type === 'string' || ref.type === 'anyURI' ? ref.collation ?? ROOT_COLLATION : undefined;
  const options = [`"type=${ref.type}"`, ...(collation ? [`"collation=${collation}"`] : [])].join(',');
  const tail = collation ? ` collation=${collation}` : '';
  const s = ref.scope;
  switch (s.kind) {
    case 'json-property':
      return new DbError('XDMP-ELEMRIDXNOTFOUND', `cts:json-property-reference("${s.name}",(${options})) -- No ${ref.type} element range index for ${s.name}${tail}`);
    case 'element':
      return new DbError('XDMP-ELEMRIDXNOTFOUND', `cts:element-reference(fn:QName("${s.ns}","${s.name}"),(${options})) -- No ${ref.type} element range index for ${qname(s.ns, s.name)}${tail}`);
    case 'element-attribute':
      return new DbError(
        'XDMP-ELEMATTRRIDXNOTFOUND',
        `cts:element-attribute-reference(fn:QName("${s.element.ns}","${s.element.name}"),fn:QName("${s.attribute.ns}","${s.attribute.name}"),(${options})) -- ` +
          `No ${ref.type} element-attribute range index for ${qname(s.element.ns, s.element.name)} ${qname(s.attribute.ns, s.attribute.name)}${tail}`,
      );
  }
}

// --- the store -------------------------------------------------------------------------------

const CONFIG_KEY = 'indexes';

function frozen(settings: IndexSettings): IndexSettings {
  for (const list of [settings['range-element-index'], settings['range-element-attribute-index']]) {
    list.forEach((entry) => Object.freeze(entry));
    Object.freeze(list);
  }
  return Object.freeze(settings);
}

export type IndexSettingsListener = (before: IndexSettings, after: IndexSettings) => void;

export class IndexConfigStore {
  /** Read once and kept: this store is the only writer of the record (single-writer rule). */
  private cache: Promise<IndexSettings> | undefined;
  private readonly listeners = new Set<IndexSettingsListener>();

  constructor(
    private readonly idb: TabulaIdb,
    private readonly queue: WriteQueue,
  ) {}

  /** The current settings, defaults filled in. Frozen: every reader shares the one cached copy. */
  get(): Promise<IndexSettings> {
    this.cache ??= watched(this.idb.transaction('config', 'readonly')).store.get(CONFIG_KEY).then((stored) => frozen({ ...defaultIndexSettings, ...(stored as Partial<IndexSettings> | undefined) }));
    this.cache.catch(() => (this.cache = undefined));
    return this.cache;
  }

  /**
   * Applies a PUT body (see {@link parseIndexSettings}): each property sent replaces
   * that setting, arrays included; the others stay. Checked before anything is written.
   * Listeners hear of the change after it has committed.
   */
  async update(body: Record<string, unknown>): Promise<IndexSettings> {
    const patch = parseIndexSettings(body);
    const [before, after] = await this.queue.run(async () => {
      const current = await this.get();
      const next = { ...current, ...patch };
      checkRangeIndexCount(next);
      frozen(next);
      const tx = watched(this.idb.transaction('config', 'readwrite'));
      await Promise.all([tx.store.put(next, CONFIG_KEY), tx.done]);
      this.cache = Promise.resolve(next);
      return [current, next] as const;
    });
    for (const listener of this.listeners) {
      // The settings are committed whatever a listener does; its failure is its own.
      try {
        listener(before, after);
      } catch (e) {
        console.error('[tabula] index settings listener failed:', e);
      }
    }
    return after;
  }

  /**
   * The database was reset under this store: the next read finds the defaults. Listeners
   * are not told: the one that keeps indexes live (the search index) is reset with it.
   */
  storageCleared(): void {
    this.cache = undefined;
  }

  /** Calls `listener` after every committed update (the search engine re-indexes from it). Returns the unsubscribe. */
  subscribe(listener: IndexSettingsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async findRangeIndex(ref: RangeIndexRef): Promise<ResolvedRangeIndex | undefined> {
    return findRangeIndexIn(await this.get(), ref);
  }

  /** The index, or 400 XDMP-ELEMRIDXNOTFOUND / XDMP-ELEMATTRRIDXNOTFOUND. */
  async requireRangeIndex(ref: RangeIndexRef): Promise<ResolvedRangeIndex> {
    const index = await this.findRangeIndex(ref);
    if (!index) throw rangeIndexNotFound(ref);
    return index;
  }
}
