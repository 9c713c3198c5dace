/**
 * Writing a scene in ONE IndexedDB transaction: a worker stop or a failure half-way leaves
 * the database as it was (docs/architecture.md, Storage and durability). The caller holds
 * the write queue and, once this has committed, tells every part to drop what it holds in
 * memory (Database.importScene).
 *
 * The scene's head (read.ts) is written first; then its body is pulled a batch at a time —
 * a batch read and checked, its records put — inside the transaction. Nothing is committed
 * before the last batch is checked: a problem in any of them aborts the transaction. Checking
 * a batch overlaps the writing of the one before (measured: a 390 MB scene's reading and
 * checking would otherwise add a third to its writing), so the body runs synchronously in
 * the turns the transaction's own requests give it: it may not await anything else, or the
 * transaction would end under it.
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
import { unwrap, wrap } from 'idb';
import { DbError } from '../errors';
import { readersOf } from '../documents/store';
import { mayEmbedTriples } from '../triples/embedded/document-triples';
import { EMBEDDED_STALE_KEY, type EmbeddedStale } from '../triples/load';
import { seededUsers } from '../security/users';
import { abortQuietly, watched } from '../storage/requests';
import type { TabulaIdb } from '../storage/schema';
import type { SceneCounts, SceneRead } from './read';

export type ImportMode = 'replace' | 'merge';

const SEARCH_SNAPSHOT_META = 'search-snapshot';

/**
 * Writes the scene; `writing` is told when the body is read and only the commit is left.
 * `security`: the database keeps the server's users and roles (its home database), so the
 * scene's are written with it; another database's caller writes them to the home one.
 */
export async function commitScene(idb: TabulaIdb, scene: SceneRead, mode: ImportMode, version: number, writing: (counts: SceneCounts) => void, security = true): Promise<SceneCounts> {
  const names = [...idb.objectStoreNames];
  const tx = watched(idb.transaction(names, 'readwrite', { durability: 'default' }));
  // Plain requests for the records: an idb promise each would be a hundred thousand promises.
  const raw = unwrap(tx);
  const store = (name: (typeof names)[number]) => raw.objectStore(name);
  try {
    const { head } = scene;
    if (mode === 'replace') {
      for (const name of names) store(name).clear();
    } else {
      store('search-snapshot').clear();
      store('search-changes').clear();
      store('config').delete(SEARCH_SNAPSHOT_META);
    }
    if (security) {
      const users = head.users ?? [];
      const named = new Set(users.map((u) => u.name));
      const seeded = mode === 'replace' ? seededUsers().filter((u) => !named.has(u.name)) : [];
      for (const u of [...users, ...seeded]) store('users').put(u);
      for (const r of head.roles ?? []) store('roles').put(r);
    }
    for (const o of head.options) store('query-options').put(o);
    for (const g of head.graphs) store('graphs').put(g);
    if (head.indexes) store('config').put(head.indexes, 'indexes');
    if (head.properties) store('config').put(head.properties, 'properties');
    // Merge appends the scene's pieces after the stored snapshot's (the caller folded the log in first).
    let piece = mode === 'merge' ? ((await tx.objectStore('triples-snapshot').getAllKeys()).at(-1) ?? -1) + 1 : 0;
    // Documents that may hold triples, indexed by the triple store's next load (a merge also
    // re-indexes those stored before: some may be replaced; one still to be indexed stays so).
    const stale = mode === 'merge' ? ((await tx.objectStore('config').get(EMBEDDED_STALE_KEY)) as EmbeddedStale | undefined) : undefined;
    const mayHoldTriples: string[] = stale?.uris ?? [];
    let written: Promise<unknown> | undefined;
    for (;;) {
      const next = scene.body.next();
      if (next.done) {
        if (mode === 'merge' || mayHoldTriples.length > 0) store('config').put({ uris: mayHoldTriples } satisfies EmbeddedStale, EMBEDDED_STALE_KEY);
        writing(next.value);
        await written;
        await tx.done;
        return next.value;
      }
      const batch = next.value;
      let last: IDBRequest | undefined;
      if ('quads' in batch) last = store('triples-snapshot').put(batch.quads, piece++);
      else {
        const documents = store('documents');
        for (const d of batch.documents) {
          // The reader's fresh objects: completed here rather than copied.
          d.version = version;
          d.readers = readersOf(d);
          if (mayEmbedTriples(d)) mayHoldTriples.push(d.uri);
          last = documents.put(d);
        }
      }
      // Settles when the batch's last record is written, and so every record before it.
      const current = last && wrap(last);
      current?.catch(() => undefined); // awaited on the next turn; an abort is also tx.done's
      // Once the batch before this one is written, the next is read while this one is.
      await written;
      written = current ?? written;
    }
  } catch (e) {
    abortQuietly(tx);
    throw e instanceof DbError ? e : (raw.error ?? e);
  }
}
