/**
 * The search peers in the page (no service worker): Orama and MiniSearch over the search
 * section's generated documents — the same texts the FlexSearch baseline indexes (every
 * string value of a record, as one field) — and the same query words (search-data.ts
 * `queryTerms`). Orama: `insertMultiple`, then `search` with `threshold: 0` (every term
 * must match; its default, 1, returns documents matching any term) and its default limit
 * of 10. MiniSearch: `addAll`, then `search` with `combineWith: 'AND'` (it returns every
 * hit, ranked). Neither has a phrase query. Runs in the peers page.
 */
import { create, insertMultiple, search, type AnyOrama } from '@orama/orama';
import MiniSearch from 'minisearch';
import { searchDocuments } from './search-data';
import { peerSearchQueries } from './peers-queries';

export type SearchPeer = 'orama' | 'minisearch';

interface Kept {
  peer: SearchPeer;
  query: (q: string) => Promise<number>;
}

let kept: Kept | undefined;

export interface PeerIndexBuild {
  peer: SearchPeer;
  total: number;
  ms: number;
  docsPerSecond: number;
}

/** Indexes the first `total` search documents (records built before the clock starts) and keeps the index. */
export async function searchPeerIndex({ peer, total, prefix }: { peer: SearchPeer; total: number; prefix: string }): Promise<PeerIndexBuild> {
  const records = searchDocuments(prefix, total).map((d, i) => ({ id: String(i), text: d.plainText }));
  let ms: number;
  if (peer === 'orama') {
    const db: AnyOrama = create({ schema: { text: 'string' } as const });
    const start = performance.now();
    await insertMultiple(db, records);
    ms = performance.now() - start;
    kept = { peer, query: async (q) => (await search(db, { term: q, properties: ['text'], threshold: 0, limit: 10 })).count };
  } else {
    const mini = new MiniSearch({ fields: ['text'], idField: 'id' });
    const start = performance.now();
    mini.addAll(records);
    ms = performance.now() - start;
    kept = { peer, query: (q) => Promise.resolve(mini.search(q, { combineWith: 'AND' }).length) };
  }
  return { peer, total, ms, docsPerSecond: (total / ms) * 1000 };
}

export type PeerSearchOutcome = { name: string; outcome: 'ok'; ms: number[]; hits: number } | { name: string; outcome: 'unsupported'; reason: string };

/** The queries on the kept index, each `warmup + runs` times; the phrase is reported unsupported. */
export async function searchPeerQueries({ runs, warmup }: { runs: number; warmup: number }): Promise<PeerSearchOutcome[]> {
  if (!kept) throw new Error('no peer index kept: call searchPeerIndex first');
  const { peer, query } = kept;
  const out: PeerSearchOutcome[] = [];
  // One query at a time: their runs must not interleave.
  for (const q of peerSearchQueries()) {
    if (q.phrase) {
      out.push({ name: q.name, outcome: 'unsupported', reason: `${peer} has no phrase query` });
      continue;
    }
    const ms: number[] = [];
    let hits = 0;
    for (let i = 0; i < warmup + runs; i++) {
      const start = performance.now();
      hits = await query(q.words);
      if (i >= warmup) ms.push(performance.now() - start);
    }
    out.push({ name: q.name, outcome: 'ok', ms, hits });
  }
  return out;
}

/** Drops the kept index. */
export function searchPeerForget(): void {
  kept = undefined;
}
