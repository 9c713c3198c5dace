/**
 * Document metadata on the wire: the `category` parameter, the metadata request
 * parameters (`collection`, `perm:`, `prop:`, `quality`, `value:`), metadata bodies
 * in JSON or XML, and the rendered representations (MarkLogic’s REST Application Developer’s Guide, metadata format).
 */
import { DbError } from '../db/errors';
import {
  bodyToUpdate,
  capabilities,
  type Capability,
  decodeUtf8,
  isNcName,
  type Metadata,
  type MetadataBody,
  metadataCategories,
  type MetadataCategory,
  metadataToJson,
  type MetadataUpdate,
  parseMetadataJson,
  type Permission,
} from '../db/documents';
import { parseJson } from '../db/json';
import { metadataFromXml, metadataToXml } from '../db/xml';
import { mediaType } from './http/negotiate';
import type { Params } from './http/params';
import type { RoleLookup } from '../db/security';

export type Category = 'content' | 'metadata' | MetadataCategory;
const allCategories: readonly Category[] = ['content', 'metadata', ...metadataCategories];

export interface Categories {
  content: boolean;
  /** Metadata categories requested, `metadata` expanded to all five. */
  metadata: MetadataCategory[];
  /** `category=metadata` was named (headers then say `category=metadata`). */
  all: boolean;
}

/** The `category` parameters; default `content`. */
export function parseCategories(params: Params): Categories {
  const named = params.all('category');
  for (const c of named) {
    if (!(allCategories as readonly string[]).includes(c)) {
      throw new DbError('REST-INVALIDPARAM', `category=${c}; allowed: ${allCategories.join(', ')}`);
    }
  }
  const list = (named.length ? named : ['content']) as Category[];
  const all = list.includes('metadata');
  const metadata = all ? [...metadataCategories] : metadataCategories.filter((c) => list.includes(c));
  return { content: list.includes('content'), metadata, all };
}

/** Metadata given as request parameters, or undefined when there is none. */
export function metadataFromParams(params: Params, roles: RoleLookup): MetadataUpdate | undefined {
  const update: MetadataUpdate = {};
  const collections = params.all('collection');
  if (collections.length) {
    if (collections.some((c) => c === '')) throw new DbError('REST-INVALIDPARAM', 'empty collections are not allowed');
    update.collections = collections;
  }
  const perms = params.prefixed('perm:');
  if (perms.length) {
    const list: Permission[] = perms.map(([role, cap]) => {
      if (!roles.has(role)) throw new DbError('REST-INVALIDPARAM', `Role ${role} does not exist`);
      if (!capabilities.includes(cap as Capability)) {
        throw new DbError('REST-INVALIDPARAM', `Invalid capability ${cap} for role ${role}; allowed: ${capabilities.join(', ')}`);
      }
      return { 'role-name': role, capabilities: [cap as Capability] };
    });
    update.permissions = { mode: 'merge-roles', value: list };
  }
  const quality = params.one('quality');
  if (quality !== undefined) {
    if (!/^[+-]?\d+$/.test(quality.trim())) throw new DbError('REST-INVALIDPARAM', `quality must be an integer: ${quality}`);
    update.quality = Number(quality);
  }
  const props = params.prefixed('prop:');
  if (props.length) {
    const value: Record<string, unknown> = {};
    for (const [name, v] of props) {
      if (!isNcName(name)) throw new DbError('REST-INVALIDPARAM', `property name is not an XML NCName: ${name}`);
      const prev = value[name];
      value[name] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    update.properties = { mode: 'merge', value };
  }
  const values = params.prefixed('value:');
  if (values.length) update.metadataValues = Object.fromEntries(values);
  return Object.keys(update).length ? update : undefined;
}

/** The representation a metadata body uses: its Content-Type, else `format`; anything else → 415. */
export function metadataBodyFormat(contentType: string | null, formatParam: string | undefined): 'json' | 'xml' {
  const t = mediaType(contentType);
  if (/^(application|text)\/([^+]+\+)?json$/.test(t)) return 'json';
  if (/^(application|text)\/([^+]+\+)?xml$/.test(t)) return 'xml';
  if (formatParam === 'json' || formatParam === 'xml') return formatParam;
  throw new DbError('RESTAPI-INVALIDMIMETYPE', `metadata must be JSON or XML, not ${t || 'untyped'}`);
}

/** Parses and validates a metadata body (JSON or XML). */
export function parseMetadataBody(bytes: Uint8Array, format: 'json' | 'xml', roles: RoleLookup): MetadataBody {
  const text = decodeUtf8(bytes, 'metadata');
  if (text.trim() === '') throw new DbError('RESTAPI-EMPTYBODY', 'empty metadata body');
  if (format === 'json') {
    return parseMetadataJson(parseJson(text, 'metadata', () => new DbError('RESTAPI-INVALIDCONTENT', 'metadata is not valid JSON')), roles);
  }
  return parseMetadataJson(metadataFromXml(text), roles);
}

export { bodyToUpdate };

/** Renders the requested categories of a document's metadata. */
export function renderMetadata(
  uri: string,
  metadata: Metadata,
  categories: readonly MetadataCategory[],
  format: 'json' | 'xml',
): { text: string; contentType: string } {
  if (format === 'json') {
    return { text: JSON.stringify(metadataToJson(metadata, categories)), contentType: 'application/json' };
  }
  return { text: metadataToXml(uri, metadataToJson(metadata, categories), categories), contentType: 'application/xml' };
}
