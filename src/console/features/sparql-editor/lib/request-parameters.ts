/**
 * The parameters panel's values, as kept with each query tab, and their translation
 * into the client's request options. Kept as typed (strings, empty rows allowed) so
 * half-filled rows survive a reload; cleaned up only when a request is made.
 */
import type { DocumentRestriction, SparqlBindingValue, SparqlQueryOptions, SparqlUpdateOptions } from '../../../../client/sparql';
import { XSD } from '../../../lib/xsd';

export type BindingKind = 'iri' | 'typed' | 'lang';

export interface BindingRow {
  name: string;
  kind: BindingKind;
  value: string;
  /** For `typed`: an XSD local name (`int`), `xsd:int` or the full XSD IRI. */
  datatype: string;
  /** For `lang`. */
  lang: string;
}

/**
 * A document query (queries only): the query then sees only the triples of the documents it
 * matches (`q`, `structuredQuery`, `options` on /v1/graphs/sparql, read as /v1/search reads them).
 */
export interface DocumentQuery {
  /** A string query. */
  q: string;
  /** A structured query, JSON or XML text. */
  structuredQuery: string;
  /** A stored query options set; empty: the server's default. */
  options: string;
}

export interface RequestParameters {
  defaultGraphs: string[];
  namedGraphs: string[];
  usingGraphs: string[];
  usingNamedGraphs: string[];
  bindings: BindingRow[];
  base: string;
  documentQuery: DocumentQuery;
}

export const emptyDocumentQuery: DocumentQuery = { q: '', structuredQuery: '', options: '' };

export const emptyParameters: RequestParameters = {
  defaultGraphs: [],
  namedGraphs: [],
  usingGraphs: [],
  usingNamedGraphs: [],
  bindings: [],
  base: '',
  documentQuery: emptyDocumentQuery,
};

export const emptyBinding: BindingRow = { name: '', kind: 'iri', value: '', datatype: 'xsd:string', lang: '' };

/** XSD types offered for typed bindings; others can be typed in. */
export const commonDatatypes = [
  'string',
  'boolean',
  'integer',
  'int',
  'long',
  'unsignedLong',
  'decimal',
  'double',
  'float',
  'date',
  'dateTime',
  'time',
  'gYear',
  'duration',
  'anyURI',
] as const;

export function toQueryOptions(p: RequestParameters): SparqlQueryOptions {
  const restriction = restrictionOf(p.documentQuery);
  return { defaultGraphs: iris(p.defaultGraphs), namedGraphs: iris(p.namedGraphs), ...common(p), ...(restriction ? { restriction } : {}) };
}

/** The restriction a document query sends (what is blank is left out); `undefined` when it is all blank. */
export function restrictionOf(d: DocumentQuery): DocumentRestriction | undefined {
  const restriction: DocumentRestriction = {
    ...(d.q.trim() ? { q: d.q } : {}),
    ...(d.structuredQuery.trim() ? { structuredQuery: d.structuredQuery.trim() } : {}),
    ...(d.options.trim() ? { options: d.options.trim() } : {}),
  };
  return Object.keys(restriction).length > 0 ? restriction : undefined;
}

/**
 * Whether a document query selects documents: a string or structured query does. An options
 * set alone matches every document, and the SPARQL query then sees every triple (managed ones too).
 */
export const selectsDocuments = (d: DocumentQuery): boolean => d.q.trim() !== '' || d.structuredQuery.trim() !== '';

export function toUpdateOptions(p: RequestParameters): SparqlUpdateOptions {
  return { usingGraphs: iris(p.usingGraphs), usingNamedGraphs: iris(p.usingNamedGraphs), ...common(p) };
}

/** How many parameters a request of this kind would carry (the panel's badge). */
export function countParameters(p: RequestParameters, operation: 'query' | 'update'): number {
  const graphs = operation === 'update' ? [p.usingGraphs, p.usingNamedGraphs] : [p.defaultGraphs, p.namedGraphs];
  const restriction = operation === 'query' ? Object.keys(restrictionOf(p.documentQuery) ?? {}).length : 0;
  return graphs.reduce((n, list) => n + iris(list).length, 0) + bindings(p.bindings).length + (p.base.trim() ? 1 : 0) + restriction;
}

/** Reads a stored value defensively: an older version, or another tab, may have written it. */
export function normaliseParameters(raw: unknown): RequestParameters {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return {
    defaultGraphs: strings(r.defaultGraphs),
    namedGraphs: strings(r.namedGraphs),
    usingGraphs: strings(r.usingGraphs),
    usingNamedGraphs: strings(r.usingNamedGraphs),
    bindings: Array.isArray(r.bindings) ? r.bindings.map(normaliseBinding) : [],
    base: typeof r.base === 'string' ? r.base : '',
    documentQuery: normaliseDocumentQuery(r.documentQuery),
  };
}

function normaliseDocumentQuery(raw: unknown): DocumentQuery {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return { q: str(r.q), structuredQuery: str(r.structuredQuery), options: str(r.options) };
}

function normaliseBinding(raw: unknown): BindingRow {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const str = (v: unknown, fallback = '') => (typeof v === 'string' ? v : fallback);
  const kind = r.kind === 'typed' || r.kind === 'lang' ? r.kind : 'iri';
  return { name: str(r.name), kind, value: str(r.value), datatype: str(r.datatype, 'xsd:string'), lang: str(r.lang) };
}

function common(p: RequestParameters): Pick<SparqlQueryOptions, 'base' | 'bindings'> {
  const base = p.base.trim();
  return { ...(base ? { base } : {}), bindings: bindings(p.bindings) };
}

function iris(list: readonly string[]): string[] {
  return list.map((g) => g.trim()).filter((g) => g !== '');
}

/** Rows without a name are still being filled in; `?x` and `$x` are accepted for `x`. */
function bindings(rows: readonly BindingRow[]): SparqlBindingValue[] {
  return rows
    .filter((row) => row.name.trim() !== '')
    .map((row) => {
      const name = row.name.trim().replace(/^[?$]/, '');
      if (row.kind === 'lang') return { name, value: row.value, lang: row.lang.trim() };
      if (row.kind === 'typed') return { name, value: row.value, type: xsdLocalName(row.datatype) };
      return { name, value: row.value.trim() };
    });
}

/** `xsd:int`, `<http://www.w3.org/2001/XMLSchema#int>` and `int` all mean `int` (the wire wants the local name). */
export function xsdLocalName(datatype: string): string {
  const t = datatype.trim().replace(/^<(.*)>$/, '$1');
  if (t.startsWith(XSD)) return t.slice(XSD.length);
  if (t.startsWith('xsd:')) return t.slice(4);
  return t || 'string';
}
