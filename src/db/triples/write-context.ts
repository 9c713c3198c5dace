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
import { GraphAccess, type Engine } from './graph-access';
import { assertWritable, clientIriOfKey, DEFAULT_KEY, keyOfTerm, type GraphKey } from './graph-names';
import { canUpdateGraph, creationPermissions, type GraphRecord } from './graph-permissions';

/** A write request's view of the graphs: what it may change, its registry changes and its undo. */
export class WriteContext extends GraphAccess {
  readonly changes: ChangeSet;
  private readonly created: string[] = [];
  private readonly updatable = new Set<GraphKey>();

  constructor(
    engine: Engine,
    principal: Principal,
    /** `perm:{role}` of the request: added to the defaults of graphs it creates. */
    private requested: readonly Permission[] = [],
    /**
     * Every change must be undoable quad by quad: a transaction's writes are applied, used and
     * undone (docs/decisions/0033-transactions.md), so no payload is loaded in the
     * logged-as-sent way that cannot be undone.
     */
    readonly undoable = false,
  ) {
    super(engine, principal);
    this.changes = new ChangeSet(engine.ox, engine.store, engine.owners);
  }

  /** The `perm:{role}` of the next request replayed on this context (a transaction's writes each had their own). */
  requesting(permissions: readonly Permission[] = []): void {
    this.requested = permissions;
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
