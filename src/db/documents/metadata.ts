/**
 * Document metadata: validating what clients send, the defaults every document
 * gets, and how an update combines with what is stored (MarkLogic’s REST Application Developer’s Guide, metadata format).
 */
import { DbError } from '../errors';
import type { RoleLookup } from '../security/types';
import { checkLimit } from '../limits';
import { isNcName } from '../xml/namespaces';
import { isObject } from '../util/objects';
import {
  capabilities,
  emptyMetadata,
  metadataCategories,
  type Capability,
  type Metadata,
  type MetadataCategory,
  type Permission,
} from './types';

/** How an update treats a category that the stored document already has. */
export interface MetadataUpdate {
  collections?: string[];
  /**
   * `replace`: the supplied set ∪ the writer's defaults (a metadata body). `merge-roles`
   * (`perm:` params): supplied roles replace those roles only; a new document also gets the defaults.
   */
  permissions?: { mode: 'replace' | 'merge-roles'; value: Permission[] };
  /** `replace`: the whole set (a metadata body). `merge`: same-named properties replaced, others kept (`prop:` params). */
  properties?: { mode: 'replace' | 'merge'; value: Record<string, unknown> };
  quality?: number;
  metadataValues?: Record<string, string>;
}

/** Groups permissions per role, capabilities in catalogue order, roles in first-seen order. */
export function normalisePermissions(perms: readonly Permission[]): Permission[] {
  const byRole = new Map<string, Set<Capability>>();
  for (const p of perms) {
    const caps = byRole.get(p['role-name']) ?? new Set<Capability>();
    p.capabilities.forEach((c) => caps.add(c));
    byRole.set(p['role-name'], caps);
  }
  return [...byRole].map(([role, caps]) => ({ 'role-name': role, capabilities: capabilities.filter((c) => caps.has(c)) }));
}

/**
 * The metadata of a new document that supplied none: the writing user's default
 * permissions (its own and its roles', `Principal.defaultPermissions`) and nothing
 * else — MarkLogic 10+ adds no permission the user's roles do not give. A user
 * without defaults (admin) creates documents with no permissions, which only admin can read.
 */
export function defaultMetadata(defaults: readonly Permission[]): Metadata {
  return { ...emptyMetadata(), permissions: normalisePermissions(defaults) };
}

/**
 * Applies an update to existing metadata (or to a new document's defaults).
 * `overwrite`: categories not supplied are reset to defaults (update-policy
 * overwrite-metadata); otherwise they are kept. `defaults`: the writer's default permissions.
 */
export function applyMetadataUpdate(
  existing: Metadata | undefined,
  update: MetadataUpdate,
  overwrite: boolean,
  defaults: readonly Permission[],
): Metadata {
  const base = existing && !overwrite ? existing : defaultMetadata(defaults);
  const next: Metadata = {
    collections: update.collections ? [...new Set(update.collections)] : [...base.collections],
    permissions: base.permissions,
    properties: base.properties,
    quality: update.quality ?? base.quality,
    metadataValues: update.metadataValues ? { ...update.metadataValues } : { ...base.metadataValues },
  };
  if (update.permissions) {
    const { mode, value } = update.permissions;
    if (mode === 'replace') {
      next.permissions = normalisePermissions([...defaults, ...value]);
    } else {
      // perm: params on an existing document replace those roles and keep the others
      // (no defaults added); on a new one (or a reset by overwrite-metadata) they join the defaults.
      const replaced = new Set(value.map((p) => p['role-name']));
      const kept = base.permissions.filter((p) => !replaced.has(p['role-name']));
      next.permissions = normalisePermissions([...kept, ...value]);
    }
  }
  if (update.properties) {
    const { mode, value } = update.properties;
    next.properties = mode === 'replace' ? { ...value } : { ...(existing?.properties ?? {}), ...value };
  }
  return next;
}

/** Resets the named categories to their defaults, permissions to the acting user's (DELETE with a metadata category). */
export function resetCategories(metadata: Metadata, categories: readonly MetadataCategory[], defaults: readonly Permission[]): Metadata {
  const d = defaultMetadata(defaults);
  const next = { ...metadata };
  for (const c of categories) {
    if (c === 'collections') next.collections = d.collections;
    if (c === 'permissions') next.permissions = d.permissions;
    if (c === 'properties') next.properties = d.properties;
    if (c === 'quality') next.quality = d.quality;
    if (c === 'metadata-values') next.metadataValues = d.metadataValues;
  }
  return next;
}

const jsonKeyOf: Record<MetadataCategory, keyof Metadata> = {
  collections: 'collections',
  permissions: 'permissions',
  properties: 'properties',
  quality: 'quality',
  'metadata-values': 'metadataValues',
};

/** The JSON metadata representation with only `categories`, keys in MarkLogic's order. */
export function metadataToJson(metadata: Metadata, categories: readonly MetadataCategory[]): Partial<Metadata> {
  const out: Record<string, unknown> = {};
  for (const c of metadataCategories) if (categories.includes(c)) out[jsonKeyOf[c]] = metadata[jsonKeyOf[c]];
  return out as Partial<Metadata>;
}


/** Property names must be XML NCNames because properties are XML underneath. */
export { isNcName };

/**
 * A single collection may be given as a bare string: the official Node client sends
 * `{"collections":"c"}` for `collections: 'c'` and for its quick paths
 * (`createCollection`, `writeCollection`), and the real server accepts it.
 */
