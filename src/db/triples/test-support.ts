/** Shared by the triple store's tests: databases on fake-indexeddb with the real Node Oxigraph, principals, result helpers. */
import { nodeOxigraph } from '../../../test/oxigraph';
import { Database } from '../database';
import { DbError } from '../errors';
import { effectiveRoles, type Principal } from '../security/types';
import type { TripleStoreOptions } from './triple-store';
import type { QueryResult } from './query';

let counter = 0;

export const uniqueName = (label: string): string => `triples-${label}-${process.pid}-${++counter}-${Date.now()}`;

export function openDb(name: string, triples?: TripleStoreOptions): Promise<Database> {
  return Database.open({ indexedDB, name, oxigraph: nodeOxigraph, triples });
}

export const principal = (name: string, ...roles: string[]): Principal => ({ name, roles: effectiveRoles(roles) });

export const admin = principal('admin', 'admin');
export const writer = principal('rest-writer', 'rest-writer');
export const reader = principal('rest-reader', 'rest-reader');

/** The rows of a SELECT as {var: value} (terms flattened to their value; blank nodes as `_:label`). */
export function rows(result: QueryResult): Array<Record<string, string>> {
  if (result.form !== 'SELECT') throw new Error(`expected SELECT, got ${result.form}`);
  return result.results.results.bindings.map((b) =>
    Object.fromEntries(Object.entries(b).map(([k, t]) => [k, t.type === 'bnode' ? `_:${String(t.value)}` : String(t.value)])),
  );
}

export function askValue(result: QueryResult): boolean {
  if (result.form !== 'ASK') throw new Error(`expected ASK, got ${result.form}`);
  return result.results.boolean;
}

/** Quads as sorted N-Quads-like lines (terms' own syntax), for comparing sets. */
export function lines(quads: ReadonlyArray<{ toString(): string }>): string[] {
  return quads.map((q) => q.toString()).sort();
}

export async function rejection(p: Promise<unknown>): Promise<DbError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof DbError)) throw new Error(`expected a DbError, got ${String(err)}`);
  return err;
}

/** Every triple of the whole store as sorted lines `graph s p o` (admin's view, through the graph store). */
export async function dump(db: Database): Promise<string[]> {
  const out: string[] = [];
  for (const iri of await db.triples.listGraphs(admin)) {
    for (const q of (await db.triples.graphTriples(iri, admin)) ?? []) out.push(`${iri} ${q.subject.value} ${q.predicate.value} ${q.object.termType === 'Literal' ? JSON.stringify(q.object.value) : q.object.value}`);
  }
  return out.sort();
}
