/**
 * Reading a scene completely before anything is committed (docs/scenes.md, Import): the
 * manifest and its version, every entry's CRC (zip-reader.ts), every JSON entry, every
 * document against the validation a write gives it, and the triples through the engine.
 * The small entries are read at once (the head); the triples and documents (the body) a
 * batch at a time, synchronously, by a generator the commit (commit.ts) drives inside its one
 * IndexedDB transaction, so checking a batch overlaps the writing of the one before. Any
 * problem is a TABULA-BADSCENE naming the entry and what is wrong; the commit then aborts,
 * and nothing has changed.
 */
import { DbError } from '../errors';
import { decodeUtf8, toStoredContent } from '../documents/content';
import { documentFormats, type DocumentFormat, type StoredDocument } from '../documents/types';
import { mimeTypeFor } from '../documents/format';
import { validateCollections, validateMetadataValues, validatePermissions, validateProperties, validateQuality } from '../documents/metadata';
import { parseJson } from '../json/parse';
import { isObject } from '../util/objects';
import { checkedProperties, withChanges, type StoredProperties } from '../config/properties';
import { checkRangeIndexCount, defaultIndexSettings, parseIndexSettings, type IndexSettings } from '../indexes/config';
import { parseOptionsBody } from '../options/convert';
import { validateOptions } from '../options/validate';
import type { StoredQueryOptions } from '../storage/schema';
import type { GraphRecord } from '../triples/graph-permissions';
import { checkGraphIri } from '../triples/graph-names';
import type { NQuadsChecker } from '../triples/triple-store';
import { isBuiltinRole } from '../security/roles';
import { isUserName } from '../security/users';
import type { RoleLookup, StoredRole, StoredUser } from '../security/types';
import type { Permission } from '../documents/types';
import { strictUtf8 } from '../util/bytes';
import { listZip, readEntry } from './zip-reader';
import {
  DATABASE, DOCUMENTS_DIR, GRAPHS, MANIFEST, METADATA_DIR, OPTIONS_DIR, PROPERTIES, QUADS, ROLES, SCENE_FORMAT, SCENE_VERSION, USERS,
  uriOfEntryPath,
} from './layout';

/** A scene's entries by name: an archive (zipSource) or entries built in memory (a sample). */
export interface SceneSource {
  readonly names: readonly string[];
  read(name: string): Uint8Array;
}

export function zipSource(bytes: Uint8Array): SceneSource {
  const entries = new Map(listZip(bytes).map((e) => [e.name, e]));
  return { names: [...entries.keys()], read: (name) => readEntry(bytes, entries.get(name)!) };
}

export function mapSource(entries: ReadonlyMap<string, Uint8Array>): SceneSource {
  return { names: [...entries.keys()], read: (name) => entries.get(name)! };
}

/** Where an import is: reading documents or triples (done of total), or writing. */
export interface SceneProgress {
  phase: 'documents' | 'triples' | 'writing';
  done: number;
  total: number;
}

/** Documents per batch of the body: between two, progress is reported and other requests run. */
const DOCUMENT_BATCH = 1_000;

/** The scene's small entries, validated, in the stored forms. */
export interface SceneHead {
  graphs: GraphRecord[];
  options: StoredQueryOptions[];
  /** Absent when the scene has no such entry: the database's own stays (merge) or goes back to the default (replace). */
  indexes?: IndexSettings;
  properties?: StoredProperties;
  roles?: StoredRole[];
  users?: StoredUser[];
}

/**
 * A batch of the body, validated, in the stored form: one N-Quads piece (cut at a line end,
 * at most {@link QUAD_PIECE_BYTES} bytes) or up to {@link DOCUMENT_BATCH} documents (versions
 * are the commit's; `version` here is 0).
 */
export type SceneBatch = { quads: string } | { documents: StoredDocument[] };

/** What the body read: documents, and quads (distinct, when checked through the engine). */
export interface SceneCounts {
  documents: number;
  triples: number;
}

/** A scene being read: the head already, the body as its consumer pulls it. */
export interface SceneRead {
  head: SceneHead;
  /** Synchronous, so its consumer may run it inside an IndexedDB transaction; throws on the first problem. */
  body: Generator<SceneBatch, SceneCounts, void>;
}

export interface ReadContext {
  /** Checks the triples (not needed when `trusted`). */
  checker?: NQuadsChecker;
  /** Whether stored options are validated when the scene does not say (its properties): the database's own setting. */
  validateOptions: boolean;
  /**
   * A scene this code wrote (a named snapshot being restored): entries are still CRC-checked
   * and the layout read as always, but documents and triples are not validated again — the
   * costly part of an import, which a restore must not pay twice.
   */
  trusted?: boolean;
  /** Told where the reading is, now and then (the console shows it). */
  onProgress?: (progress: SceneProgress) => void;
  /** Roles that exist besides the built-in ones and the scene's own (merge: the database's created roles). */
  existingRoles: RoleLookup;
}

