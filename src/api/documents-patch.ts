/**
 * `PATCH /v1/documents` (and `POST` with `X-HTTP-Method-Override: PATCH`, or `POST ?uri=`):
 * JSON patches for JSON documents and for metadata in its JSON representation, XML
 * patches for XML documents and for metadata in its XML representation
 * (MarkLogic’s REST Application Developer’s Guide, partial updates). The patch engines are pure; the store applies the result in
 * one transaction after checking permissions and versions.
 */
import { DbError } from '../db/errors';
import {
  decodeUtf8,
  type Metadata,
  metadataCategories,
  type MetadataCategory,
  metadataToJson,
  normalisePermissions,
  type StoredDocument,
  validateCollections,
  validateMetadataValues,
  validatePermissions,
  validateProperties,
  validateQuality,
} from '../db/documents';
import { applyJsonPatch, applyXmlPatch } from '../db/patch';
import type { Principal, RoleLookup } from '../db/security';
import { checkXml, checkXmlDepth, metadataFromXml, metadataToXml } from '../db/xml';
import { requireRole, type ApiContext, type ApiDeps } from './http/context';
import { Params } from './http/params';
import { documentsFor } from './http/transaction';
import { readBody } from './http/body';
import { mediaType } from './http/negotiate';
import { parseCategories } from './documents-metadata';
import { checkJsonDepth, parseJson } from '../db/json';

type PatchFormat = 'json' | 'xml';

function patchFormat(contentType: string | null, formatParam: string | undefined): PatchFormat {
  const t = mediaType(contentType);
  if (/^(application|text)\/([^+]+\+)?json$/.test(t)) return 'json';
  if (/^(application|text)\/([^+]+\+)?xml$/.test(t)) return 'xml';
  if (formatParam === 'json' || formatParam === 'xml') return formatParam;
  throw new DbError('RESTAPI-INVALIDMIMETYPE', `a patch must be JSON or XML, not ${t || 'untyped'}`);
}

export async function handlePatch(c: ApiContext, deps: ApiDeps): Promise<Response> {
  requireRole(c, 'rest-writer');
  const params = new Params(c.req.raw);
  params.checkShared(deps.db.name);
  const documents = documentsFor(c, deps, params);
  params.validate(['uri', 'category', 'format']);
  const uri = params.required('uri');
  const categories = parseCategories(params);
  const format = patchFormat(c.req.header('content-type') ?? null, params.oneOf('format', ['json', 'xml'] as const));
  const text = decodeUtf8(await readBody(c.req.raw, deps.db.maxPayloadBytes), 'patch').trim();
  if (text === '') throw new DbError('RESTAPI-INVALIDREQ', `empty patch for uri ${uri}`);
  let jsonPatch: unknown;
  if (format === 'json') {
    jsonPatch = parseJson(text, 'patch', (reason) => new DbError('RESTAPI-INVALIDREQ', `invalid patch for uri ${uri}: not JSON: ${reason}`));
  } else {
    // Refused before the document is read; its other errors are the patch engine's to report.
    checkXmlDepth(text, 'patch');
  }
  if (categories.content && categories.metadata.length > 0) {
    throw new DbError('RESTAPI-INVALIDREQ', `a patch applies to content or to metadata, not both: ${uri}`);
  }

  const change = (doc: StoredDocument) => {
    if (categories.content) {
      if (doc.format !== 'json' && doc.format !== 'xml') {
        throw new DbError('RESTAPI-INVALIDCONTENT', `can only apply patch to JSON or XML content: ${uri}`);
      }
      if (doc.format !== format) {
        throw new DbError('RESTAPI-INVALIDCONTENT', `format mismatch for ${format} patch and ${doc.format} content: ${uri}`);
      }
      // An insert can nest the patch's content under the document's deepest node: the
      // result is held to the same limit as any document written.
      if (format === 'json') {
        const { result, changed } = applyJsonPatch(JSON.parse(doc.content as string), jsonPatch, { uri });
        if (!changed) return undefined;
        const content = JSON.stringify(result);
        checkJsonDepth(content, `patched JSON document ${uri}`);
        return { content };
      }
      const { result, changed } = applyXmlPatch(doc.content as string, text, { uri });
      if (!changed) return undefined;
      checkXml(result, { what: `patched XML document ${uri}` });
      return { content: result };
    }
    const metadata = patchMetadata(doc, categories.metadata, format, format === 'json' ? jsonPatch : text, c.get('principal'), deps.db.roles);
    return metadata ? { metadata } : undefined;
  };

  const { changed } = await documents.update(uri, c.get('principal'), c.req.header('if-match') ?? undefined, change, c.get('deadline'));
  const statusText = !changed ? 'Unchanged' : categories.content ? 'Content Updated' : 'Metadata Updated';
  return new Response(null, { status: 204, statusText });
}

/** Applies a patch to the metadata representation and takes back only the categories named. */
/** Patched permissions join the patching user's default permissions, as a replacing metadata body's do. */
function patchMetadata(
  doc: StoredDocument,
  categories: MetadataCategory[],
  format: PatchFormat,
  patch: unknown,
  principal: Principal,
  roles: RoleLookup,
): Metadata | undefined {
  const all = metadataToJson(doc.metadata, metadataCategories);
  let patched: Record<string, unknown>;
  if (format === 'json') {
    const { result, changed } = applyJsonPatch(all, patch, { uri: doc.uri, category: 'metadata' });
    if (!changed) return undefined;
    if (typeof result !== 'object' || result === null || Array.isArray(result)) {
      throw new DbError('RESTAPI-INVALIDREQ', `invalid patch for uri ${doc.uri}: the metadata must stay an object`);
    }
    checkJsonDepth(JSON.stringify(result), `patched metadata of ${doc.uri}`);
    patched = result as Record<string, unknown>;
  } else {
    const { result, changed } = applyXmlPatch(metadataToXml(doc.uri, all, metadataCategories), patch as string, { uri: doc.uri });
    if (!changed) return undefined;
    patched = metadataFromXml(result) as Record<string, unknown>;
  }
  const next: Metadata = { ...doc.metadata };
  for (const cat of categories) {
    if (cat === 'collections') next.collections = [...new Set(validateCollections(patched.collections ?? []))];
    if (cat === 'permissions') next.permissions = normalisePermissions([...(principal.defaultPermissions ?? []), ...validatePermissions(patched.permissions ?? [], roles)]);
    if (cat === 'properties') next.properties = validateProperties(patched.properties ?? {});
    if (cat === 'quality') next.quality = validateQuality(patched.quality ?? 0);
    if (cat === 'metadata-values') next.metadataValues = validateMetadataValues(patched.metadataValues ?? {});
  }
  return next;
}
