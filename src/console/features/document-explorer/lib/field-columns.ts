/**
 * The fields the listing shows beside each URI, as a document browser's columns: the short
 * scalar values at the top of each JSON or XML document (a JSON object's properties, an XML
 * root's attributes and text-only child elements). Which ones are shown is chosen from the
 * page's documents — those most documents have, with short values, a name-, title- or
 * label-like one first — unless the person chose their own (column-prefs.ts).
 */

export type FieldValue = string | number | boolean | null;
/** A document's fields by name; XML attributes are named `@name`. */
export type FieldRecord = Readonly<Record<string, FieldValue>>;

/** Values longer than this are text, not a column's worth. */
export const SHORT_VALUE = 60;

/** The top-level scalar properties of a JSON document (an array or a scalar has none). */
export function jsonFields(value: unknown): FieldRecord {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, FieldValue> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[key] = v;
  }
  return out;
}

/** The part of a DOM element this module reads (a browser's or xmldom's). */
export interface ElementLike {
  readonly attributes: { readonly length: number; item(i: number): { name: string; value: string } | null };
  readonly childNodes: { readonly length: number; item(i: number): NodeLike | null };
}
interface NodeLike {
  readonly nodeType: number;
  readonly localName?: string | null;
  readonly textContent: string | null;
  readonly childNodes: { readonly length: number; item(i: number): NodeLike | null };
}

const ELEMENT_NODE = 1;

/**
 * An XML root's attributes (`@name`) and the child elements that hold only text, by local
 * name; a name repeated keeps its first value, as a column can show one.
 */
export function xmlFields(root: ElementLike): FieldRecord {
  const out: Record<string, FieldValue> = {};
  for (let i = 0; i < root.attributes.length; i++) {
    const a = root.attributes.item(i);
    if (a && a.name !== 'xmlns' && !a.name.startsWith('xmlns:')) out[`@${a.name}`] = a.value;
  }
  for (let i = 0; i < root.childNodes.length; i++) {
    const child = root.childNodes.item(i);
    if (!child || child.nodeType !== ELEMENT_NODE || !child.localName || child.localName in out) continue;
    let textOnly = true;
    for (let j = 0; j < child.childNodes.length; j++) if (child.childNodes.item(j)?.nodeType === ELEMENT_NODE) textOnly = false;
    if (textOnly) out[child.localName] = (child.textContent ?? '').trim();
  }
  return out;
}

const isShort = (v: FieldValue) => v === null || typeof v !== 'string' || v.length <= SHORT_VALUE;
const NAME_LIKE = /^(name|title|label|display[-_]?name|full[-_]?name|heading|subject|caption)$/i;
const NAME_PART = /name|title|label/i;

/**
 * Up to `max` fields for the page: held by at least half its documents (and by two or more
 * when there are several), short in at least four of five; name-like ones first, then the
 * most common, then in the order the documents give them.
 */
export function chooseColumns(records: readonly FieldRecord[], max = 3): string[] {
  const stats = new Map<string, { present: number; short: number; order: number }>();
  for (const record of records) {
    for (const [key, value] of Object.entries(record)) {
      const s = stats.get(key) ?? { present: 0, short: 0, order: stats.size };
      s.present++;
      if (isShort(value)) s.short++;
      stats.set(key, s);
    }
  }
  const needed = Math.max(records.length > 1 ? 2 : 1, Math.ceil(records.length / 2));
  const rank = (key: string) => (NAME_LIKE.test(key) ? 0 : NAME_PART.test(key) ? 1 : 2);
  return [...stats]
    .filter(([, s]) => s.present >= needed && s.short >= 0.8 * s.present)
    .sort(([a, sa], [b, sb]) => rank(a) - rank(b) || sb.present - sa.present || sa.order - sb.order)
    .slice(0, max)
    .map(([key]) => key);
}

/** Every field the page's documents have, most common first: what the column picker offers. */
export function availableFields(records: readonly FieldRecord[]): string[] {
  const counts = new Map<string, number>();
  for (const record of records) for (const key of Object.keys(record)) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].sort(([a, na], [b, nb]) => nb - na || a.localeCompare(b)).map(([key]) => key);
}

/** How a value reads in a cell. */
export function formatField(value: FieldValue | undefined): string {
  if (value === undefined) return '';
  if (value === null) return 'null';
  return String(value);
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Compares two cells: numbers by value, then booleans, then text (numbers inside text in
 * numeric order); a document without the field sorts last whatever the direction.
 */
export function compareFields(a: FieldValue | undefined, b: FieldValue | undefined, direction: 'ascending' | 'descending' = 'ascending'): number {
  const missingA = a === undefined || a === null;
  const missingB = b === undefined || b === null;
  if (missingA || missingB) return missingA === missingB ? 0 : missingA ? 1 : -1;
  const sign = direction === 'ascending' ? 1 : -1;
  const kind = (v: FieldValue) => (typeof v === 'number' ? 0 : typeof v === 'boolean' ? 1 : 2);
  if (kind(a) !== kind(b)) return sign * (kind(a) - kind(b));
  if (typeof a === 'number' && typeof b === 'number') return sign * (a - b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return sign * (Number(a) - Number(b));
  return sign * collator.compare(String(a), String(b));
}

/** `rows` sorted by `field` (stable: equal rows keep the server's order). */
export function sortByField<T extends { fields: FieldRecord }>(rows: readonly T[], field: string, direction: 'ascending' | 'descending'): T[] {
  return rows
    .map((row, i) => ({ row, i }))
    .sort((x, y) => compareFields(x.row.fields[field], y.row.fields[field], direction) || x.i - y.i)
    .map(({ row }) => row);
}

/** A search result with its document extracted whole (`extract-document-data`, `selected: all`). */
export interface ExtractedResult {
  format?: string;
  extracted?: { kind: string; content: unknown[] };
}

/**
 * The fields of a result's extracted document: a JSON document arrives as an object, an XML
 * one as its serialized root (MarkLogic's REST API reference, /v1/search, JSON results), which
 * `parseXml` turns into an element (undefined when it does not parse).
 */
export function resultFields(result: ExtractedResult, parseXml: (text: string) => ElementLike | undefined): FieldRecord {
  const [content] = result.extracted?.content ?? [];
  if (result.format === 'json') return jsonFields(content);
  if (result.format === 'xml' && typeof content === 'string') {
    const root = parseXml(content);
    return root ? xmlFields(root) : {};
  }
  return {};
}
