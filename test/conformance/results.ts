/**
 * Query results as the comparison sees them, and readers for every form the suite
 * (and an endpoint) writes them in: SPARQL XML (.srx), JSON (.srj), TSV, CSV, result
 * sets encoded in RDF (`rs:ResultSet`, with `rs:index` when ordered), and RDF graphs.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';
import * as oxigraph from 'oxigraph';
import { bnode, fromOxigraph, iri, literal, type RdfTerm } from './terms';
import { XSD } from '../../src/db/triples/xsd-lexical';

export type Solution = Map<string, RdfTerm>;

export interface SolutionsResult {
  kind: 'solutions';
  vars: string[];
  rows: Solution[];
  /** False when the source cannot carry an order (an RDF result set without `rs:index`). */
  ordered: boolean;
}

export interface BooleanResult {
  kind: 'boolean';
  value: boolean;
}

/** Graph (CONSTRUCT/DESCRIBE) or dataset: `graph` undefined is the default graph. */
export interface RdfQuad {
  subject: RdfTerm;
  predicate: RdfTerm;
  object: RdfTerm;
  graph?: RdfTerm;
}

export interface GraphResult {
  kind: 'graph';
  quads: RdfQuad[];
}

export type QueryResult = SolutionsResult | BooleanResult | GraphResult;

const SRX = 'http://www.w3.org/2005/sparql-results#';
const RS = 'http://www.w3.org/2001/sw/DataAccess/tests/result-set#';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

/** SPARQL 1.1 Query Results XML. */
export function readSrx(text: string): SolutionsResult | BooleanResult {
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`SPARQL XML results: ${message}`);
    },
  }).parseFromString(text, 'text/xml');
  const root = doc.documentElement;
  if (!root || root.localName !== 'sparql' || root.namespaceURI !== SRX) throw new Error('SPARQL XML results: the root is not sparql');
  const head = child(root, 'head');
  const vars = head ? children(head, 'variable').map((v) => v.getAttribute('name') ?? '') : [];
  const booleanElement = child(root, 'boolean');
  if (booleanElement) return { kind: 'boolean', value: booleanElement.textContent?.trim() === 'true' };
  const results = child(root, 'results');
  if (!results) throw new Error('SPARQL XML results: neither results nor boolean');
  const rows = children(results, 'result').map((result) => {
    const row: Solution = new Map();
    for (const binding of children(result, 'binding')) {
      const value = children(binding)[0];
      if (!value) throw new Error('SPARQL XML results: an empty binding');
      row.set(binding.getAttribute('name') ?? '', xmlTerm(value));
    }
    return row;
  });
  return { kind: 'solutions', vars, rows, ordered: true };
}

function xmlTerm(element: Element): RdfTerm {
  const text = element.textContent ?? '';
  switch (element.localName) {
    case 'uri':
      return iri(text);
    case 'bnode':
      return bnode(text);
    case 'literal':
      return literal(text, element.getAttribute('datatype') ?? undefined, element.getAttributeNS('http://www.w3.org/XML/1998/namespace', 'lang') || element.getAttribute('xml:lang') || undefined);
    default:
      throw new Error(`SPARQL XML results: unexpected <${element.localName}>`);
  }
}

function children(parent: Element, localName?: string): Element[] {
  const out: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (localName === undefined || (node as Element).localName === localName)) out.push(node as Element);
  }
  return out;
}

const child = (parent: Element, localName: string): Element | undefined => children(parent, localName)[0];

interface JsonTerm {
  type: string;
  value: string;
  datatype?: string;
  'xml:lang'?: string;
}

/** SPARQL 1.1 Query Results JSON (also the pre-1.1 `typed-literal` type). */
export function readSrj(text: string): SolutionsResult | BooleanResult {
  const json = JSON.parse(text) as { head?: { vars?: string[] }; boolean?: boolean; results?: { bindings: Array<Record<string, JsonTerm>> } };
  if (typeof json.boolean === 'boolean') return { kind: 'boolean', value: json.boolean };
  if (!json.results || !Array.isArray(json.results.bindings)) throw new Error('SPARQL JSON results: neither results nor boolean');
  const rows = json.results.bindings.map((binding) => {
    const row: Solution = new Map();
    for (const [name, term] of Object.entries(binding)) row.set(name, jsonTerm(term));
    return row;
  });
  return { kind: 'solutions', vars: json.head?.vars ?? [], rows, ordered: true };
}

function jsonTerm(term: JsonTerm): RdfTerm {
  switch (term.type) {
    case 'uri':
      return iri(term.value);
    case 'bnode':
      return bnode(term.value);
    case 'literal':
    case 'typed-literal':
      return literal(term.value, term.datatype, term['xml:lang']);
    default:
      throw new Error(`SPARQL JSON results: unexpected term type ${term.type}`);
  }
}

/** SPARQL 1.1 TSV: a header of `?var`s, then terms in Turtle syntax; an empty field is unbound. */
export function readTsv(text: string): SolutionsResult | BooleanResult {
  const lines = text.split(/\r?\n/);
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  const header = lines.shift() ?? '';
  const vars = header === '' ? [] : header.split('\t').map((v) => v.replace(/^[?$]/, ''));
  const rows = lines.map((line) => {
    const row: Solution = new Map();
    line.split('\t').forEach((field, i) => {
      if (field !== '') row.set(vars[i], turtleTerm(field.trim()));
    });
    return row;
  });
  return { kind: 'solutions', vars, rows, ordered: true };
}

