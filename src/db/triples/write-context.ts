/**
 * Everything one write request may do to graphs, with the checks that go with it:
 * permissions of the acting user, the graph registry (changes kept aside until the
 * commit), graphs created by the request, and the in-memory changes with their undo.
 */
import type * as Oxigraph from 'oxigraph';
import { DbError } from '../errors';
import type { Permission } from '../documents/types';
import type { Principal } from '../security/types';
import { ChangeSet } from './change-set';
import { assertWritable, clientIriOfKey, DEFAULT_KEY, keyOfClientIri, keyOfTerm, type GraphKey } from './graph-names';
import { canReadGraph, canUpdateGraph, creationPermissions, defaultPermissions, type GraphRecord } from './graph-permissions';

type OxigraphModule = typeof Oxigraph;

/** The in-memory state a write works on. */
export interface Engine {
  ox: OxigraphModule;
  store: Oxigraph.Store;
  /** Graph records by client IRI (the default graph's only when its permissions were changed). */
  registry: Map<string, GraphRecord>;
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

  /** Every record as this request sees it, the overlay first. */
  protected *records(): Iterable<GraphRecord> {
    for (const record of this.overlay.values()) if (record) yield record;
    for (const [iri, record] of this.engine.registry) if (!this.overlay.has(iri)) yield record;
  }

  /** Named graphs this user may read, as keys. */
  readableNamedGraphs(): GraphKey[] {
    const out: GraphKey[] = [];
    for (const record of this.records()) {
      const key = keyOfRecord(record);
      if (key !== DEFAULT_KEY && canReadGraph(this.principal, record.permissions)) out.push(key);
    }
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

export class WriteContext extends GraphAccess {
  readonly changes: ChangeSet;
  private readonly created: string[] = [];
  private readonly updatable = new Set<GraphKey>();

  constructor(
    engine: Engine,
    principal: Principal,
    /** `perm:{role}` of the request: added to the defaults of graphs it creates. */
    private readonly requested: readonly Permission[] = [],
  ) {
    super(engine, principal);
    this.changes = new ChangeSet(engine.ox, engine.store);
  }

  /** Throws unless the user may change this existing graph. */
  requireUpdate(key: GraphKey): void {
    assertWritable(key);
    if (this.updatable.has(key)) return;
    if (!canUpdateGraph(this.principal, this.permissions(key))) {
      throw new DbError('SEC-PERMDENIED', `update of graph ${clientIriOfKey(key)} by ${this.principal.name}`);
    }
    this.updatable.add(key);
  }

  /** Makes sure a graph exists for writing into it: created (and registered) or checked for update. */
  ensure(key: GraphKey): void {
    if (this.updatable.has(key)) return;
    if (this.exists(key)) {
      this.requireUpdate(key);
      return;
    }
    this.create(key);
  }

  /** Creates a graph that does not exist. */
  create(key: GraphKey, permissions?: readonly Permission[]): void {
    assertWritable(key);
    const iri = clientIriOfKey(key);
    this.overlay.set(iri, { iri, permissions: creationPermissions([...this.requested, ...(permissions ?? [])]) });
    this.created.push(iri);
    this.changes.setExists(key, true);
    this.updatable.add(key);
  }

  /** Removes a named graph and its triples (the default graph is only emptied). */
  drop(key: GraphKey): void {
    this.requireUpdate(key);
    this.changes.clear(key);
    if (key === DEFAULT_KEY) return;
    const iri = clientIriOfKey(key);
    this.overlay.set(iri, null);
    const i = this.created.indexOf(iri);
    if (i >= 0) this.created.splice(i, 1);
    this.changes.setExists(key, false);
    this.updatable.delete(key);
  }

  clear(key: GraphKey): void {
    this.requireUpdate(key);
    this.changes.clear(key);
  }

  insert(q: Oxigraph.Quad): void {
    this.ensure(keyOfTerm(q.graph));
    this.changes.add(q);
  }

  remove(q: Oxigraph.Quad): void {
    if (!this.changes.has(q)) return;
    this.requireUpdate(keyOfTerm(q.graph));
    this.changes.delete(q);
  }

  /** Sets the permissions of an existing graph (or of the default graph). */
  setPermissions(key: GraphKey, permissions: Permission[]): void {
    this.requireUpdate(key);
    const iri = clientIriOfKey(key);
    this.overlay.set(iri, { iri, permissions });
  }

  /** IRIs of the graphs this request created, as the client wrote them. */
  createdGraphs(): string[] {
    return [...this.created];
  }

  /** Whether anything durable changes: triples, graphs or permissions. */
  get changed(): boolean {
    return this.changes.changed || this.overlay.size > 0;
  }

  /** The registry changes to store with the commit. */
  registryChanges(): Array<{ iri: string; record: GraphRecord | null }> {
    return [...this.overlay].map(([iri, record]) => ({ iri, record }));
  }

  /** After the commit: the registry as this request left it. */
  commitRegistry(): void {
    for (const [iri, record] of this.overlay) {
      if (record) this.engine.registry.set(iri, record);
      else this.engine.registry.delete(iri);
    }
  }

  /** Undoes the in-memory changes; false when they could not be (the store must be rebuilt). */
  rollback(): boolean {
    return this.changes.rollback();
  }
}

/** The graph key of a registry record. */
export const keyOfRecord = (record: GraphRecord): GraphKey => keyOfClientIri(record.iri);
