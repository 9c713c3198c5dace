/**
 * SPARQL restricted by a document query (docs/decisions/0032-embedded-triples.md): the query
 * runs on a store holding only the triples of the documents the query matches, in the graphs
 * their collections name, plus — when the restriction is collections alone — the managed
 * triples of the graphs it names (MarkLogic keeps those in `sem:triples` documents of the
 * graph's collection, which such a restriction selects).
 *
 * A view is built from the matching documents as they are stored, so its cost follows the
 * number of matches, never the size of the database; it is kept for the next query with the
 * same restriction by the same user until any write runs (the write queue's generation).
 */
import type * as Oxigraph from 'oxigraph';
import type { StoredDocument } from '../../documents/types';
import type { Deadline } from '../../deadline';
import type { Query } from '../../search/query-model';
import type { Principal } from '../../security/types';
import { GraphAccess, type Engine } from '../graph-access';
import { DEFAULT_KEY, termOfKey, type GraphKey } from '../graph-names';
import { graphsOfDocument, mayEmbedTriples, triplesOfDocument } from './document-triples';
import { nQuadsOf } from './extract';
import { engineQuadId } from './quad-owners';

/** What restricts a SPARQL query to the triples of some documents. */
export interface DocumentRestriction {
  /** The document query, evaluated exactly as `/v1/search` evaluates it (permissions included). */
  query: Query;
  /** Graphs whose managed triples the view holds: those the restriction names by `collection`, when it is collections alone. */
  managedGraphs: GraphKey[];
  /** The restriction as the client sent it (parameters and body), which with the user names a cached view. */
  key: string;
}

/** Where a view's documents come from: the database's search and document store. */
export interface RestrictionSource {
  /** URIs of the documents `principal` may read that `query` matches (inside the open transaction `txid`, as it sees them). */
  matchingUris(query: Query, principal: Principal, deadline: Deadline, txid?: string): Promise<string[]>;
  /** Those documents as stored, or as the transaction `txid` left them (the unreadable and missing left out). */
  readDocuments(uris: readonly string[], principal: Principal, deadline: Deadline, txid?: string): Promise<StoredDocument[]>;
  /** Documents as stored, whoever may read them (the missing left out): what some user may not see. */
  readStored(uris: readonly string[]): Promise<StoredDocument[]>;
  /** Changes whenever a write starts or ends (odd while one runs). */
  generation(): number;
}

/** A store holding a restriction's triples, and what it holds. */
export interface RestrictedView {
  ox: typeof Oxigraph;
  store: Oxigraph.Store;
  /** The named graphs it holds triples in (the default graph aside). */
  graphs: GraphKey[];
  quads: number;
  /** Documents the restriction matched. */
  documents: number;
}

/** Documents' lines are handed to the engine a slice at a time (each call copies its input into the engine's memory). */
const LOAD_SLICE_CHARS = 4 * 1024 * 1024;

/**
 * Builds the view of `docs` (and, with `managed`, of the managed triples of its graphs that the
 * user may read). Synchronous once the documents are read: nothing changes the engine meanwhile.
 */
export function buildView(
  ox: typeof Oxigraph,
  docs: readonly StoredDocument[],
  deadline: Deadline,
  managed?: { access: GraphAccess; graphs: readonly GraphKey[] },
): RestrictedView {
  const store = new ox.Store();
  const graphs = new Set<GraphKey>();
  try {
    let text = '';
    const flush = () => {
      if (text === '') return;
      store.load(text, { format: 'application/n-quads' });
      text = '';
      deadline.check('the restricted SPARQL query');
    };
    for (const doc of docs) {
      if (!mayEmbedTriples(doc)) continue;
      const triples = triplesOfDocument(doc);
      if (triples.length === 0) continue;
      const placed = graphsOfDocument(doc);
      for (const g of placed) if (g !== DEFAULT_KEY) graphs.add(g);
      text += nQuadsOf(triples.flatMap((triple) => placed.map((graph) => ({ triple, graph }))));
      if (text.length >= LOAD_SLICE_CHARS) flush();
    }
    flush();
    if (managed) for (const g of managed.graphs) if (copyManaged(managed.access, g, store)) graphs.add(g);
    graphs.delete(DEFAULT_KEY);
    return { ox, store, graphs: [...graphs], quads: store.size, documents: docs.length };
  } catch (e) {
    free(store);
    throw e;
  }
}