/** Size of the N-Quads pieces read from a scene (and stored as the triple snapshot's pieces). */
export const QUAD_PIECE_BYTES = 4 * 1024 * 1024;

const bad = (message: string) => new DbError('TABULA-BADSCENE', message);

/** The entry a label names (`security/users.json [2]` → `security/users.json`). */
const entryOf = (label: string) => label.split(' ')[0];

/** Runs `read` for one entry; any error it raises is reported as that entry's. */
function inEntry<T>(name: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof DbError && e.code === 'TABULA-BADSCENE') throw e.detail.startsWith(entryOf(name)) ? e : bad(`${name}: ${e.detail}`);
    if (e instanceof DbError) throw bad(`${name}: ${e.code}: ${e.detail}`);
    throw bad(`${name}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function jsonOf(source: SceneSource, name: string): unknown {
  return inEntry(name, () => parseJson(strictUtf8(source.read(name), () => bad(`${name}: not UTF-8`)), name, (reason) => bad(`${name}: not JSON: ${reason}`)));
}

function arrayOf(value: unknown, name: string): unknown[] {
  if (!Array.isArray(value)) throw bad(`${name}: expected a JSON array`);
  return value;
}

function objectOf(value: unknown, name: string): Record<string, unknown> {
  if (!isObject(value)) throw bad(`${name}: expected a JSON object`);
  return value;
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Reads the head of a scene, throwing on its first problem; the body is read as it is pulled. */
export function readScene(source: SceneSource, ctx: ReadContext): SceneRead {
  const names = new Set(source.names.filter((n) => !n.endsWith('/'))); // directory entries of hand-made archives
  if (!names.has(MANIFEST)) throw bad(`no ${MANIFEST}: not a Tabula scene`);
  const manifest = objectOf(jsonOf(source, MANIFEST), MANIFEST);
  if (manifest.format !== SCENE_FORMAT) throw bad(`${MANIFEST}: format is ${JSON.stringify(manifest.format)}, not "${SCENE_FORMAT}"`);
  if (manifest.version !== SCENE_VERSION) throw bad(`${MANIFEST}: format version ${JSON.stringify(manifest.version)} is unknown; this Tabula reads version ${SCENE_VERSION}`);
  names.delete(MANIFEST);
  const take = (name: string) => names.delete(name);

  const head: SceneHead = { graphs: [], options: [] };
  if (take(PROPERTIES)) {
    head.properties = inEntry(PROPERTIES, () => withChanges({}, checkedProperties(objectOf(jsonOf(source, PROPERTIES), PROPERTIES))));
  }
  const validating = head.properties?.['validate-options'] ?? ctx.validateOptions;
  if (take(DATABASE)) {
    head.indexes = inEntry(DATABASE, () => {
      const { 'database-name': _name, ...body } = objectOf(jsonOf(source, DATABASE), DATABASE);
      const settings = { ...defaultIndexSettings, ...parseIndexSettings(body) };
      checkRangeIndexCount(settings);
      return settings;
    });
  }
  if (take(ROLES)) head.roles = arrayOf(jsonOf(source, ROLES), ROLES).map((r, i) => inEntry(`${ROLES} [${i}]`, () => roleOf(r)));
  const sceneRoles = new Set((head.roles ?? []).map((r) => r.name));
  const roles: RoleLookup = { has: (name) => isBuiltinRole(name) || sceneRoles.has(name) || ctx.existingRoles.has(name) };
  for (const role of head.roles ?? []) {
    for (const r of role.roles) if (!roles.has(r)) throw bad(`${ROLES}: role ${role.name} inherits ${r}, which does not exist`);
    inEntry(ROLES, () => validatePermissions(role.permissions, roles));
  }
  if (take(USERS)) head.users = arrayOf(jsonOf(source, USERS), USERS).map((u, i) => inEntry(`${USERS} [${i}]`, () => userOf(u, roles)));
  if (take(GRAPHS)) {
    head.graphs = arrayOf(jsonOf(source, GRAPHS), GRAPHS).map((g, i) =>
      inEntry(`${GRAPHS} [${i}]`, () => {
        const o = objectOf(g, GRAPHS);
        if (typeof o.iri !== 'string') throw bad('iri must be a string');
        return { iri: checkGraphIri(o.iri), permissions: validatePermissions(o.permissions ?? [], roles) };
      }),
    );
  }
  for (const name of [...names]) {
    if (!name.startsWith(OPTIONS_DIR)) continue;
    take(name);
    const file = name.slice(OPTIONS_DIR.length);
    if (!file.endsWith('.json') || file.includes('/')) throw bad(`${name}: query options are config/query-options/<name>.json`);
    const optionsName = inEntry(name, () => decodeURIComponent(file.slice(0, -'.json'.length)));
    const options = inEntry(name, () => {
      const parsed = parseOptionsBody(source.read(name), 'json');
      if (validating && !ctx.trusted) validateOptions(parsed);
      return parsed;
    });
    head.options.push({ name: optionsName, options });
  }
  return { head, body: sceneBody(source, names, roles, ctx) };
}

/**
 * The body: the triples, then the documents. (Interleaving them, so that the engine's checks
 * and the documents' writes would share each stretch of the import, measured slower: the
 * engine's loads slowed by more than the overlap gained.)
 */
function* sceneBody(source: SceneSource, names: Set<string>, roles: RoleLookup, ctx: ReadContext): Generator<SceneBatch, SceneCounts, void> {
  const triples = names.delete(QUADS) ? yield* readTriples(source, ctx, (done, total) => ctx.onProgress?.({ phase: 'triples', done, total })) : 0;
  const documents = yield* readDocuments(source, names, roles, ctx.trusted ?? false, (done, total) => ctx.onProgress?.({ phase: 'documents', done, total }));
  if (names.size > 0) {
    const [first] = names;
    throw bad(`${first}${names.size > 1 ? ` (and ${names.size - 1} more)` : ''}: not part of a version ${SCENE_VERSION} scene`);
  }
  return { documents, triples };
}

/** The N-Quads entry, a piece at a time, checked through the engine unless trusted; returns how many quads. */
function* readTriples(source: SceneSource, ctx: ReadContext, progress: (done: number, total: number) => void): Generator<SceneBatch, number, void> {
  const bytes = inEntry(QUADS, () => source.read(QUADS));
  const pieces = pieceBounds(bytes);
  let lines = 0;
  progress(0, pieces.length);
  for (const [i, [start, end]] of pieces.entries()) {
    // Each piece decoded when it is reached: no string holds the whole entry.
    const piece = inEntry(QUADS, () => strictUtf8(bytes.subarray(start, end), () => bad(`not UTF-8 (bytes ${start}–${end})`)));
    if (ctx.trusted) lines += lineCount(piece);
    yield { quads: ctx.trusted ? piece : checkerOf(ctx).check(piece) };
    progress(i + 1, pieces.length);
  }
  return ctx.trusted ? lines : checkerOf(ctx).count();
}

function checkerOf(ctx: ReadContext): NQuadsChecker {
  if (!ctx.checker) throw new DbError('RESTAPI-INTERNALERROR', 'a scene import needs a triple checker unless it is trusted');
  return ctx.checker;
}

/**
 * Documents: each `documents/<path>` with its `metadata/<path>.json` (optional: then the URI
 * is the path's and the metadata the defaults), in batches; returns how many.
 */
function* readDocuments(
  source: SceneSource,
  names: Set<string>,
  roles: RoleLookup,
  trusted: boolean,
  progress: (done: number, total: number) => void,
): Generator<SceneBatch, number, void> {
  const total = [...names].filter((n) => n.startsWith(DOCUMENTS_DIR)).length;
  let documents: StoredDocument[] = [];
  let count = 0;
  progress(0, total);
  const uris = new Set<string>();
  for (const name of [...names]) {
    if (!name.startsWith(DOCUMENTS_DIR)) continue;
    names.delete(name);
    const path = name.slice(DOCUMENTS_DIR.length);
    const metaName = `${METADATA_DIR}${path}.json`;
    const hasMeta = names.delete(metaName);
    const doc = inEntry(hasMeta ? metaName : name, () => {
      const meta = hasMeta ? objectOf(jsonOf(source, metaName), metaName) : undefined;
      const uri = meta ? meta.uri : uriOfEntryPath(path);
      if (typeof uri !== 'string' || uri === '') throw bad(meta ? 'uri must be a non-empty string' : `the path cannot be read as a URI`);
      if (uri.endsWith('/')) throw new DbError('XDMP-DIRURI', `${uri} (a document URI cannot end with /)`);
      const format = meta ? formatOf(meta.format) : formatFromMime(mimeTypeFor(uri, 'binary'));
      const mimeType = meta && typeof meta.mimeType === 'string' ? meta.mimeType : mimeTypeFor(uri, format);
      const metadata = {
        collections: validateCollections(meta?.collections ?? []),
        permissions: meta ? validatePermissions(meta.permissions ?? [], roles) : defaultPermissions,
        properties: validateProperties(meta?.properties ?? {}),
        quality: validateQuality(meta?.quality ?? 0),
        metadataValues: validateMetadataValues(meta?.metadataValues ?? {}),
      };
      return { uri, format, mimeType, metadata };
    });
    if (uris.has(doc.uri)) throw bad(`${name}: a second document with URI ${doc.uri}`);
    uris.add(doc.uri);
    const content = inEntry(name, () => (trusted ? storedAsIs(source.read(name), doc.format, doc.uri) : toStoredContent(source.read(name), doc.format, doc.uri)));
    documents.push({ ...doc, content, version: 0 });
    count++;
    if (documents.length === DOCUMENT_BATCH) {
      progress(count, total);
      yield { documents };
      documents = [];
    }
  }
  if (documents.length > 0) yield { documents };
  for (const name of names) {
    if (name.startsWith(METADATA_DIR)) throw bad(`${name}: metadata for a document the scene does not hold (${DOCUMENTS_DIR}${name.slice(METADATA_DIR.length, -'.json'.length)})`);
  }
  return count;
}

/** Content exported from storage, stored again as it was: bytes for binary, else the (strictly decoded) text. */
function storedAsIs(bytes: Uint8Array, format: DocumentFormat, uri: string): string | Uint8Array {
  return format === 'binary' ? bytes.slice() : decodeUtf8(bytes, uri);
}

function lineCount(text: string): number {
  let n = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

/** What a rest-writer's new document gets on MarkLogic: the REST roles' defaults. */
const defaultPermissions: Permission[] = [
  { 'role-name': 'rest-reader', capabilities: ['read'] },
  { 'role-name': 'rest-writer', capabilities: ['update'] },
];

function formatOf(value: unknown): DocumentFormat {
  if (typeof value !== 'string' || !(documentFormats as readonly string[]).includes(value)) {
    throw bad(`format must be one of ${documentFormats.join(', ')}, not ${JSON.stringify(value)}`);
  }
  return value as DocumentFormat;
}

/** A metadata-less entry's format, from the MIME type its extension implies. */
function formatFromMime(mime: string): DocumentFormat {
  if (/[/+]json$/.test(mime)) return 'json';
  if (/[/+]xml$/.test(mime)) return 'xml';
  if (mime.startsWith('text/')) return 'text';
  return 'binary';
}

function roleOf(value: unknown): StoredRole {
  const o = objectOf(value, ROLES);
  if (typeof o.name !== 'string' || o.name === '') throw bad('name must be a non-empty string');
  if (isBuiltinRole(o.name)) throw bad(`${o.name} is a built-in role`);
  if (!isStrings(o.roles ?? [])) throw bad(`${o.name}: roles must be an array of role names`);
  const privileges = arrayOf(o.privileges ?? [], `${o.name}: privileges`).map((p) => {
    const q = objectOf(p, 'privilege');
    if (typeof q['privilege-name'] !== 'string' || typeof q.action !== 'string' || (q.kind !== 'execute' && q.kind !== 'uri')) {
      throw bad(`${o.name}: a privilege needs privilege-name, action and kind (execute or uri)`);
    }
    return { 'privilege-name': q['privilege-name'], action: q.action, kind: q.kind as 'execute' | 'uri' };
  });
  const role: StoredRole = { name: o.name, roles: (o.roles as string[] | undefined) ?? [], privileges, permissions: (o.permissions as Permission[] | undefined) ?? [] };
  if (typeof o.description === 'string') role.description = o.description;
  return role;
}

function userOf(value: unknown, roles: RoleLookup): StoredUser {
  const o = objectOf(value, USERS);
  if (typeof o.name !== 'string' || !isUserName(o.name)) throw bad(`name ${JSON.stringify(o.name)} is not a user name`);
  if (typeof o.digestHa1 !== 'string' || !/^[0-9a-f]{32}$/.test(o.digestHa1)) throw bad(`${o.name}: digestHa1 must be the 32 hex digits of MD5(name:realm:password)`);
  if (!isStrings(o.roles)) throw bad(`${o.name}: roles must be an array of role names`);
  for (const r of o.roles) if (!roles.has(r)) throw bad(`${o.name}: role ${r} does not exist`);
  const user: StoredUser = { name: o.name, roles: o.roles as StoredUser['roles'], digestHa1: o.digestHa1 };
  if (typeof o.description === 'string') user.description = o.description;
  if (o.permissions !== undefined) user.permissions = validatePermissions(o.permissions, roles);
  return user;
}

/** Where the N-Quads entry's pieces start and end: cut after a line end, at most {@link QUAD_PIECE_BYTES} bytes apart unless a line is longer. */
function pieceBounds(bytes: Uint8Array): Array<[start: number, end: number]> {
  const bounds: Array<[number, number]> = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + QUAD_PIECE_BYTES, bytes.length);
    if (end < bytes.length) {
      const nl = bytes.indexOf(0x0a, end - 1);
      end = nl === -1 ? bytes.length : nl + 1;
    }
    bounds.push([start, end]);
    start = end;
  }
  return bounds;
}
