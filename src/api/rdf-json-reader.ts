/**
 * Reading Talis RDF/JSON (`application/rdf+json`, MarkLogic’s Semantics Developer’s Guide, supported RDF formats) request bodies. Oxigraph
 * parses every other syntax but not this one, and the official client writes it; the
 * graph is turned into N-Triples text, which the store then parses like any payload
 * (as Turtle: a relative IRI such as `marklogic.com/r1` resolves against the base, and
 * is refused without one).
 */
import { parseJson } from '../db/json';
import { DbError } from '../db/errors';
import { escapeString, ntriplesIri, safeBlankLabel } from './serializers/rdf-terms';
import type { RdfJsonObject as WireRdfJsonObject } from '../wire/rdf';

/** An object of a request body: the wire's fields, none trusted until checked. */
type RdfJsonObject = { [K in keyof WireRdfJsonObject]?: unknown };

const bad = (detail: string) => new DbError('RESTAPI-INVALIDCONTENT', `invalid RDF/JSON: ${detail}`);

const node = (value: string): string => (value.startsWith('_:') ? `_:${safeBlankLabel(value.slice(2))}` : ntriplesIri(value));

function objectTerm(o: RdfJsonObject, where: string): string {
  if (typeof o !== 'object' || o === null || typeof o.value !== 'string') throw bad(`${where}: an object needs a string value`);
  switch (o.type) {
    case 'uri':
      return ntriplesIri(o.value);
    case 'bnode':
      return `_:${safeBlankLabel(o.value.startsWith('_:') ? o.value.slice(2) : o.value)}`;
    case 'literal': {
      const text = `"${escapeString(o.value)}"`;
      if (typeof o.lang === 'string' && o.lang) return `${text}@${o.lang}`;
      if (typeof o.datatype === 'string' && o.datatype) return `${text}^^${ntriplesIri(o.datatype)}`;
      return text;
    }
    default:
      throw bad(`${where}: type must be uri, bnode or literal`);
  }
}

/** N-Triples for an RDF/JSON document. */
export function rdfJsonToNTriples(text: string): string {
  const doc = parseJson(text, 'RDF/JSON payload', bad);
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw bad('the document must be an object of subjects');
  const lines: string[] = [];
  for (const [subject, predicates] of Object.entries(doc)) {
    if (typeof predicates !== 'object' || predicates === null || Array.isArray(predicates)) throw bad(`subject ${subject} must map to an object of predicates`);
    for (const [predicate, objects] of Object.entries(predicates as Record<string, unknown>)) {
      if (!Array.isArray(objects)) throw bad(`${subject} ${predicate} must map to an array of objects`);
      for (const o of objects) lines.push(`${node(subject)} ${ntriplesIri(predicate)} ${objectTerm(o as RdfJsonObject, `${subject} ${predicate}`)} .`);
    }
  }
  return lines.join('\n');
}
