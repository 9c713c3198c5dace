/**
 * /v1/graphs/things: the subject nodes of the database, and the triples of chosen
 * nodes (their Concise Bounded Description: a node's triples, and those of the blank
 * nodes they lead to), over the graphs the user may read.
 */
import type * as Oxigraph from 'oxigraph';
import { DbError } from '../errors';
import { rethrowTrap } from './engine-trap';
import { datasetOptions, UNION } from './dataset';
import { keyOfTerm } from './graph-names';
import { externalQuad, externalTerm, toInternal } from './relative-iris';
import type { GraphAccess } from './graph-access';

export const THINGS_LIMIT = 10_000;

/** Distinct subjects (IRIs and blank nodes), at most `limit`. */
export function subjects(access: GraphAccess, limit = THINGS_LIMIT): Array<Oxigraph.NamedNode | Oxigraph.BlankNode> {
  if (!Number.isInteger(limit) || limit < 0) throw new DbError('REST-INVALIDPARAM', `limit must be a non-negative integer, not ${limit}`);
  const rows = access.store.query(`SELECT DISTINCT ?s WHERE { ?s ?p ?o } LIMIT ${limit}`, datasetOptions(access, UNION)) as Array<
    Map<string, Oxigraph.Term>
  >;
  return rows.map((row) => externalTerm(row.get('s') as Oxigraph.NamedNode | Oxigraph.BlankNode));
}

/**
 * The triples describing the given IRIs (client spelling), each triple once, at most
 * `limit`. Empty when none of them is the subject of a readable triple.
 */
export function describe(access: GraphAccess, iris: readonly string[], limit = THINGS_LIMIT): Oxigraph.Quad[] {
  const { ox, store } = access;
  const everything = access.readsEverything();
  const readable = new Map<string, boolean>();
  const visible = (q: Oxigraph.Quad): boolean => {
    if (everything) return true;
    const key = keyOfTerm(q.graph);
    let ok = readable.get(key);
    if (ok === undefined) readable.set(key, (ok = access.canRead(key)));
    return ok;
  };
  const out = new Map<string, Oxigraph.Quad>();
  const seen = new Set<string>();
  const queue: Oxigraph.Term[] = iris.map((iri) => {
    try {
      return ox.namedNode(toInternal(iri));
    } catch (e) {
      rethrowTrap(e);
      throw new DbError('REST-INVALIDPARAM', `iri: ${JSON.stringify(iri)} is not an IRI: ${(e as Error).message}`);
    }
  });
  while (queue.length > 0 && out.size < limit) {
    const node = queue.shift()!;
    const id = node.toString();
    if (seen.has(id)) continue;
    seen.add(id);
    for (const q of store.match(node, null, null, null)) {
      if (!visible(q)) continue;
      const triple = ox.quad(q.subject, q.predicate, q.object);
      const k = triple.toString();
      if (out.has(k)) continue;
      out.set(k, triple);
      if (q.object.termType === 'BlankNode') queue.push(q.object);
      if (out.size >= limit) break;
    }
  }
  return [...out.values()].map(externalQuad);
}
