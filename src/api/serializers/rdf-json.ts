/**
 * RDF/JSON (`application/rdf+json`, the Talis format; MarkLogic’s Semantics Developer’s Guide, supported RDF formats), which Oxigraph
 * does not write: `{ subject: { predicate: [ {value, type, datatype? | lang?} ] } }`.
 *
 * Blank-node subjects and objects are written `_:label`. Plain strings carry no
 * `datatype` (xsd:string is implicit in RDF 1.1, as in the SPARQL JSON results Oxigraph
 * writes); language-tagged ones carry `lang`. IRIs are written as stored, so path-form
 * IRIs come back exactly as the client wrote them (`marklogic.com/r1`).
 */
import { cannotExpress, toJsonQuads, type JsonQuad, type JsonTerm, type QuadLike } from './rdf-terms';
import type { RdfJson, RdfJsonObject } from '../../wire/rdf';

export type { RdfJson, RdfJsonObject };

const nodeKey = (t: JsonTerm): string => {
  if (t.type === 'uri') return t.value;
  if (t.type === 'bnode') return `_:${t.value}`;
  throw cannotExpress('RDF/JSON', `a ${t.type} cannot be a subject or predicate`);
};

function objectOf(t: JsonTerm): RdfJsonObject {
  switch (t.type) {
    case 'uri':
      return { value: t.value, type: 'uri' };
    case 'bnode':
      return { value: `_:${t.value}`, type: 'bnode' };
    case 'literal': {
      // RDF/JSON has no base direction; a directional string would silently lose it.
      if (t['its:dir']) throw cannotExpress('RDF/JSON', 'a literal has a base direction');
      if (t['xml:lang']) return { value: t.value, type: 'literal', lang: t['xml:lang'] };
      return t.datatype ? { value: t.value, type: 'literal', datatype: t.datatype } : { value: t.value, type: 'literal' };
    }
    case 'triple':
      throw cannotExpress('RDF/JSON', 'a triple term (RDF 1.2)');
  }
}

/** The triples (graph names ignored, duplicates dropped) as an RDF/JSON object. */
export function jsonQuadsToRdfJson(quads: readonly JsonQuad[]): RdfJson {
  // A null-prototype object: an IRI such as `__proto__` is an ordinary key here.
  const out: RdfJson = Object.create(null);
  const seen = new Set<string>();
  for (const q of quads) {
    const s = nodeKey(q.subject);
    const p = nodeKey(q.predicate);
    const o = objectOf(q.object);
    const key = JSON.stringify([s, p, o.value, o.type, o.type === 'literal' ? (o.datatype ?? '') : '', o.type === 'literal' ? (o.lang ?? '') : '']);
    if (seen.has(key)) continue;
    seen.add(key);
    const byPredicate = (out[s] ??= Object.create(null) as Record<string, RdfJsonObject[]>);
    (byPredicate[p] ??= []).push(o);
  }
  return out;
}

/** `application/rdf+json` text of RDF/JS quads. */
export function quadsToRdfJson(quads: Iterable<QuadLike>): string {
  return JSON.stringify(jsonQuadsToRdfJson(toJsonQuads(quads)));
}
