/**
 * The database's side of an engine host (docs/decisions/0028-engine-host.md): the port
 * to the host's read replica, the queries in flight on it, and how they end — answered,
 * failed, past their deadline, cancelled, or orphaned when the host goes away. A query
 * past its deadline or cancelled ends at once for its client, and the host is restarted
 * (its page ends the worker and starts another): the only way to stop an engine that is
 * running a query is to end the thread it runs on.
 *
 * @example
 * const link = new ReplicaLink(port, { gone, restart });
 * link.load();
 * const result = await link.query(prepared);
 */
import type * as Oxigraph from 'oxigraph';
import { cancelledError, Deadline, timeLimitError } from '../deadline';
import { DbError } from '../errors';
import type { Principal } from '../security/types';
import type { LogEntry } from './change-set';
import { withLazyResults, type PreparedQuery, type QueryResult } from './query';
import { externalQuad, toInternal } from './relative-iris';
import type { FromHost, PlainTerm, Port, PortableResult, RegistryChange, ToHost } from './replica-protocol';

/** What the database knows of the host besides its port. */
export interface HostControl {
  /** Settles when the host is gone: its page closed, or it was ended. */
  gone: Promise<void>;
  /** Asks the host's page to end it and start another (which arrives as a new link). */
  restart(): void;
}

/** A query the host can no longer answer: it went away before answering. The caller may run the query elsewhere. */
export class HostGone extends Error {
  override readonly name = 'HostGone';
}

interface InFlight {
  resolve(result: PortableResult): void;
  reject(error: unknown): void;
  requestId: string | undefined;
  /** Who sent it: only they, or an admin, may cancel it. */
  user: string;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export class ReplicaLink {
  private next = 1;
  private readonly inFlight = new Map<number, InFlight>();
  private ended = false;

  constructor(
    private readonly port: Port<FromHost, ToHost>,
    private readonly control: HostControl,
  ) {
    port.onmessage = ({ data }) => this.receive(data);
    control.gone.then(
      () => this.end(),
      () => this.end(),
    );
  }

  /** False once the host is gone or was asked to restart: nothing more is sent to it. */
  get usable(): boolean {
    return !this.ended;
  }

  /** Tells the host to (re)load the store from IndexedDB. */
  load(): void {
    this.post({ type: 'load' });
  }

  /** Forwards a committed write (before it is acknowledged, so the next query sees it). */
  forward(entry: LogEntry | undefined, registry: RegistryChange[]): void {
    this.post({ type: 'change', entry, registry });
  }

  /**
   * Runs a prepared query on the host. Rejects with XDMP-EXTIME when its deadline passes
   * first, XDMP-CANCELED when {@link cancel}led (both restart the host), the host's own
   * error, or {@link HostGone}.
   */
  query(prepared: PreparedQuery): Promise<PortableResult> {
    const requestId = prepared.options.requestId;
    if (this.ended) return Promise.reject(new HostGone('the engine host is gone'));
    const { deadline = Deadline.none, ...options } = prepared.options;
    const id = this.next++;
    return new Promise<PortableResult>((resolve, reject) => {
      const flight: InFlight = { resolve, reject, requestId, user: options.principal.name, timer: undefined };
      if (Number.isFinite(deadline.at)) {
        flight.timer = setTimeout(() => this.abandon(id, timeLimitError(deadline.limitSeconds, 'the SPARQL query')), deadline.remaining());
      }
      this.inFlight.set(id, flight);
      this.post({ type: 'query', id, query: { ...prepared, options } });
    });
  }

  /**
   * Ends the query sent with `requestId` (XDMP-CANCELED for its client); false when none
   * is in flight here — or it is another user's and `by` is not an admin.
   */
  cancel(requestId: string, by: Principal): boolean {
    for (const [id, flight] of this.inFlight) {
      if (flight.requestId !== requestId || (flight.user !== by.name && !by.roles.has('admin'))) continue;
      this.abandon(id, cancelledError(requestId));
      return true;
    }
    return false;
  }

  /** Stops using this host (a newer one replaced it): queries in flight are orphaned. */
  close(): void {
    this.end();
    this.port.close?.();
  }

  /** Ends one query with `error` and restarts the host, which is still running it. */
  private abandon(id: number, error: unknown): void {
    const flight = this.inFlight.get(id);
    if (!flight) return;
    this.settle(id);
    flight.reject(error);
    if (this.ended) return;
    this.control.restart();
    this.end();
  }

  private receive(message: FromHost): void {
    const flight = this.inFlight.get(message.id);
    if (!flight) return; // abandoned: its client already has its answer
    this.settle(message.id);
    if (message.type === 'answer') flight.resolve(message.result);
    else flight.reject(new DbError(message.code, message.detail));
  }

  private settle(id: number): void {
    const flight = this.inFlight.get(id);
    if (flight?.timer !== undefined) clearTimeout(flight.timer);
    this.inFlight.delete(id);
  }

  private post(message: ToHost): void {
    if (!this.ended) this.port.postMessage(message);
  }

  /** Nothing more is sent; queries still in flight are told the host is gone. */
  private end(): void {
    if (this.ended && this.inFlight.size === 0) return;
    this.ended = true;
    for (const id of [...this.inFlight.keys()]) {
      const flight = this.inFlight.get(id)!;
      this.settle(id);
      flight.reject(new HostGone('the engine host went away before answering'));
    }
  }
}

/** A host's answer as the database's own result, the quads rebuilt in the database's engine module. */
export function fromPortable(ox: typeof Oxigraph, result: PortableResult): QueryResult {
  if ('quads' in result) return { form: result.form, quads: result.quads.map((q) => externalQuad(engineTerm(ox, q) as Oxigraph.Quad)) };
  if ('bytes' in result) return withLazyResults(result.form, result.bytes);
  if ('json' in result) return withLazyResults(result.form, result.json);
  return result as QueryResult;
}

/** A plain term as the engine's (IRIs in the engine's spelling, which `externalQuad` turns back). */
function engineTerm(ox: typeof Oxigraph, t: PlainTerm): Oxigraph.Term {
  switch (t.termType) {
    case 'NamedNode':
      return ox.namedNode(toInternal(t.value));
    case 'BlankNode':
      return ox.blankNode(t.value);
    case 'DefaultGraph':
      return ox.defaultGraph();
    case 'Literal':
      return t.language
        ? ox.literal(t.value, t.direction ? { language: t.language, direction: t.direction as 'ltr' | 'rtl' } : { language: t.language })
        : ox.literal(t.value, ox.namedNode(toInternal(t.datatype!.value)));
    case 'Quad':
      return ox.quad(
        engineTerm(ox, t.subject!) as Oxigraph.Quad_Subject,
        engineTerm(ox, t.predicate!) as Oxigraph.Quad_Predicate,
        engineTerm(ox, t.object!) as Oxigraph.Quad_Object,
        engineTerm(ox, t.graph!) as Oxigraph.Quad_Graph,
      );
    default:
      throw new DbError('RESTAPI-INTERNALERROR', `the engine host sent a term of an unknown kind (${t.termType})`);
  }
}
