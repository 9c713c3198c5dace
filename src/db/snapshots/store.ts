/**
 * Named snapshots kept in the browser (docs/scenes.md, Snapshots): a scene archive saved
 * under a name, listed, restored, deleted. They live in an IndexedDB database of their own
 * (`tabula-snapshots:<database>`), so resetting or importing into the database never
 * touches them, and a snapshot outlives what it was taken of.
 *
 * Must: a save is one transaction (the record and all its pieces, or nothing); a restore
 * is an import of the archive, trusted — the snapshot was written by this code and its
 * entries are still CRC-checked — so it costs the read and the copy, not a validation.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { DbError } from '../errors';
import { abortQuietly, issueAll, watched } from '../storage/requests';
import { withFactory } from '../storage/schema';

export interface SnapshotInfo {
  name: string;
  /** ISO time the snapshot was saved. */
  created: string;
  /** Bytes of the archive. */
  size: number;
  counts: Record<string, number>;
}

interface SnapshotSchema extends DBSchema {
  snapshots: { key: string; value: SnapshotInfo & { pieces: number } };
  /** The archive in pieces of {@link PIECE_BYTES}, keyed [name, index]. */
  pieces: { key: [string, number]; value: Uint8Array };
}

const PIECE_BYTES = 8 * 1024 * 1024;
/** Names as a person types them: no `/` (they are path segments), nothing invisible. */
const isName = (name: string) =>
  name.length >= 1 && name.length <= 128 && name.trim() === name && ![...name].some((ch) => ch === '/' || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);

export function checkSnapshotName(name: string): string {
  if (!isName(name)) {
    throw new DbError('REST-INVALIDPARAM', `snapshot name ${JSON.stringify(name)}: 1 to 128 characters, no "/", no control characters, no leading or trailing space`);
  }
  return name;
}

export class SnapshotStore {
  private opened: Promise<IDBPDatabase<SnapshotSchema>> | undefined;

  constructor(
    private readonly factory: IDBFactory,
    private readonly name: string,
  ) {}

  private idb(): Promise<IDBPDatabase<SnapshotSchema>> {
    this.opened ??= withFactory(this.factory, () =>
      openDB<SnapshotSchema>(this.name, 1, {
        upgrade(db) {
          db.createObjectStore('snapshots', { keyPath: 'name' });
          db.createObjectStore('pieces');
        },
        blocking(_current, _next, event) {
          (event.target as IDBDatabase).close();
        },
      }),
    );
    this.opened.catch(() => (this.opened = undefined));
    return this.opened;
  }

  async list(): Promise<SnapshotInfo[]> {
    const all = await (await this.idb()).getAll('snapshots');
    return all.map(({ pieces: _pieces, ...info }) => info).sort((a, b) => a.created.localeCompare(b.created) || a.name.localeCompare(b.name));
  }

  async info(name: string): Promise<SnapshotInfo | undefined> {
    const record = await (await this.idb()).get('snapshots', name);
    if (!record) return undefined;
    const { pieces: _pieces, ...info } = record;
    return info;
  }

  /** Saves `archive` under `name`, replacing a snapshot of that name, in one transaction. */
  async save(name: string, archive: Uint8Array, counts: Record<string, number>): Promise<SnapshotInfo> {
    const db = await this.idb();
    const tx = watched(db.transaction(['snapshots', 'pieces'], 'readwrite'));
    const info: SnapshotInfo = { name, created: new Date().toISOString(), size: archive.length, counts };
    const pieces = Math.ceil(archive.length / PIECE_BYTES);
    try {
      const store = tx.objectStore('pieces');
      await issueAll<() => Promise<unknown>, unknown>(
        [
          () => store.delete(IDBKeyRange.bound([name, 0], [name, Number.MAX_SAFE_INTEGER])),
          ...Array.from({ length: pieces }, (_, i) => () => store.put(archive.slice(i * PIECE_BYTES, (i + 1) * PIECE_BYTES), [name, i])),
          () => tx.objectStore('snapshots').put({ ...info, pieces }),
        ],
        (issue) => issue(),
      );
      await tx.done;
    } catch (e) {
      abortQuietly(tx);
      throw e;
    }
    return info;
  }

  /** The archive saved under `name`, or undefined. */
  async read(name: string): Promise<Uint8Array | undefined> {
    const db = await this.idb();
    const tx = watched(db.transaction(['snapshots', 'pieces'], 'readonly'));
    const [record, pieces] = await Promise.all([
      tx.objectStore('snapshots').get(name),
      tx.objectStore('pieces').getAll(IDBKeyRange.bound([name, 0], [name, Number.MAX_SAFE_INTEGER])),
      tx.done,
    ]);
    if (!record) return undefined;
    if (pieces.length !== record.pieces) throw new DbError('RESTAPI-INTERNALERROR', `snapshot ${name} is incomplete in storage (${pieces.length} of ${record.pieces} pieces)`);
    if (pieces.length === 1) return pieces[0];
    const out = new Uint8Array(record.size);
    let at = 0;
    for (const piece of pieces) {
      out.set(piece, at);
      at += piece.length;
    }
    return out;
  }

  /** Removes a snapshot; false when there was none. */
  async delete(name: string): Promise<boolean> {
    const db = await this.idb();
    const tx = watched(db.transaction(['snapshots', 'pieces'], 'readwrite'));
    const [existed] = await Promise.all([
      tx.objectStore('snapshots').get(name).then((r) => r !== undefined),
      tx.objectStore('snapshots').delete(name),
      tx.objectStore('pieces').delete(IDBKeyRange.bound([name, 0], [name, Number.MAX_SAFE_INTEGER])),
      tx.done,
    ]);
    return existed;
  }

  close(): void {
    void this.opened?.then((db) => db.close(), () => undefined);
  }
}
