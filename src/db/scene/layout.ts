/**
 * The scene archive's layout, version 1 (docs/scenes.md): the entry names, the manifest,
 * and how a document's URI becomes the name of its entries. Export writes exactly this;
 * import reads exactly this (and refuses any other version by name).
 */
export const SCENE_FORMAT = 'tabula-scene';
export const SCENE_VERSION = 1;

export const MANIFEST = 'manifest.json';
export const DOCUMENTS_DIR = 'documents/';
export const METADATA_DIR = 'metadata/';
export const QUADS = 'triples/quads.nq';
export const GRAPHS = 'triples/graphs.json';
export const OPTIONS_DIR = 'config/query-options/';
export const DATABASE = 'config/database.json';
export const PROPERTIES = 'config/properties.json';
export const ROLES = 'security/roles.json';
export const USERS = 'security/users.json';

export interface SceneManifest {
  format: typeof SCENE_FORMAT;
  version: number;
  created: string;
  generator: string;
  counts: { documents: number; graphs: number; queryOptions: number; users: number; roles: number };
}

/** A document's metadata entry: MarkLogic's JSON metadata representation plus what identifies the document. */
export interface SceneMetadata {
  uri: string;
  format: 'json' | 'xml' | 'text' | 'binary';
  mimeType: string;
  collections: string[];
  permissions: Array<{ 'role-name': string; capabilities: string[] }>;
  properties: Record<string, unknown>;
  quality: number;
  metadataValues: Record<string, string>;
}

// Unreserved characters (RFC 3986) stay; everything else, `%` included, is percent-encoded.
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const encoder = new TextEncoder();

function encodeSegment(segment: string): string {
  if (segment === '' || segment === '.' || segment === '..') {
    // An empty, `.` or `..` segment would vanish or climb when a person unzips the scene.
    return [...encoder.encode(segment === '' ? '/' : segment)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  let out = '';
  for (const ch of segment) {
    if (UNRESERVED.test(ch)) out += ch;
    else for (const b of encoder.encode(ch)) out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * The path of a document's entries (`documents/<path>`, `metadata/<path>.json`): its URI
 * without the leading `/`, each segment percent-encoded outside `A–Z a–z 0–9 - . _ ~`.
 * Readable, and a folder per directory when unzipped; the metadata entry carries the URI
 * itself, so the path never has to be decoded. An empty segment is written `%2F`. A URI
 * without a leading `/` may meet another's path (`a` and `/a`): the exporter numbers the
 * second (`a~2`), see {@link uniquePath}.
 */
export function sceneEntryPath(uri: string): string {
  const relative = uri.startsWith('/') ? uri.slice(1) : uri;
  return relative.split('/').map(encodeSegment).join('/');
}

/** `path`, or `path~N` with the first N ≥ 2 not yet in `used` (which it is added to). */
export function uniquePath(path: string, used: Set<string>): string {
  let candidate = path;
  for (let n = 2; used.has(candidate); n++) candidate = `${path}~${n}`;
  used.add(candidate);
  return candidate;
}

/** The URI a metadata-less document entry stands for: `/` plus its path, percent-decoded (undefined when a `%` escape is malformed). */
export function uriOfEntryPath(path: string): string | undefined {
  try {
    return `/${path.split('/').map((segment) => (segment === '%2F' ? '' : decodeURIComponent(segment))).join('/')}`;
  } catch {
    return undefined;
  }
}
