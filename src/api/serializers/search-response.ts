/**
 * The engine's search answer (src/db/search/response-model.ts) written as MarkLogic's
 * search response, JSON or XML (MarkLogic’s REST API reference, /v1/search). Names, key order and value types are
 * the server's, because clients read them positionally (the Java client walks the
 * XML in search.xsd order) or by type (a facet value of an `xs:int` facet is a JSON
 * number, of an `xs:date` facet a string). Pure string building: no engine, no request.
 */
import type { FacetResult, FacetValue, SearchMetrics, SearchResponse, SearchResult, SnippetMatch } from '../../db/search';
import { parseXml, serializeNode } from '../../db/xml';
import { DbError } from '../../db/errors';
import { escapeAttr, escapeText } from './markup';
import { queryToJson, queryXmlContent } from './query-serializer';
import type * as Wire from '../../wire/search';
import { SEARCH_NS } from '../../db/xml';

export interface SearchResponseOptions {
  /** The request's `database` parameter, carried into each result's `href`. */
  database?: string;
}

// --- shared ---------------------------------------------------------------------------

/**
 * XPath's fn:encode-for-uri: every character but A–Z a–z 0–9 - _ . ~ percent-encoded
 * as UTF-8. encodeURIComponent leaves !'()* alone and throws on a lone surrogate,
 * which is written as U+FFFD instead (it cannot be UTF-8 at all).
 */
