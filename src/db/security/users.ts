/**
 * Users kept in IndexedDB, seeded on first start.
 * OWNER: auth work package.
 */
import type { TabulaIdb } from '../storage/schema';
import type { WriteQueue } from '../storage/write-queue';
import type { StoredUser } from './types';

export class UserStore {
  constructor(
    private readonly idb: TabulaIdb,
    private readonly queue: WriteQueue,
  ) {}

  /** Creates admin/admin, rest-admin, rest-writer, rest-reader when no user exists yet. */
  async seed(): Promise<void> {}

  get(name: string): Promise<StoredUser | undefined> {
    return this.idb.get('users', name);
  }
}
