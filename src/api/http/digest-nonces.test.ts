import { describe, expect, test } from 'vitest';
import { NonceTracker, type NonceVerdict } from './digest-nonces';

const HOUR = 60 * 60 * 1000;

describe('NonceTracker counters of one nonce', () => {
  test.for<{ name: string; ncs: number[]; verdicts: NonceVerdict[] }>([
    { name: 'counting up is accepted', ncs: [1, 2, 3], verdicts: ['ok', 'ok', 'ok'] },
    { name: 'out of order within the window is accepted', ncs: [5, 3, 4, 1, 2], verdicts: ['ok', 'ok', 'ok', 'ok', 'ok'] },
    { name: 'a counter used twice is a replay', ncs: [1, 2, 1], verdicts: ['ok', 'ok', 'replay'] },
    { name: 'the lowest counter still in the window is accepted', ncs: [64, 1], verdicts: ['ok', 'ok'] },
    { name: 'a counter that slid out of the window is a replay', ncs: [65, 1], verdicts: ['ok', 'replay'] },
    { name: 'a jump past the whole window forgets the old bits but refuses what it passed', ncs: [3, 1000, 3, 999], verdicts: ['ok', 'ok', 'replay', 'ok'] },
    { name: 'a counter reused after the window moved a little is still a replay', ncs: [10, 40, 10], verdicts: ['ok', 'ok', 'replay'] },
  ])('$name', ({ ncs, verdicts }) => {
    const t = new NonceTracker({ window: 64 });
    expect(ncs.map((nc) => t.use('n', 0, nc))).toEqual(verdicts);
  });
});

describe('NonceTracker memory bound', () => {
  function tracker(capacity: number) {
    let now = 0;
    const t = new NonceTracker({ window: 32, capacity, evictableAfterMs: HOUR, now: () => now });
    return { t, advance: (ms: number) => (now += ms) };
  }

  test('when full and no nonce has been idle long, a new nonce is stale and the tracked ones keep working', () => {
    const { t, advance } = tracker(2);
    expect([t.use('a', 1, 1), t.use('b', 2, 1)]).toEqual(['ok', 'ok']);
    advance(HOUR - 1);
    expect(t.use('c', 3, 1)).toBe('stale');
    expect([t.use('a', 1, 2), t.use('b', 2, 2), t.size]).toEqual(['ok', 'ok', 2]);
  });

  test('when full, the least recently used nonce idle for long is evicted; it (and older nonces) are then stale', () => {
    const { t, advance } = tracker(2);
    t.use('a', 1, 1);
    t.use('b', 2, 1);
    advance(HOUR);
    t.use('b', 2, 2); // b used again: a is now the least recently used
    expect(t.use('c', 3, 1)).toBe('ok');
    expect(t.size).toBe(2);
    expect(t.use('a', 1, 2)).toBe('stale');
    expect(t.use('b', 2, 3)).toBe('ok');
  });

  test('after an eviction, a first-seen nonce issued no later than the evicted one is stale, a later one is admitted', () => {
    const { t, advance } = tracker(1);
    t.use('a', 10, 1);
    advance(HOUR);
    expect(t.use('b', 20, 1)).toBe('ok');
    advance(HOUR);
    expect(t.use('c', 5, 1)).toBe('stale');
    expect(t.use('d', 30, 1)).toBe('ok');
  });
});
