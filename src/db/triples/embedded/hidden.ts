/**
 * What a user may not see of documents' triples (docs/decisions/0032-embedded-triples.md): the
 * shared store holds the triples of every document, and the quads that only documents a user
 * may not read hold are taken out of it for the time of that user's (synchronous) read and put
 * back after it. Hidden documents are few in the usual set-ups, so this costs a user with less
 * access a handful of engine calls, not a store of their own.
 */
import type * as Oxigraph from 'oxigraph';
import type { StoredDocument } from '../../documents/types';
import type { Engine } from '../graph-access';
import { canonicalLexicals } from './engine-lexicals';
import { graphFields, placedTriples, type PlacedTriple } from './embedded-change';
import { embeddedTerms, nQuadsOf } from './extract';
import { idKey, quadId, type QuadId } from './quad-owners';

/** The quads of the engine that `docs` hold and no other document or the graph store does, as the engine holds them. */
export function quadsOnlyIn(engine: Engine, docs: readonly StoredDocument[]): Oxigraph.Quad[] {
  const owners = engine.owners;
  if (!owners) return [];
  const placed = docs.flatMap((d) => placedTriples(d));
  if (placed.length === 0) return [];
  const canonical = canonicalLexicals(engine.ox, placed.map((p) => p.triple));
  const counts = new Map<string, { id: QuadId; place: PlacedTriple; n: number }>();
  for (const place of placed) {
    const [s, p, o] = embeddedTerms(place.triple, canonical);
    const id = quadId(s, p, o, graphFields(place.graph));
    const key = idKey(id);
    const found = counts.get(key);
    if (found) found.n++;
    else counts.set(key, { id, place, n: 1 });
  }
  const only: PlacedTriple[] = [];
  for (const { id, place, n } of counts.values()) if (owners.docs(id) <= n && !owners.managed(id)) only.push(place);
  return only.length === 0 ? [] : [...engine.ox.parse(nQuadsOf(only), { format: 'application/n-quads' })];
}

/**
 * Runs `run` with `quads` out of the store, and puts them back whether it succeeds or throws.
 * Only the quads the store holds are taken out, so only those are put back.
 */
export function withoutQuads<T>(store: Oxigraph.Store, quads: readonly Oxigraph.Quad[], run: () => T): T {
  if (quads.length === 0) return run();
  const present = quads.filter((q) => store.has(q));
  for (const q of present) store.delete(q);
  try {
    return run();
  } finally {
    for (const q of present) store.add(q);
  }
}
