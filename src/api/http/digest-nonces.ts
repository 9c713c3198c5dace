/**
 * Which Digest nonce counts (`nc`) were already used, per nonce, so a captured request
 * cannot be replayed (RFC 7616 §3.3, §5.5) — without breaking the official MarkLogic Node
 * client, which takes one nonce, uses it for the life of the client, counts nc up on every
 * request, sends many requests at once (their counters arrive out of order), never reads
 * `stale` and never retries a 401.
 *
 * So a nonce never expires while used. Per nonce: the highest nc seen and a bitmap of
 * the `digestNcWindow` counters up to it; an nc seen before, or below the window, is
 * refused. Memory is bounded: at most `digestTrackedNonces` nonces are tracked; when full,
 * the least recently used one is evicted, but only when it has been idle for
 * {@link EVICTABLE_AFTER_MS}. A nonce carries its issue time, and a nonce first seen that
 * was issued no later than the newest evicted one is refused as stale — it may be an
 * evicted nonce come back, whose used counters are forgotten.
 *
 * @example
 * const nonces = new NonceTracker();
 * nonces.use('…nonce…', issuedAt, 1); // 'ok'
 * nonces.use('…nonce…', issuedAt, 1); // 'replay'
 */
import { limits } from '../../db/limits';

/** A tracked nonce may be evicted (to make room for another) only after this long unused. */
export const EVICTABLE_AFTER_MS = 60 * 60 * 1000;

/** `ok`: first use of this nc. `replay`: nc already used or too far below the highest. `stale`: the nonce cannot be tracked (ask for a new one). */
export type NonceVerdict = 'ok' | 'replay' | 'stale';

interface NonceState {
  highest: number;
  /** Bit `n % window` is set when counter n (within the window below `highest`) was used. */
  seen: Uint32Array;
  lastUsed: number;
  issuedAt: number;
}

export interface NonceTrackerOptions {
  window?: number;
  capacity?: number;
  evictableAfterMs?: number;
  now?: () => number;
}

export class NonceTracker {
  /** Tracked nonces in least-recently-used order (a Map iterates in insertion order; a use re-inserts). */
  private readonly tracked = new Map<string, NonceState>();
  /** Issue time of the newest nonce evicted so far: nonces issued up to then are not admitted afresh. */
  private evictedUpTo = -Infinity;
  private readonly window: number;
  private readonly capacity: number;
  private readonly evictableAfterMs: number;
  private readonly now: () => number;

  constructor(options: NonceTrackerOptions = {}) {
    this.window = options.window ?? limits.digestNcWindow;
    this.capacity = options.capacity ?? limits.digestTrackedNonces;
    this.evictableAfterMs = options.evictableAfterMs ?? EVICTABLE_AFTER_MS;
    this.now = options.now ?? Date.now;
    if (this.window % 32 !== 0 || this.window <= 0) throw new Error(`nc window must be a positive multiple of 32: ${this.window}`);
  }

  /** Records the use of counter `nc` (≥ 1) of `nonce`, issued at `issuedAt`; call only once the response proved the password. */
  use(nonce: string, issuedAt: number, nc: number): NonceVerdict {
    const now = this.now();
    let state = this.tracked.get(nonce);
    if (state) {
      this.tracked.delete(nonce);
    } else {
      if (issuedAt <= this.evictedUpTo || !this.makeRoom(now)) return 'stale';
      state = { highest: 0, seen: new Uint32Array(this.window / 32), lastUsed: now, issuedAt };
    }
    this.tracked.set(nonce, state);
    state.lastUsed = now;
    return this.mark(state, nc);
  }

  /** How many nonces are tracked (tests). */
  get size(): number {
    return this.tracked.size;
  }

  private mark(state: NonceState, nc: number): NonceVerdict {
    if (nc > state.highest) {
      // Forget the counters that slide out of the window as it moves up to nc.
      if (nc - state.highest >= this.window) state.seen.fill(0);
      else for (let n = state.highest + 1; n <= nc; n++) this.clear(state, n);
      state.highest = nc;
    } else if (nc <= state.highest - this.window) {
      return 'replay';
    }
    const i = nc % this.window;
    const bit = 1 << (i & 31);
    if (state.seen[i >>> 5] & bit) return 'replay';
    state.seen[i >>> 5] |= bit;
    return 'ok';
  }

  private clear(state: NonceState, n: number): void {
    const i = n % this.window;
    state.seen[i >>> 5] &= ~(1 << (i & 31));
  }

  /** Evicts the least recently used nonce when full, if it has been idle long enough; false when nothing can go. */
  private makeRoom(now: number): boolean {
    if (this.tracked.size < this.capacity) return true;
    const [oldest, state] = this.tracked.entries().next().value as [string, NonceState];
    if (now - state.lastUsed < this.evictableAfterMs) return false;
    this.tracked.delete(oldest);
    this.evictedUpTo = Math.max(this.evictedUpTo, state.issuedAt);
    return true;
  }
}
