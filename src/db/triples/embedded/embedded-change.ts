/**
 * What a document write does to the triple store (docs/decisions/0032-embedded-triples.md):
 * the triples its documents embedded before and embed after, placed in their graphs, become
 * quads the engine gains or loses and changes to the table of who holds each quad.
 *
 * Worked out inside the write's IndexedDB transaction, before it commits, from the engine as
 * it is (the write queue lets nothing else change it meanwhile); applied to the engine only
 * once the transaction has committed, so a failed write changes nothing in memory either.
 */
import type * as Oxigraph from 'oxigraph';
import type { StoredDocument } from '../../documents/types';
import type { Engine } from '../graph-access';
import { clientIriOfKey, DEFAULT_KEY, type GraphKey } from '../graph-names';
import { canonicalLexicals } from './engine-lexicals';
import { embeddedTerms, nQuadsOf, type EmbeddedTriple } from './extract';
import { graphsOfDocument, mayEmbedTriples, triplesOfDocument } from './document-triples';
import { readerRoles, sameReaders, type ReaderChanges } from './readers';
import { idKey, ownerChanges, quadId, type OwnerChanges, type QuadId, type QuadOwners, type TermFields } from './quad-owners';

/** One document of a write: as stored before it (none: new) and after it (none: deleted). */
export interface DocumentChange {
  before?: StoredDocument;
  after?: StoredDocument;
}

/** A triple in one of its graphs. */
export interface PlacedTriple {
  triple: EmbeddedTriple;
  graph: GraphKey;
}

/** The triples a write takes away and brings, or undefined when no document involved embeds any. */
export interface TriplesChanged {
  before: PlacedTriple[];
  after: PlacedTriple[];
  /** Documents holding triples whose readers changed (./readers.ts). */
  readers: ReaderChanges;
}

/** What the engine and the owner table undergo. */
export interface EmbeddedEffect {
  /** N-Quads the engine loses, then gains (the engine's spelling). */
  removed: string;
  added: string;
  owners: OwnerChanges;
}

/** A document's triples in its graphs (none for no document). */
export const placedTriples = (doc: StoredDocument | undefined): PlacedTriple[] => {
  if (!doc || !mayEmbedTriples(doc)) return [];
  const triples = triplesOfDocument(doc);
  if (triples.length === 0) return [];
  const graphs = graphsOfDocument(doc);
  return triples.flatMap((triple) => graphs.map((graph) => ({ triple, graph })));
};

/** The triples each side of the write holds; undefined when neither side has any (the common case: no engine needed). */
export function triplesChanged(changes: readonly DocumentChange[]): TriplesChanged | undefined {
  const before: PlacedTriple[] = [];
  const after: PlacedTriple[] = [];
  const readers: ReaderChanges = [];
  for (const c of changes) {
    // Content and collections unchanged (a property change, say): the same quads.
    const sameQuads = c.before !== undefined && c.after !== undefined && c.before.content === c.after.content && sameCollections(c.before, c.after);
    const sameRoles = c.before !== undefined && c.after !== undefined && sameReaders(readerRoles(c.before), readerRoles(c.after));
    if (sameQuads && sameRoles) continue;
    const had = placedTriples(c.before);
    const has = sameQuads ? had : placedTriples(c.after);
    if (!sameQuads) {
      before.push(...had);
      after.push(...has);
    }
    const uri = (c.after ?? c.before)!.uri;
    if (has.length > 0 && (had.length === 0 || !sameRoles)) readers.push([uri, readerRoles(c.after!)]);
    else if (has.length === 0 && had.length > 0) readers.push([uri, null]);
  }
  return before.length === 0 && after.length === 0 && readers.length === 0 ? undefined : { before, after, readers };
}

const sameCollections = (a: StoredDocument, b: StoredDocument): boolean => {
  const x = a.metadata.collections;
  const y = b.metadata.collections;
  return x.length === y.length && x.every((c, i) => c === y[i]);
};

export const graphFields = (key: GraphKey): TermFields => (key === DEFAULT_KEY ? { termType: 'DefaultGraph', value: '' } : { termType: 'NamedNode', value: key });

/**
 * Whether the graph store holds the quad of these terms. A document may name anything as an
 * IRI (MarkLogic takes any text); the engine's term constructors refuse what is no IRI (a `>`,
 * a line break), and the graph store checks its input with them, so such a quad is none of its.
 */
function heldByGraphStore(engine: Engine, [s, p, o]: TermFields[], graph: GraphKey): boolean {
  const ox = engine.ox;
  let quad: Oxigraph.Quad;
  try {
    const object =
      o.termType === 'NamedNode' ? ox.namedNode(o.value) : o.language ? ox.literal(o.value, o.language) : ox.literal(o.value, ox.namedNode(o.datatype!.value));
    quad = ox.quad(ox.namedNode(s.value), ox.namedNode(p.value), object, graph === DEFAULT_KEY ? ox.defaultGraph() : ox.namedNode(graph));
  } catch (e) {
    if (e instanceof URIError || (e instanceof Error && e.name === 'SyntaxError')) return false;
    throw e;
  }
  return engine.store.has(quad);
}

/**
 * The effect of a write on the engine and the owner table, worked out without changing
 * either. A quad gaining its first document is added unless the graph store holds it already
 * (then it is marked); one losing its last document is removed unless marked (then the graph
 * store keeps it). Whether the graph store holds a quad is asked of the engine only for graphs
 * the graph store writes to (registered ones, and the default graph).
 */
export function embeddedEffect(engine: Engine, owners: QuadOwners, changed: TriplesChanged): EmbeddedEffect {
  const canonical = canonicalLexicals(engine.ox, [...changed.before, ...changed.after].map((p) => p.triple));
  const byId = new Map<string, { id: QuadId; terms: TermFields[]; place: PlacedTriple; delta: number }>();
  // A triple in several collections is one triple object placed several times: its terms are made once.
  const termsOf = new Map<EmbeddedTriple, TermFields[]>();
  const count = (list: readonly PlacedTriple[], sign: number) => {
    for (const place of list) {
      let terms = termsOf.get(place.triple);
      if (!terms) termsOf.set(place.triple, (terms = embeddedTerms(place.triple, canonical)));
      const id = quadId(terms[0], terms[1], terms[2], graphFields(place.graph));
      const key = idKey(id);
      const entry = byId.get(key);
      if (entry) entry.delta += sign;
      else byId.set(key, { id, terms, place, delta: sign });
    }
  };
  count(changed.before, -1);
  count(changed.after, 1);
  const removed: PlacedTriple[] = [];
  const added: PlacedTriple[] = [];
  const changes: Array<{ id: QuadId; delta: number; mark: number; graph: GraphKey }> = [];
  for (const { id, terms, place, delta } of byId.values()) {
    if (delta === 0) continue;
    const docs = owners.docs(id);
    const after = docs + delta;
    let mark = -1;
    if (docs === 0 && after > 0) {
      const managedGraph = place.graph === DEFAULT_KEY || engine.registry.has(clientIriOfKey(place.graph));
      if (managedGraph && heldByGraphStore(engine, terms, place.graph)) mark = 1;
      else added.push(place);
    } else if (docs > 0 && after <= 0 && !owners.managed(id)) removed.push(place);
    changes.push({ id, delta, mark, graph: place.graph });
  }
  return { removed: nQuadsOf(removed), added: nQuadsOf(added), owners: ownerChanges(changes) };
}