/**
 * Copies the managed triples of graph `key` into `view`, when the user may read the graph:
 * the quads of the graph no document embeds, or that the graph store holds too. True when
 * the graph held any.
 */
function copyManaged(access: GraphAccess, key: GraphKey, view: Oxigraph.Store): boolean {
  if (!access.canRead(key)) return false;
  const { ox, store } = access.engine;
  const owners = access.engine.owners;
  const term = termOfKey(ox, key);
  // Reading a quad's id off the engine's terms is slow (decision 0032): only where documents embed some.
  const filter = owners !== undefined && owners.embeddedIn(key) > 0;
  let any = false;
  for (const q of store.match(null, null, null, term)) {
    if (filter && owners.documentsOnly(engineQuadId(q))) continue;
    view.add(q);
    any = true;
  }
  return any;
}

/** Every graph of the view is the user's to read: who may read what was settled when it was built. */
export class ViewAccess extends GraphAccess {
  constructor(
    readonly view: RestrictedView,
    principal: Principal,
  ) {
    super({ ox: view.ox, store: view.store, registry: new Map() } satisfies Engine, principal);
  }

  override exists(): boolean {
    return true;
  }

  override canRead(): boolean {
    return true;
  }

  override readableNamedGraphs(): GraphKey[] {
    return this.view.graphs;
  }

  override readsEverything(): boolean {
    return true;
  }
}

/** Gives a store's engine memory back at once rather than when it is collected. */
export const free = (store: Oxigraph.Store): void => (store as { free?: () => void }).free?.();

/**
 * The views built lately, by user and restriction, each valid for the write-queue generation
 * it was built at. Bounded in views and in quads: the least recently used go first, their
 * stores freed (queries run on a view synchronously, so none is running on one then).
 */
export class RestrictedViews {
  private readonly views = new Map<string, { generation: number; view: RestrictedView }>();
  private quads = 0;

  constructor(
    private readonly maxViews = 8,
    private readonly maxQuads = 2_000_000,
  ) {}

  /** The view of `key`, when it was built at `generation` on module `ox`. */
  get(key: string, generation: number, ox: typeof Oxigraph): RestrictedView | undefined {
    const found = this.views.get(key);
    if (!found) return undefined;
    if (found.generation !== generation || found.view.ox !== ox) {
      this.drop(key);
      return undefined;
    }
    // Most recently used last.
    this.views.delete(key);
    this.views.set(key, found);
    return found.view;
  }

  /** Keeps `view` for later queries; one too large for the cache is not kept (the caller frees it after its query). */
  put(key: string, generation: number, view: RestrictedView): boolean {
    if (view.quads > this.maxQuads) return false;
    this.drop(key);
    this.views.set(key, { generation, view });
    this.quads += view.quads;
    for (const oldest of this.views.keys()) {
      if (this.views.size <= this.maxViews && this.quads <= this.maxQuads) break;
      this.drop(oldest);
    }
    return true;
  }

  /** Frees every view (the engine module trapped, or the database closes). */
  clear(): void {
    for (const key of [...this.views.keys()]) this.drop(key);
  }

  private drop(key: string): void {
    const found = this.views.get(key);
    if (!found) return;
    this.views.delete(key);
    this.quads -= found.view.quads;
    free(found.view.store);
  }
}

/** The cache key of a user's restriction: who they are (name and roles decide what they may read) and what they sent. */
export const viewKey = (principal: Principal, restriction: DocumentRestriction): string =>
  JSON.stringify([principal.name, [...principal.roles].sort(), restriction.key]);
