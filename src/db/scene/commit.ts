/**
 * Writing a read and validated scene (read.ts) in ONE IndexedDB transaction: a worker stop
 * or a failure half-way leaves the database as it was (docs/architecture.md, Storage and
 * durability). The caller holds the write queue and, once this has committed, tells every
 * part to drop what it holds in memory (Database.importScene).
 *
 * Replace empties every store first, as a reset does, then writes the scene; the users are
 * the scene's plus any seeded user it does not name (so the four seeded logins keep
 * working). Merge writes over what is there: a document, option set, graph record, role or
 * user of the same name is replaced; index settings and instance properties are replaced
 * when the scene has them; its triples are added to the stored ones.
 *
 * The search index is not part of a scene (it is derived): its snapshot and change log are
 * emptied, so the next search re-indexes every document, as a first start would.
 */
import type { StoredDocument } from '../documents/types';
import { withReaders } from '../documents/store';
import { seededUsers } from '../security/users';
import { abortQuietly, issueAll, watched } from '../storage/requests';
import type { TabulaIdb } from '../storage/schema';
import type { ScenePlan } from './read';

export type ImportMode = 'replace' | 'merge';

const SEARCH_SNAPSHOT_META = 'search-snapshot';

export async function commitScene(idb: TabulaIdb, plan: ScenePlan, mode: ImportMode, version: number): Promise<void> {
  const names = [...idb.objectStoreNames];
  const tx = watched(idb.transaction(names, 'readwrite', { durability: 'default' }));
  try {
    const store = <N extends (typeof names)[number]>(name: N) => tx.objectStore(name);
    const writes: Array<() => Promise<unknown>> = [];
    if (mode === 'replace') {
      for (const name of names) writes.push(() => store(name).clear());
    } else {
      writes.push(() => store('search-snapshot').clear(), () => store('search-changes').clear(), () => store('config').delete(SEARCH_SNAPSHOT_META));
    }
    // Merge appends the scene's pieces after the stored snapshot's (the caller folded the log in first).
    const firstPiece = mode === 'merge' ? ((await store('triples-snapshot').getAllKeys()).at(-1) ?? -1) + 1 : 0;
    const users = plan.users ?? [];
    const named = new Set(users.map((u) => u.name));
    const seeded = mode === 'replace' ? seededUsers().filter((u) => !named.has(u.name)) : [];
    // Loops, not `push(...list)`: a scene's hundred thousand documents are more arguments than a call may take.
    for (const u of [...users, ...seeded]) writes.push(() => store('users').put(u));
    for (const r of plan.roles ?? []) writes.push(() => store('roles').put(r));
    for (const o of plan.options) writes.push(() => store('query-options').put(o));
    for (const g of plan.graphs) writes.push(() => store('graphs').put(g));
    plan.quads.forEach((piece, i) => writes.push(() => store('triples-snapshot').put(piece, firstPiece + i)));
    for (const d of plan.documents) writes.push(() => store('documents').put(withReaders({ ...d, version } satisfies StoredDocument)));
    if (plan.indexes) writes.push(() => store('config').put(plan.indexes, 'indexes'));
    if (plan.properties) writes.push(() => store('config').put(plan.properties, 'properties'));
    await issueAll(writes, (issue) => issue());
    await tx.done;
  } catch (e) {
    abortQuietly(tx);
    throw e;
  }
}
