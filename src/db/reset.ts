/**
 * Resetting a whole database to empty (`Database.reset`): documents, graphs, option sets,
 * index settings and instance properties gone, users and roles back to the seeded ones.
 *
 * Must (docs/architecture.md, Storage and durability):
 * - run in the write queue, so writes acknowledged before it are gone after it and writes
 *   queued behind it land in the empty database;
 * - empty every object store and write the seeded users back in ONE transaction: a reset
 *   that fails changes nothing;
 * - only once that transaction has committed, bring every in-memory part back to what a
 *   database just opened on empty storage holds (each part's `storageCleared`).
 *
 * @example
 * await db.reset(principal); // 403 SEC-PRIV unless principal holds admin
 */
import { DbError } from './errors';
import { abortQuietly, issueAll, watched } from './storage/requests';
import type { TabulaIdb } from './storage/schema';
import type { Principal, StoredUser } from './security/types';

/** Only an administrator may empty the database: 403 SEC-PRIV otherwise, as the Management API answers non-admins. */
export function requireAdmin(principal: Principal): void {
  if (!principal.roles.has('admin')) throw new DbError('SEC-PRIV');
}

/**
 * Empties every object store the schema has (read from the database, so a store a later
 * schema adds is emptied too) and puts `seed` into `users`, in one transaction. Requests
 * of a transaction run in the order issued, so the users are written after their store is cleared.
 */
export async function clearStorage(idb: TabulaIdb, seed: readonly StoredUser[]): Promise<void> {
  const names = [...idb.objectStoreNames];
  const tx = watched(idb.transaction(names, 'readwrite'));
  try {
    const users = tx.objectStore('users');
    await issueAll<() => Promise<unknown>, unknown>([...names.map((name) => () => tx.objectStore(name).clear()), ...seed.map((user) => () => users.put(user))], (issue) => issue());
    await tx.done;
  } catch (e) {
    abortQuietly(tx);
    throw e;
  }
}