export function encodeForUri(s: string): string {
  const wellFormed = s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  return encodeURIComponent(wellFormed).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A result's `href`: where the document itself is read (MarkLogic’s REST API reference, /v1/search). */
export function resultHref(uri: string, database?: string): string {
  return `/v1/documents?uri=${encodeForUri(uri)}${database === undefined ? '' : `&database=${encodeForUri(database)}`}`;
}

/**
 * Milliseconds as an xs:dayTimeDuration in its canonical form (`PT0.002113S`,
 * `PT1M5.2S`), to the microsecond as the server reports it.
 */
export function xsDuration(ms: number): string {
  const micros = Number.isFinite(ms) && ms > 0 ? Math.round(ms * 1000) : 0;
  if (micros === 0) return 'PT0S';
  const hours = Math.floor(micros / 3_600_000_000);
  const minutes = Math.floor((micros % 3_600_000_000) / 60_000_000);
  const rest = micros % 60_000_000;
  const whole = Math.floor(rest / 1_000_000);
  const fraction = String(rest % 1_000_000).padStart(6, '0').replace(/0+$/, '');
  const seconds = rest === 0 ? '' : `${whole}${fraction ? `.${fraction}` : ''}S`;
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds}`;
}

const METRICS: ReadonlyArray<[keyof SearchMetrics, string]> = [
  ['queryResolutionMs', 'query-resolution-time'],
  ['facetResolutionMs', 'facet-resolution-time'],
  ['snippetResolutionMs', 'snippet-resolution-time'],
  ['totalMs', 'total-time'],
];

const metricEntries = (m: SearchMetrics): Array<[string, string]> =>
  METRICS.filter(([key]) => m[key] !== undefined).map(([key, name]) => [name, xsDuration(m[key]!)]);

/** `xs:int` and `int` alike. */
const xsType = (type: string) => (type.startsWith('xs:') || type === 'collection' || type === 'bucketed' ? type : `xs:${type}`);

// The server's $unquoted-datatypes: written as JSON numbers and booleans as they are.
const UNQUOTED = new Set(['xs:int', 'xs:short', 'xs:unsignedInt', 'xs:unsignedShort', 'xs:double', 'xs:float']);
// Its $sometimes-quoted-datatypes: JSON numbers through xs:decimal, so every digit is kept.
const DECIMAL = new Set(['xs:integer', 'xs:long', 'xs:unsignedLong', 'xs:decimal']);

const DECIMAL_LEXICAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;
const DOUBLE_LEXICAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** An xs:decimal lexical form in its canonical form (`+007.50` → `7.5`), or undefined if it is not one. */
function canonicalDecimal(text: string): string | undefined {
  const m = DECIMAL_LEXICAL.exec(text.trim());
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const whole = m[2].replace(/^0+(?=\d)/, '') || '0';
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  const sign = m[1] === '-' && (whole !== '0' || fraction !== '') ? '-' : '';
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** JSON text already written, placed as it is (a decimal with more digits than a double holds). */
class JsonText {
  constructor(readonly text: string) {}
}

/**
 * A wire shape as built for {@link writeJson}: the same members, any of which may be
 * JSON text already written in its place, so the response is checked against src/wire
 * before it is written.
 */
type Built<T> = JsonText | (T extends readonly (infer U)[] ? Built<U>[] : T extends object ? { [K in keyof T]: Built<T[K]> } : T);

/** A facet value as the JSON response types it (MarkLogic’s REST API reference, /v1/search "Facet value"). */
function facetValueJson(type: string, value: FacetValue['value']): Built<Wire.SearchFacetValue['value']> {
  const t = xsType(type);
  if (t === 'xs:boolean') {
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    return String(value);
  }
  if (UNQUOTED.has(t)) {
    if (typeof value === 'number') return Number.isFinite(value) ? value : xsNumber(value);
    // INF and NaN have no JSON number: they stay the strings the server writes.
    return typeof value === 'string' && DOUBLE_LEXICAL.test(value.trim()) ? Number(value) : String(value);
  }
  if (DECIMAL.has(t)) {
    if (typeof value === 'number') return Number.isFinite(value) ? value : xsNumber(value);
    const canonical = typeof value === 'string' ? canonicalDecimal(value) : undefined;
    return canonical === undefined ? String(value) : new JsonText(canonical);
  }
  return typeof value === 'string' ? value : typeof value === 'number' ? xsNumber(value) : String(value);
}

/** A number as XML Schema writes it: INF, -INF, NaN; everything else as JavaScript does. */
function xsNumber(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'INF';
  if (n === -Infinity) return '-INF';
  return String(n);
}

const facetValueText = (value: FacetValue['value']) => (typeof value === 'number' ? xsNumber(value) : String(value));

// --- JSON -----------------------------------------------------------------------------

/** JSON.stringify, plus {@link JsonText} and undefined members dropped, keeping the key order built. */
function writeJson(v: unknown): string {
  if (v instanceof JsonText) return v.text;
  if (Array.isArray(v)) return `[${v.map(writeJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const members = Object.entries(v).filter(([, x]) => x !== undefined);
    return `{${members.map(([k, x]) => `${JSON.stringify(k)}:${writeJson(x)}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

const matchJson = (m: SnippetMatch): Wire.SearchMatch => ({ path: m.path, 'match-text': m.text });

function resultJson(r: SearchResult, opts: SearchResponseOptions): Built<Wire.SearchResult> {
  return {
    index: r.index,
    uri: r.uri,
    path: r.path,
    score: r.score,
    confidence: r.confidence,
    fitness: r.fitness,
    href: resultHref(r.uri, opts.database),
    mimetype: r.mimetype,
    format: r.format,
    matches: r.matches === undefined ? undefined : r.matches === null ? null : r.matches.map(matchJson),
    extracted: r.extracted ? { kind: r.extracted.kind, content: new JsonText(JSON.stringify(r.extracted.content)) } : undefined,
    'extracted-none': r.extractedNone ? {} : undefined,
    // A document's own JSON goes out as it was stored, without a second walk over it.
    content: r.content === undefined ? undefined : new JsonText(JSON.stringify(r.content) ?? 'null'),
  };
}

const facetJson = (f: FacetResult): Built<Wire.SearchFacet> => ({
  type: f.type,
  facetValues: f.values.map((v) => ({ name: v.name, count: v.count, value: facetValueJson(f.type, v.value) })),
});

/**
 * `qtext` holds one string in JSON (the first, as the server's `string()` of the
 * sequence gives); with none, the captured server response has `null`.
 */
const qtextJson = (qtext: string[]) => (qtext.length ? qtext[0] : null);

/** The JSON search response (MarkLogic’s REST API reference, /v1/search), keys in the server's order. */
export function searchResponseJson(r: SearchResponse, opts: SearchResponseOptions = {}): string {
  return writeJson({
    'snippet-format': r.snippetFormat,
    total: r.total,
    start: r.start,
    'page-length': r.pageLength,
    results: r.results?.map((x) => resultJson(x, opts)),
    facets: r.facets && Object.fromEntries(Object.entries(r.facets).map(([name, f]) => [name, facetJson(f)])),
    // The server's JSON conversion puts `query` before `qtext`, though XML has them the other way round.
    query: r.query && (queryToJson(r.query).query as unknown),
    qtext: r.qtext && qtextJson(r.qtext),
    metrics: r.metrics && Object.fromEntries(metricEntries(r.metrics)),
  } satisfies Built<Wire.SearchResponse>);
}

// --- XML ------------------------------------------------------------------------------

const FORMAT = 'Search response XML';
// Document data and names are refused (406, the client can ask for JSON) rather than
// altered when they hold a character XML cannot carry; a snippet is an excerpt for
// reading, so there the character is shown as U+FFFD, as the HTML pages do.
const xText = (s: string) => escapeText(s, 'reject', FORMAT);
const xAttr = (s: string) => escapeAttr(s, 'reject', FORMAT);
const snippetText = (s: string) => escapeText(s, 'replace');
const snippetAttr = (s: string) => escapeAttr(s, 'replace');

const attrs = (pairs: ReadonlyArray<[string, string | number]>) => pairs.map(([name, value]) => ` ${name}="${xAttr(String(value))}"`).join('');

/**
 * An XML document (or an extracted fragment) placed as markup. Its declaration and
 * doctype cannot stand inside another element, so only its nodes are written, each
 * declaring the namespaces it uses. Text that is not one well-formed piece of XML
 * (an extracted text node, say) is written as text.
 */
function embeddedXml(text: string): string {
  let doc;
  try {
    doc = parseXml(text);
  } catch (e) {
    if (e instanceof DbError) return xText(text);
    throw e;
  }
  return Array.from(doc.childNodes)
    .filter((n) => n.nodeType !== n.DOCUMENT_TYPE_NODE)
    .map((n) => serializeNode(n))
    .join('');
}

function matchXml(m: SnippetMatch): string {
  const text = m.text.map((t) => (typeof t === 'string' ? snippetText(t) : `<search:highlight>${snippetText(t.highlight)}</search:highlight>`)).join('');
  return `<search:match path="${snippetAttr(m.path)}">${text}</search:match>`;
}

function snippetXml(matches: SnippetMatch[] | null | undefined): string {
  // empty-snippet (null) writes no snippet at all; a snippet without matches is an empty one.
  if (matches === undefined || matches === null) return '';
  if (matches.length === 0) return '<search:snippet/>';
  return `<search:snippet>${matches.map(matchXml).join('')}</search:snippet>`;
}

function contentXml(r: SearchResult): string {
  if (r.content === undefined) return '';
  if (r.format === 'xml' && typeof r.content === 'string') return embeddedXml(r.content);
  return xText(typeof r.content === 'string' ? r.content : (JSON.stringify(r.content) ?? 'null'));
}

function extractedXml(r: SearchResult): string {
  if (r.extractedNone) return '<search:extracted-none/>';
  if (!r.extracted) return '';
  const { kind, content } = r.extracted;
  const body = kind === 'element' ? content.map((c) => (typeof c === 'string' ? embeddedXml(c) : xText(JSON.stringify(c) ?? 'null'))).join('') : xText(JSON.stringify(content));
  return `<search:extracted kind="${xAttr(kind)}">${body}</search:extracted>`;
}

function resultXml(r: SearchResult, opts: SearchResponseOptions): string {
  const head = attrs([
    ['index', r.index],
    ['uri', r.uri],
    ['path', r.path],
    ['score', r.score],
    ['confidence', r.confidence],
    ['fitness', r.fitness],
    ['href', resultHref(r.uri, opts.database)],
    ['mimetype', r.mimetype],
    ['format', r.format],
  ]);
  const body = snippetXml(r.matches) + extractedXml(r) + contentXml(r);
  return body ? `<search:result${head}>${body}</search:result>` : `<search:result${head}/>`;
}

function facetXml(name: string, f: FacetResult): string {
  const values = f.values.map((v) => `<search:facet-value${attrs([['name', v.name], ['count', v.count]])}>${xText(facetValueText(v.value))}</search:facet-value>`).join('');
  return `<search:facet${attrs([['name', name], ['type', f.type]])}>${values}</search:facet>`;
}

function qtextXml(qtext: string[]): string {
  // The XML counterpart of the JSON `null`: the element is there, with nothing in it.
  if (qtext.length === 0) return '<search:qtext/>';
  return qtext.map((q) => `<search:qtext>${xText(q)}</search:qtext>`).join('');
}

const metricsXml = (m: SearchMetrics) =>
  `<search:metrics>${metricEntries(m)
    .map(([name, value]) => `<search:${name}>${value}</search:${name}>`)
    .join('')}</search:metrics>`;

/** The XML search response (MarkLogic’s REST API reference, /v1/search), children in search.xsd's order. */
export function searchResponseXml(r: SearchResponse, opts: SearchResponseOptions = {}): string {
  const head = attrs([
    ['snippet-format', r.snippetFormat],
    ['total', r.total],
    ['start', r.start],
    ['page-length', r.pageLength],
  ]);
  const parts = [`<?xml version="1.0" encoding="UTF-8"?>\n<search:response${head} xmlns:search="${SEARCH_NS}">`];
  for (const result of r.results ?? []) parts.push(resultXml(result, opts));
  for (const [name, f] of Object.entries(r.facets ?? {})) parts.push(facetXml(name, f));
  if (r.qtext) parts.push(qtextXml(r.qtext));
  if (r.query) parts.push(`<search:query>${queryXmlContent(r.query)}</search:query>`);
  if (r.metrics) parts.push(metricsXml(r.metrics));
  parts.push('</search:response>\n');
  return parts.join('');
}
