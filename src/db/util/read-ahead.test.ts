/** readAhead: results in order, never more than `depth` reads started ahead, and a failed read thrown in its turn. */
import { describe, expect, test } from 'vitest';
import { readAhead } from './read-ahead';

describe('readAhead', () => {
  test.for([1, 2, 3, 10])('depth %i: every result in order, at most that many reads in flight', async (depth) => {
    let inFlight = 0;
    let most = 0;
    const reads = Array.from({ length: 7 }, (_, i) => async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      // Later reads finish first: order must come from the sequence, not from timing.
      await new Promise<void>((resolve) => setTimeout(resolve, (7 - i) * 2));
      inFlight--;
      return i;
    });
    const seen: number[] = [];
    for await (const value of readAhead(reads, depth)) seen.push(value);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(Math.min(depth, 7));
  });

  test('a read that fails is thrown when its turn comes, after the ones before it', async () => {
    const reads = [async () => 'a', async () => Promise.reject(new Error('second')), async () => 'c'];
    const seen: string[] = [];
    await expect(async () => {
      for await (const value of readAhead(reads, 3)) seen.push(value);
    }).rejects.toThrow('second');
    expect(seen).toEqual(['a']);
  });

  test('reads are started only as results are taken', async () => {
    const started: number[] = [];
    const reads = Array.from({ length: 5 }, (_, i) => async () => (started.push(i), i));
    const iterator = readAhead(reads, 2);
    await iterator.next();
    expect(started).toEqual([0, 1, 2]);
    await iterator.return(undefined);
    expect(started).toEqual([0, 1, 2]);
  });
});
