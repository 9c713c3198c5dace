/**
 * The search queries the peers section asks both sides: the search section's mix
 * (search-data.ts) without its range constraint, which neither peer has an index for,
 * and without NEAR, which neither has.
 * `words` is the query without phrase quotes, what a peer without phrases is given.
 */
import { searchQueries } from './search-data';

export interface PeerSearchQuery {
  name: string;
  /** As Tabula is asked (`q`). */
  q: string;
  words: string;
  phrase: boolean;
}

export function peerSearchQueries(): PeerSearchQuery[] {
  return searchQueries()
    .filter((q) => q.name !== 'constraint' && q.name !== 'near')
    .map((q) => ({ name: q.name, q: q.q, words: q.q.replace(/"/g, ''), phrase: q.q.startsWith('"') }));
}
