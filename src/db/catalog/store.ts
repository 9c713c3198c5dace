/**
 * The server's catalogue as stored: the databases created beside the built-in ones and the
 * REST instances (docs/decisions/0034-databases-and-instances.md). It lives in an IndexedDB
 * database of its own, `tabula-catalog:<home>`, so resetting, importing into or restoring
 * the home database never touches it, as resetting MarkLogic's Documents database leaves
 * its configuration alone.
 *
 * Must: each change is one transaction, acknowledged after it commits; the records are
 * read once into memory (the catalogue's only writer is this store, in its queue).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { watched } from '../storage/requests';
import { withFactory } from '../storage/schema';
import type { DatabaseRecord, InstanceRecord } from './records';

interface CatalogSchema extends DBSchema {
  databases: { key: string; value: DatabaseRecord };
  instances: { key: string; value: InstanceRecord };
}

export class CatalogStore {
  private constructor(
    private readonly idb: IDBPDatabase<CatalogSchema>,
    readonly databases: Map<string, DatabaseRecord>,
    readonly instances: Map<string, InstanceRecord>,
  ) {}

  static async open(factory: IDBFactory, name: string): Promise<CatalogStore> {
    const idb = await withFactory(factory, () =>
      openDB<CatalogSchema>(name, 1, {
        upgrade(db) {
          db.createObjectStore('databases', { keyPath: 'name' });
          db.createObjectStore('instances', { keyPath: 'name' });
        },
        blocking(_current, _next, event) {
          (event.target as IDBDatabase).close();
        },
      }),
    );
    const [databases, instances] = await Promise.all([idb.getAll('databases'), idb.getAll('instances')]);
    return new CatalogStore(idb, new Map(databases.map((d) => [d.name, d])), new Map(instances.map((i) => [i.name, i])));
  }

  /** Writes and deletes records in one transaction; the memory copy follows once it commits. */
  async change(change: { putDatabases?: DatabaseRecord[]; putInstances?: InstanceRecord[]; deleteDatabases?: string[]; deleteInstances?: string[] }): Promise<void> {
    const tx = watched(this.idb.transaction(['databases', 'instances'], 'readwrite'));
    const databases = tx.objectStore('databases');
    const instances = tx.objectStore('instances');
    const requests: Array<Promise<unknown>> = [];
    for (const d of change.putDatabases ?? []) requests.push(databases.put(d));
    for (const i of change.putInstances ?? []) requests.push(instances.put(i));
    for (const d of change.deleteDatabases ?? []) requests.push(databases.delete(d));
    for (const i of change.deleteInstances ?? []) requests.push(instances.delete(i));
    await Promise.all([...requests, tx.done]);
    for (const d of change.putDatabases ?? []) this.databases.set(d.name, d);
    for (const i of change.putInstances ?? []) this.instances.set(i.name, i);
    for (const d of change.deleteDatabases ?? []) this.databases.delete(d);
    for (const i of change.deleteInstances ?? []) this.instances.delete(i);
  }

  close(): void {
    this.idb.close();
  }
}