/** One term in Turtle syntax, as TSV writes it (IRIs, blank nodes, quoted literals, bare numbers and booleans). */
export function turtleTerm(text: string): RdfTerm {
  if (text.startsWith('<') && text.endsWith('>')) return iri(unescape(text.slice(1, -1)));
  if (text.startsWith('_:')) return bnode(text.slice(2));
  if (text === 'true' || text === 'false') return literal(text, XSD + 'boolean');
  if (/^[+-]?\d+$/.test(text)) return literal(text, XSD + 'integer');
  if (/^[+-]?\d*\.\d+$/.test(text)) return literal(text, XSD + 'decimal');
  if (/^[+-]?(\d+\.?\d*|\.\d+)[eE][+-]?\d+$/.test(text)) return literal(text, XSD + 'double');
  const match = /^"((?:[^"\\]|\\.)*)"(?:@([A-Za-z0-9-]+)|\^\^<([^>]*)>)?$/s.exec(text);
  if (!match) throw new Error(`not a term in Turtle syntax: ${text}`);
  return literal(unescape(match[1]), match[3] === undefined ? undefined : unescape(match[3]), match[2]);
}

function unescape(text: string): string {
  return text.replace(/\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)/g, (_, code: string) => {
    if (code[0] === 'u' || code[0] === 'U') return String.fromCodePoint(parseInt(code.slice(1), 16));
    const simple: Record<string, string> = { t: '\t', b: '\b', n: '\n', r: '\r', f: '\f', '"': '"', "'": "'", '\\': '\\' };
    if (!(code in simple)) throw new Error(`unknown escape \\${code}`);
    return simple[code];
  });
}

/**
 * SPARQL 1.1 CSV. CSV drops term types, so every field is read as a plain string,
 * except `_:label`, which stays a blank node so the comparison can still match labels
 * by bijection, and a field written as a number, which is compared by its numeric
 * value: typed literals compare by value everywhere in this harness, and an engine
 * that canonicalises on load writes `1.0E6` as `1000000`. An empty field is unbound.
 */
export function readCsv(text: string): SolutionsResult {
  const records = csvRecords(text);
  const vars = records.shift() ?? [];
  const rows = records.map((fields) => {
    const row: Solution = new Map();
    fields.forEach((field, i) => {
      if (field !== '') row.set(vars[i], csvField(field));
    });
    return row;
  });
  return { kind: 'solutions', vars, rows, ordered: true };
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function csvField(field: string): RdfTerm {
  if (field.startsWith('_:')) return bnode(field.slice(2));
  if (NUMBER.test(field)) return { type: 'literal', value: String(Number(field)), datatype: 'urn:tabula:conformance:csv-number' };
  return literal(field);
}

/** RFC 4180 records: fields separated by commas, quoted with `"` (doubled inside), lines ended by CRLF or LF. */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i++;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      fields.push(field);
      records.push(fields);
      fields = [];
      field = '';
      if (c === '\r' && text[i + 1] === '\n') i++;
    } else field += c;
    i++;
  }
  if (field !== '' || fields.length) {
    fields.push(field);
    records.push(fields);
  }
  return records;
}

/** Quads of an RDF document; `defaultGraph` names where triples without a graph go (undefined: the default graph). */
export function readRdf(text: string, format: string, base: string): RdfQuad[] {
  return oxigraph.parse(text, { format, base_iri: base }).map(fromOxigraphQuad);
}

export function fromOxigraphQuad(quad: oxigraph.Quad): RdfQuad {
  return {
    subject: fromOxigraph(quad.subject as oxigraph.Term),
    predicate: fromOxigraph(quad.predicate as oxigraph.Term),
    object: fromOxigraph(quad.object as oxigraph.Term),
    graph: quad.graph.termType === 'DefaultGraph' ? undefined : fromOxigraph(quad.graph as oxigraph.Term),
  };
}

/**
 * An RDF document holding either a graph (CONSTRUCT/DESCRIBE results) or a result set
 * in the `rs:` vocabulary (SPARQL 1.0 suite), told apart by an `rs:ResultSet` node.
 */
export function readRdfResult(text: string, format: string, base: string): QueryResult {
  const quads = readRdf(text, format, base);
  const resultSet = quads.find((q) => q.predicate.value === RDF_TYPE && q.object.type === 'uri' && q.object.value === RS + 'ResultSet')?.subject;
  if (!resultSet) return { kind: 'graph', quads };

  const same = (a: RdfTerm, b: RdfTerm): boolean => a.type === b.type && a.value === b.value;
  const objects = (subject: RdfTerm, predicate: string): RdfTerm[] =>
    quads.filter((q) => same(q.subject, subject) && q.predicate.value === predicate).map((q) => q.object);

  const booleanValue = objects(resultSet, RS + 'boolean')[0];
  if (booleanValue) return { kind: 'boolean', value: booleanValue.value === 'true' };

  const vars = objects(resultSet, RS + 'resultVariable').map((v) => v.value);
  const solutions = objects(resultSet, RS + 'solution').map((solution) => {
    const row: Solution = new Map();
    for (const binding of objects(solution, RS + 'binding')) {
      const variable = objects(binding, RS + 'variable')[0];
      const value = objects(binding, RS + 'value')[0];
      if (!variable || !value) throw new Error('rs:binding without rs:variable or rs:value');
      row.set(variable.value, value);
    }
    const index = objects(solution, RS + 'index')[0];
    return { row, index: index ? Number(index.value) : undefined };
  });
  const ordered = solutions.length > 0 && solutions.every((s) => s.index !== undefined);
  if (ordered) solutions.sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  return { kind: 'solutions', vars, rows: solutions.map((s) => s.row), ordered };
}
