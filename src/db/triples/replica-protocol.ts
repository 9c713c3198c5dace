/**
 * What the database (in the service worker) and its engine host (a dedicated worker an
 * open page starts) say to each other over one MessagePort: the host keeps a read
 * replica of the triple store and runs SPARQL queries on it, off the worker's thread
 * (docs/decisions/0028-engine-host.md). Everything here survives a structured clone.
 *
 * Order is the protocol: the port delivers messages in the order they were posted, and
 * the host handles them one after another, so a query posted after a change was
 * forwarded runs on a replica that has it.
 */
import type * as Oxigraph from 'oxigraph';
import type { MessageCode } from '../errors';
import type { LogEntry } from './change-set';
import type { GraphRecord } from './graph-permissions';
import type { PreparedQuery, QueryResult } from './query';

/** A graph registry change of a committed write: the record to put, or null to delete. */
export interface RegistryChange {
  iri: string;
  record: GraphRecord | null;
}

/** A prepared query without its deadline (the database keeps the time; the host only runs). */
export type PortableQuery = Omit<PreparedQuery, 'options'> & { options: Omit<PreparedQuery['options'], 'deadline'> };

/** A term as plain data (RDF/JS fields only); `ox.fromQuad` turns a quad of them back into the engine's. */
export interface PlainTerm {
  termType: string;
  value: string;
  language?: string;
  direction?: string;
  datatype?: PlainTerm;
  subject?: PlainTerm;
  predicate?: PlainTerm;
  object?: PlainTerm;
  graph?: PlainTerm;
}

/**
 * A query's answer as plain data: SELECT and ASK as the engine's JSON text — as UTF-8
 * bytes, transferred, so the service worker neither copies nor encodes it — (or parsed,
 * when paged), quads as plain terms.
 */
export type PortableResult =
  | { form: 'SELECT' | 'ASK'; bytes: Uint8Array }
  | { form: 'SELECT' | 'ASK'; json: string }
  | { form: 'SELECT' | 'ASK'; results: Extract<QueryResult, { form: 'SELECT' | 'ASK' }>['results'] }
  | { form: 'CONSTRUCT' | 'DESCRIBE'; quads: PlainTerm[] };

/** Database → host. */
export type ToHost =
  /** Drop what you hold and load the store from IndexedDB (first contact, and after a reset or an import). */
  | { type: 'load' }
  /** A committed write, forwarded before it was acknowledged. */
  | { type: 'change'; entry: LogEntry | undefined; registry: RegistryChange[] }
  | { type: 'query'; id: number; query: PortableQuery };

/** Host → database. */
export type FromHost =
  | { type: 'answer'; id: number; result: PortableResult }
  | { type: 'failed'; id: number; code: MessageCode; detail: string };

/** The part of a MessagePort both ends use (a real port in browsers and Node; a fake in tests). */
export interface Port<In, Out> {
  /** `transfer`: buffers the message moves to the other side rather than copies. */
  postMessage(message: Out, transfer?: Transferable[]): void;
  onmessage: ((event: { data: In }) => void) | null;
  close?(): void;
}

/** A browser's MessagePort as either end's {@link Port} (its handler is typed for any event). */
export const asPort = <In, Out>(port: MessagePort): Port<In, Out> => port as unknown as Port<In, Out>;

/** The term as plain data (see {@link PlainTerm}). */
export function plainTerm(term: Oxigraph.Term): PlainTerm {
  switch (term.termType) {
    case 'Literal': {
      const out: PlainTerm = { termType: 'Literal', value: term.value, datatype: plainTerm(term.datatype) };
      if (term.language) out.language = term.language;
      if (term.direction) out.direction = term.direction;
      return out;
    }
    case 'Quad': {
      const q = term as Oxigraph.Quad;
      return { termType: 'Quad', value: '', subject: plainTerm(q.subject), predicate: plainTerm(q.predicate), object: plainTerm(q.object), graph: plainTerm(q.graph) };
    }
    default:
      return { termType: term.termType, value: term.value };
  }
}
