/**
 * The graphs as one user sees them, for reads and writes alike: which exist, which the
 * user may read (permissions checked against the graph registry). A write request's
 * WriteContext (write-context.ts) builds on it.
 */
import type * as Oxigraph from 'oxigraph';
import type { Permission } from '../documents/types';
import type { Principal } from '../security/types';
import { clientIriOfKey, DEFAULT_KEY, keyOfClientIri, type GraphKey } from './graph-names';
import { canReadGraph, defaultPermissions, type GraphRecord } from './graph-permissions';
import type { QuadOwners } from './embedded/quad-owners';
import type { EmbeddedReaders } from './embedded/readers';

type OxigraphModule = typeof Oxigraph;

/** The in-memory state reads and writes work on. */
export interface Engine {
  ox: OxigraphModule;
  store: Oxigraph.Store;
  /** Graph records by client IRI (the default graph's only when its permissions were changed). */
  registry: Map<string, GraphRecord>;
  /** Who holds each quad documents embed (docs/decisions/0032-embedded-triples.md); absent: none do. */
  owners?: QuadOwners;
  /** Who may read the documents holding triples; absent: none do. */
  readers?: EmbeddedReaders;
}

/**
 * The graphs as one user sees them: which exist, which it may read. Reads use it as
 * is; a {@link WriteContext} adds the request's own registry changes.
 */
export class GraphAccess {
  /** Registry changes of a write request by client IRI: a record to put, or null to delete. */
  protected readonly overlay = new Map<string, GraphRecord | null>();

  constructor(
    readonly engine: Engine,
    readonly principal: Principal,
  ) {}

  get ox(): OxigraphModule {
    return this.engine.ox;
  }

  get store(): Oxigraph.Store {
    return this.engine.store;
  }

  /** The record of a graph as this request sees it. */
  record(key: GraphKey): GraphRecord | undefined {
    const iri = clientIriOfKey(key);
    const own = this.overlay.get(iri);
    if (own !== undefined) return own ?? undefined;
    return this.engine.registry.get(iri);
  }

  /** The default graph always exists; a named graph exists while it is registered. */
  exists(key: GraphKey): boolean {
    return key === DEFAULT_KEY || this.record(key) !== undefined;
  }

  permissions(key: GraphKey): readonly Permission[] {
    return this.record(key)?.permissions ?? defaultPermissions;
  }

  canRead(key: GraphKey): boolean {
    return this.exists(key) && canReadGraph(this.principal, this.permissions(key));
  }

  /**
   * A graph no registry record names, that documents' triples are in (their collection's):
   * what a user sees of it follows the documents' permissions (docs/decisions/0032-embedded-triples.md).
   */
  isCollectionGraph(key: GraphKey): boolean {
    return key !== DEFAULT_KEY && this.record(key) === undefined && (this.engine.owners?.embeddedIn(key) ?? 0) > 0;
  }

  /** Every record as this request sees it, the overlay first. */
  protected *records(): Iterable<GraphRecord> {
    for (const record of this.overlay.values()) if (record) yield record;
    for (const [iri, record] of this.engine.registry) if (!this.overlay.has(iri)) yield record;
  }

  /**
   * Named graphs this user may read, as keys: the registered ones its permissions allow, and
   * the graphs only documents' triples are in (their collections'; what a user may see of
   * those follows the documents' permissions, docs/decisions/0032-embedded-triples.md).
   */
  readableNamedGraphs(): GraphKey[] {
    const out: GraphKey[] = [];
    for (const record of this.records()) {
      const key = keyOfRecord(record);
      if (key !== DEFAULT_KEY && canReadGraph(this.principal, record.permissions)) out.push(key);
    }
    for (const key of this.engine.owners?.graphs() ?? []) if (this.isCollectionGraph(key)) out.push(key);
    return out;
  }

  /** True when no graph is hidden from this user (so the engine's own union can be used). */
  readsEverything(): boolean {
    if (this.principal.roles.has('admin')) return true;
    if (!this.canRead(DEFAULT_KEY)) return false;
    for (const record of this.records()) if (!canReadGraph(this.principal, record.permissions)) return false;
    return true;
  }
}

/** The graph key of a registry record. */
export const keyOfRecord = (record: GraphRecord): GraphKey => keyOfClientIri(record.iri);
