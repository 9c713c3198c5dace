/**
 * SELECT and ASK results in every format the SPARQL endpoint serves.
 *
 * Results travel inside Tabula as the W3C SPARQL 1.1 JSON results object (already paged,
 * relative IRIs already mapped back); this module writes it as JSON, XML, CSV, TSV or
 * an XHTML table. Pure string building: no engine, no request.
 */
import { DbError } from '../../db/errors';
import { escapeAttr, escapeText } from './markup';
import { tableHtml, termHtml, thingsHref, xhtmlPage, type HrefFor } from './html';
import { safeBlankLabel, turtleTerm } from './rdf-terms';
import { sparqlResultsWriter } from './formats';
import type { SparqlJsonBinding, SparqlJsonResults, SparqlJsonTerm } from '../../wire/rdf';

export type { SparqlJsonBinding, SparqlJsonResults, SparqlJsonTerm };

const SPARQL_RESULTS_NS = 'http://www.w3.org/2005/sparql-results#';
const ITS_NS = 'http://www.w3.org/2005/11/its';

const isBoolean = (r: SparqlJsonResults): r is SparqlJsonResults & { boolean: boolean } => typeof r.boolean === 'boolean';
const varsOf = (r: SparqlJsonResults) => r.head.vars ?? [];
const bindingsOf = (r: SparqlJsonResults) => r.results?.bindings ?? [];

/** `application/sparql-results+json`, with `head` first as the W3C examples order it. */
export function resultsToJson(r: SparqlJsonResults): string {
  if (isBoolean(r)) return JSON.stringify({ head: r.head, boolean: r.boolean } satisfies SparqlJsonResults);
  return JSON.stringify({ head: { ...r.head, vars: varsOf(r) }, results: { bindings: bindingsOf(r) } } satisfies SparqlJsonResults);
}

// --- XML ------------------------------------------------------------------------------

// Refuse (406) rather than alter a value XML 1.0 cannot hold: see markup.ts.
const xText = (s: string) => escapeText(s, 'reject', 'SPARQL results XML');
const xAttr = (s: string) => escapeAttr(s, 'reject', 'SPARQL results XML');

function termXml(t: SparqlJsonTerm): string {
  switch (t.type) {
    case 'uri':
      return `<uri>${xText(t.value)}</uri>`;
    case 'bnode':
      return `<bnode>${xText(t.value)}</bnode>`;
    case 'literal': {
      const lang = t['xml:lang'];
      const dir = t['its:dir'];
      let attrs = '';
      if (lang) attrs += ` xml:lang="${xAttr(lang)}"`;
      if (lang && dir) attrs += ` its:dir="${xAttr(dir)}" xmlns:its="${ITS_NS}" its:version="2.0"`;
      if (!lang && t.datatype) attrs += ` datatype="${xAttr(t.datatype)}"`;
      return `<literal${attrs}>${xText(t.value)}</literal>`;
    }
    case 'triple': {
      const { subject, predicate, object } = t.value;
      return `<triple><subject>${termXml(subject)}</subject><predicate>${termXml(predicate)}</predicate><object>${termXml(object)}</object></triple>`;
    }
  }
}

/** `application/sparql-results+xml` (https://www.w3.org/TR/rdf-sparql-XMLres/). */
export function resultsToXml(r: SparqlJsonResults): string {
  const parts = [`<?xml version="1.0"?>\n<sparql xmlns="${SPARQL_RESULTS_NS}">`, '<head>'];
  for (const v of varsOf(r)) parts.push(`<variable name="${xAttr(v)}"/>`);
  for (const href of r.head.link ?? []) parts.push(`<link href="${xAttr(href)}"/>`);
  parts.push('</head>');
  if (isBoolean(r)) {
    parts.push(`<boolean>${r.boolean}</boolean>`);
  } else {
    parts.push('<results>');
    for (const binding of bindingsOf(r)) {
      parts.push('<result>');
      for (const [name, term] of Object.entries(binding)) {
        parts.push(`<binding name="${xAttr(name)}">${termXml(term)}</binding>`);
      }
      parts.push('</result>');
    }
    parts.push('</results>');
  }
  parts.push('</sparql>\n');
  return parts.join('');
}

// --- CSV and TSV (https://www.w3.org/TR/sparql11-results-csv-tsv/) ----------------------

function csvField(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The CSV form of a term: IRIs bare, literals as their lexical form, blank nodes `_:label`. */
function csvTerm(t: SparqlJsonTerm): string {
  switch (t.type) {
    case 'uri':
    case 'literal':
      return t.value;
    case 'bnode':
      return `_:${t.value}`;
    case 'triple':
      // No standard form; Oxigraph's (the three terms, space-separated) keeps the engines alike.
      return `${csvTerm(t.value.subject)} ${csvTerm(t.value.predicate)} ${csvTerm(t.value.object)}`;
  }
}

/**
 * `text/csv`: a header row of variable names, CRLF line ends, RFC 4180 quoting. Types are
 * lost by design. An ASK result has no CSV form in the standard; like Oxigraph, its
 * value alone.
 */
export function resultsToCsv(r: SparqlJsonResults): string {
  if (isBoolean(r)) return String(r.boolean);
  const vars = varsOf(r);
  const lines = [vars.map(csvField).join(',')];
  for (const b of bindingsOf(r)) {
    lines.push(vars.map((v) => (b[v] ? csvField(csvTerm(b[v])) : '')).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * `text/tab-separated-values`: `?name` headers, terms in Turtle syntax (numeric shorthands
 * included, tabs and newlines escaped inside strings), LF line ends.
 */
export function resultsToTsv(r: SparqlJsonResults): string {
  if (isBoolean(r)) return String(r.boolean);
  const vars = varsOf(r);
  const lines = [vars.map((v) => `?${v}`).join('\t')];
  for (const b of bindingsOf(r)) {
    lines.push(vars.map((v) => (b[v] ? tsvTerm(b[v]) : '')).join('\t'));
  }
  return `${lines.join('\n')}\n`;
}

function tsvTerm(t: SparqlJsonTerm): string {
  return t.type === 'bnode' ? `_:${safeBlankLabel(t.value)}` : turtleTerm(t);
}

// --- HTML -------------------------------------------------------------------------------

/**
 * `text/html`: an XHTML page titled `SPARQL results` with one table of bindings, each IRI
 * a link to the things view; an ASK answer is a page stating true or false.
 */
export function resultsToHtml(r: SparqlJsonResults, href: HrefFor = thingsHref): string {
  const title = 'SPARQL results';
  if (isBoolean(r)) return xhtmlPage(title, `<p class="boolean">${r.boolean}</p>`);
  const vars = varsOf(r);
  const rows = bindingsOf(r).map((b) => vars.map((v) => (b[v] ? termHtml(b[v], href) : '')));
  return xhtmlPage(title, tableHtml('sparql-results', vars, rows));
}

/** The body for a media type chosen by formats.ts `negotiateSparqlResults`. */
export function serializeResults(r: SparqlJsonResults, mediaType: string, href: HrefFor = thingsHref): string {
  switch (sparqlResultsWriter(mediaType)) {
    case 'json':
      return resultsToJson(r);
    case 'xml':
      return resultsToXml(r);
    case 'csv':
      return resultsToCsv(r);
    case 'tsv':
      return resultsToTsv(r);
    case 'html':
      return resultsToHtml(r, href);
    default:
      throw new DbError('REST-UNACCEPTABLETYPE', `SPARQL results cannot be written as ${mediaType}`);
  }
}
