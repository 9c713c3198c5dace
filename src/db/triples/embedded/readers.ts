/**
 * Who may read the documents that hold triples (docs/decisions/0032-embedded-triples.md): the
 * shared store holds every document's triples, and a user who may not read some of those
 * documents must not see what only they hold. The table keeps, for each document holding
 * triples, the roles that may read it, grouped by the same set of roles: documents share a
 * handful of permission sets, so finding what is hidden from a user is a check per group.
 *
 * Durable as the owner table is: a document write logs its changes to it in its own
 * transaction, and a compaction writes the whole of it beside the snapshot.
 */
import { readersOf } from '../../documents/store';
import type { StoredDocument } from '../../documents/types';
import type { Principal } from '../../security/types';

/** Documents whose readers changed: the roles now reading it, or null when it no longer holds triples (or is gone). */
export type ReaderChanges = Array<[uri: string, readers: string[] | null]>;

/** The table as stored: each set of roles with the documents it reads. */
export interface ReadersSnapshot {
  groups: Array<[readers: string[], uris: string[]]>;
}

/** The roles with the read capability on a document, sorted and each once: the key of its group. */
export const readerRoles = (doc: StoredDocument): string[] => [...new Set(readersOf(doc))].sort();

export const sameReaders = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((r, i) => r === b[i]);

/** What a user may not read of the documents holding triples. */
export interface Hidden {
  /** Names the groups hidden (the same key: the same documents, until a write). */
  key: string;
  uris: string[];
}

export class EmbeddedReaders {
  /** Each document's group key. */
  private readonly groupOf = new Map<string, string>();
  private readonly groups = new Map<string, { readers: string[]; uris: Set<string> }>();

  get size(): number {
    return this.groupOf.size;
  }

  apply(changes: ReaderChanges): void {
    for (const [uri, readers] of changes) {
      const old = this.groupOf.get(uri);
      if (old !== undefined) {
        const group = this.groups.get(old)!;
        group.uris.delete(uri);
        if (group.uris.size === 0) this.groups.delete(old);
        this.groupOf.delete(uri);
      }
      if (readers === null) continue;
      const key = readers.join('\n');
      let group = this.groups.get(key);
      if (!group) this.groups.set(key, (group = { readers, uris: new Set() }));
      group.uris.add(uri);
      this.groupOf.set(uri, key);
    }
  }

  /** The documents holding triples `principal` may not read; undefined when there are none (always, for admin). */
  hiddenFrom(principal: Principal): Hidden | undefined {
    if (principal.roles.has('admin')) return undefined;
    const keys: string[] = [];
    const uris: string[] = [];
    for (const [key, group] of this.groups) {
      if (group.readers.some((r) => principal.roles.has(r))) continue;
      keys.push(key);
      for (const uri of group.uris) uris.push(uri);
    }
    return keys.length === 0 ? undefined : { key: keys.sort().join('\n\n'), uris };
  }

  /** Every document holding triples. */
  uris(): Iterable<string> {
    return this.groupOf.keys();
  }

  snapshot(): ReadersSnapshot {
    return { groups: [...this.groups.values()].map((g) => [g.readers, [...g.uris]]) };
  }

  static restore(snapshot: ReadersSnapshot): EmbeddedReaders {
    const readers = new EmbeddedReaders();
    for (const [roles, uris] of snapshot.groups) readers.apply(uris.map((uri) => [uri, roles]));
    return readers;
  }
}