export function validateCollections(value: unknown): string[] {
  if (typeof value === 'string') value = [value];
  if (!Array.isArray(value) || value.some((c) => typeof c !== 'string')) {
    throw new DbError('RESTAPI-INVALIDCONTENT', 'collections must be an array of strings');
  }
  if (value.some((c) => c === '')) throw new DbError('RESTAPI-INVALIDCONTENT', 'empty collections are not allowed');
  return value as string[];
}

/** A permissions array; every role must exist in `roles`. */
export function validatePermissions(value: unknown, roles: RoleLookup): Permission[] {
  if (!Array.isArray(value)) throw new DbError('RESTAPI-INVALIDCONTENT', 'permissions must be an array');
  return value.map((p) => {
    if (!isObject(p) || typeof p['role-name'] !== 'string') {
      throw new DbError('RESTAPI-INVALIDCONTENT', 'each permission needs a role-name and capabilities');
    }
    const role = p['role-name'];
    if (!roles.has(role)) throw new DbError('SEC-ROLEDNE', `Role ${role} does not exist`);
    const caps = Array.isArray(p.capabilities) ? p.capabilities : typeof p.capabilities === 'string' ? [p.capabilities] : null;
    if (!caps || caps.length === 0) throw new DbError('RESTAPI-INVALIDCONTENT', `permission for role ${role} has no capabilities`);
    for (const c of caps) {
      if (!capabilities.includes(c as Capability)) throw new DbError('RESTAPI-INVALIDCONTENT', `invalid capability ${String(c)} for role ${role}`);
    }
    return { 'role-name': role, capabilities: caps as Capability[] };
  });
}

export function validateQuality(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw new DbError('RESTAPI-INVALIDCONTENT', `quality must be an integer: ${String(value)}`);
  return n;
}

export function validateProperties(value: unknown): Record<string, unknown> {
  if (!isObject(value)) throw new DbError('RESTAPI-INVALIDCONTENT', 'properties must be an object');
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '$ml.prop') continue; // system properties are maintained by the server
    if (!isNcName(k)) throw new DbError('RESTAPI-INVALIDCONTENT', `property name is not an XML NCName: ${k}`);
    out[k] = v;
  }
  // Properties are XML underneath, where a scalar is an element too: held to the limit in
  // that form, metadata read as XML can always be written back.
  checkLimit('maxNestingDepth', propertiesXmlDepth(out), 'metadata properties in their XML form');
  return out;
}

/**
 * How deep the XML representation of properties nests, `rapi:metadata` and
 * `prop:properties` included: an object or a scalar is an element, an array repeats
 * its items as elements of its own name. A loop, not recursion: nothing here may overflow.
 */
function propertiesXmlDepth(properties: Record<string, unknown>): number {
  let max = 2;
  const pending: Array<[unknown, number]> = Object.values(properties).map((v) => [v, 3]);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, depth] = next;
    if (Array.isArray(value)) {
      for (const item of value) pending.push([item, depth]);
      continue;
    }
    if (depth > max) max = depth;
    if (isObject(value)) for (const child of Object.values(value)) pending.push([child, depth + 1]);
  }
  return max;
}

export function validateMetadataValues(value: unknown): Record<string, string> {
  if (!isObject(value)) throw new DbError('RESTAPI-INVALIDCONTENT', 'metadataValues must be an object');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === null || typeof v === 'object') throw new DbError('RESTAPI-INVALIDCONTENT', `metadata value ${k} must be a string`);
    out[k] = String(v);
  }
  return out;
}

/** A parsed metadata body: the categories present and their validated values. */
export interface MetadataBody {
  present: Set<MetadataCategory>;
  value: Partial<Metadata>;
}

/**
 * Validates the JSON metadata representation. Unknown keys → 400. An empty
 * collections or permissions array counts as "not supplied", as on the real server.
 */
export function parseMetadataJson(value: unknown, roles: RoleLookup): MetadataBody {
  if (!isObject(value)) throw new DbError('RESTAPI-INVALIDCONTENT', 'metadata must be a JSON object');
  const present = new Set<MetadataCategory>();
  const out: Partial<Metadata> = {};
  for (const [key, v] of Object.entries(value)) {
    switch (key) {
      case 'collections':
        out.collections = validateCollections(v);
        if (out.collections.length > 0) present.add('collections');
        break;
      case 'permissions':
        out.permissions = validatePermissions(v, roles);
        if (out.permissions.length > 0) present.add('permissions');
        break;
      case 'properties':
        out.properties = validateProperties(v);
        present.add('properties');
        break;
      case 'quality':
        out.quality = validateQuality(v);
        present.add('quality');
        break;
      case 'metadataValues':
      case 'metadata-values':
        out.metadataValues = validateMetadataValues(v);
        present.add('metadata-values');
        break;
      default:
        throw new DbError('RESTAPI-INVALIDCONTENT', `unknown metadata key: ${key}`);
    }
  }
  return { present, value: out };
}

/** A metadata body as an update that replaces each supplied category. */
export function bodyToUpdate(body: MetadataBody): MetadataUpdate {
  const { present, value } = body;
  const update: MetadataUpdate = {};
  if (present.has('collections')) update.collections = value.collections;
  if (present.has('permissions')) update.permissions = { mode: 'replace', value: value.permissions ?? [] };
  if (present.has('properties')) update.properties = { mode: 'replace', value: value.properties ?? {} };
  if (present.has('quality')) update.quality = value.quality;
  if (present.has('metadata-values')) update.metadataValues = value.metadataValues;
  return update;
}
