/**
 * The answer to a bulk write (`POST /v1/documents`, multipart/mixed), JSON or XML, from
 * the typed answer (src/wire/documents.ts). MarkLogic string-builds the JSON with a space
 * after each comma (`{"uri":"/a.json", "mime-type":…}`); that spacing is kept for clients
 * that compare text, so it is written here rather than by JSON.stringify.
 */
import type { BulkWriteAnswer } from '../../wire/documents';
import { escapeXml } from '../http/xml-text';

/** JSON with `, ` between members and between items, nothing after a colon. */
function spacedJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(spacedJson).join(', ')}]`;
  if (v !== null && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${spacedJson(x)}`).join(', ')}}`;
  return JSON.stringify(v);
}

export const bulkWriteJson = (answer: BulkWriteAnswer): string => spacedJson(answer);

export function bulkWriteXml(answer: BulkWriteAnswer): string {
  const items = answer.documents.map(
    (d) =>
      `<rapi:document><rapi:uri>${escapeXml(d.uri)}</rapi:uri>` +
      d.category.map((cat) => `<rapi:category>${cat}</rapi:category>`).join('') +
      `<rapi:mime-type>${escapeXml(d['mime-type'])}</rapi:mime-type></rapi:document>`,
  );
  return `<rapi:documents xmlns:rapi="http://marklogic.com/rest-api">${items.join('')}</rapi:documents>`;
}
