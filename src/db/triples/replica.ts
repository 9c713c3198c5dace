/**
 * The engine host's side of the triple store: a read replica. It loads the store from
 * the same IndexedDB the database writes, applies the changes the database forwards
 * after each commit, and runs the SPARQL queries the database hands it — in a worker of
 * its own, so a long query no longer holds the service worker's only thread
 * (docs/decisions/0028-engine-host.md). It never writes: IndexedDB stays the database's.
 *
 * Why a replica loaded "some time after" the load message is still exact: changes
 * committed after the database posted `load` are forwarded after it; those the load
 * already saw are applied a second time, which leaves the store as it was — every change
 * is a list of "this quad is absent / present" (a graph cleared, quads removed, quads
 * added), applied in commit order, so the last one touching a quad decides.
 *
 * @example
 * const replica = new TripleReplica(idb, () => oxigraph);
 * replica.serve(port); // the port the database's ReplicaLink holds the other end of
 */
import { DbError } from '../errors';
import type { TabulaIdb } from '../storage/schema';
import { replayEntry, setGraphExists, type LogEntry } from './change-set';
import { isEngineTrap } from './engine-trap';
import { GraphAccess, keyOfRecord } from './graph-access';
import { DEFAULT_KEY, keyOfClientIri } from './graph-names';
import { loadStoredTriples, type StoredTriples } from './load';
import { runQuery, type PreparedQuery } from './query';
import { asPort, plainTerm, type FromHost, type Port, type PortableResult, type RegistryChange, type ToHost } from './replica-protocol';
import type { OxigraphFactory, OxigraphModule } from './triple-store';

export class TripleReplica {
  private engine: Promise<StoredTriples> | undefined;
  /** The module whose instance trapped: the next load asks the factory for another. */
  private broken: OxigraphModule | undefined;
  /** Messages are handled one after another, in the order they arrived. */
  private turn: Promise<void> = Promise.resolve();

  constructor(
    private readonly idb: TabulaIdb,
    private readonly oxigraph: OxigraphFactory,
  ) {}

  /** Answers the database on `port` (one database at a time: a new port replaces the old, and reloads). */
  serve(given: Port<ToHost, FromHost> | MessagePort): void {
    const port = asPort<ToHost, FromHost>(given as MessagePort);
    port.onmessage = ({ data }) => {
      this.turn = this.turn.then(() => this.handle(data, port));
    };
  }

  private async handle(message: ToHost, port: Port<ToHost, FromHost>): Promise<void> {
    switch (message.type) {
      case 'load':
        this.drop();
        this.ready().catch(() => undefined); // reported to the next query
        return;
      case 'change':
        return this.apply(message.entry, message.registry);
      case 'query':
        try {
          const result = await this.run(message.query as PreparedQuery);
          port.postMessage({ type: 'answer', id: message.id, result }, 'bytes' in result ? [result.bytes.buffer] : []);
        } catch (e) {
          const error = e instanceof DbError ? e : new DbError('RESTAPI-INTERNALERROR', e instanceof Error ? e.message : String(e));
          port.postMessage({ type: 'failed', id: message.id, code: error.code, detail: error.detail });
        }
    }
  }

  /** The loaded store; a failed load is forgotten, so the next message tries again. */
  private ready(): Promise<StoredTriples> {
    this.engine ??= (async () => {
      const ox = await this.oxigraph(this.broken);
      if (ox === this.broken) throw new DbError('RESTAPI-INTERNALERROR', 'the RDF engine trapped and the engine host has no fresh instance');
      try {
        const loaded = await loadStoredTriples(this.idb, ox);
        this.broken = undefined;
        return loaded;
      } catch (e) {
        if (isEngineTrap(e)) this.broken = ox;
        throw e;
      }
    })().catch((e: unknown) => {
      this.engine = undefined;
      throw e;
    });
    return this.engine;
  }

  private drop(): void {
    const old = this.engine;
    this.engine = undefined;
    // Freed once loaded: no message of this host will use it again.
    old?.then((engine) => (engine.store as { free?: () => void }).free?.(), () => undefined);
  }

  private async apply(entry: LogEntry | undefined, registry: RegistryChange[]): Promise<void> {
    let engine: StoredTriples;
    try {
      engine = await this.ready();
    } catch {
      // Not loaded: the next load reads this change from IndexedDB (it was committed first).
      return;
    }
    try {
      if (entry) replayEntry(engine.ox, engine.store, entry);
      applyRegistry(engine, registry);
    } catch (e) {
      // A change the engine cannot apply leaves the replica unlike what is stored: reload it.
      if (isEngineTrap(e)) this.broken = engine.ox;
      this.drop();
    }
  }

  private async run(query: PreparedQuery): Promise<PortableResult> {
    const engine = await this.ready();
    try {
      const result = runQuery(new GraphAccess(engine, query.options.principal), query);
      if ('quads' in result) return { form: result.form, quads: result.quads.map(plainTerm) };
      // Read from the engine's own JSON text when there is one: `results` would parse it.
      // Encoded here, on the host's thread: the service worker sends these bytes as they are.
      return result.json !== undefined ? { form: result.form, bytes: utf8.encode(result.json) } : { form: result.form, results: result.results };
    } catch (e) {
      if (!isEngineTrap(e)) throw e;
      this.broken = engine.ox;
      this.drop();
      throw new DbError('TABULA-ENGINETRAP', `${(e as Error).message}; the engine was restarted and nothing changed`);
    }
  }
}

const utf8 = new TextEncoder();

/** The registry as the write left it, and Oxigraph's set of named graphs with it (empty graphs included). */
function applyRegistry(engine: StoredTriples, changes: readonly RegistryChange[]): void {
  for (const { iri, record } of changes) {
    if (record) engine.registry.set(iri, record);
    else engine.registry.delete(iri);
    const key = record ? keyOfRecord(record) : keyOfClientIri(iri);
    if (key !== DEFAULT_KEY) setGraphExists(engine.store, key, record !== null);
  }
}

