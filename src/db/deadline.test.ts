/**
 * The request deadline's cooperative side (docs/decisions/0029-cooperative-search.md): `pace`
 * gives the thread away once a slice is used up — other tasks run at that point — and a
 * cancelled deadline throws XDMP-CANCELED at its next check, a late time limit XDMP-EXTIME.
 */
import { describe, expect, test } from 'vitest';
import { cancelledError, Deadline, SLICE_MS, type RequestTiming } from './deadline';
import { DbError } from './errors';
import { yieldToEventLoop } from './util/event-loop';

/** A clock the test moves by hand. */
function clock(): RequestTiming & { advance(ms: number): void } {
  let now = 0;
  return { now: () => now, secondMs: 1000, advance: (ms) => void (now += ms) };
}

/** Whether a task queued now runs before `work` settles. */
async function letsOthersRun(work: () => Promise<void>): Promise<boolean> {
  let ran = false;
  void yieldToEventLoop().then(() => (ran = true));
  await work();
  return ran;
}

describe('Deadline.pace', () => {
  test.for([
    { used: 0, yields: false },
    { used: SLICE_MS - 1, yields: false },
    { used: SLICE_MS, yields: true },
    { used: 10 * SLICE_MS, yields: true },
  ])('after $used ms of work it yields: $yields', async ({ used, yields }) => {
    const timing = clock();
    const deadline = Deadline.after(60, timing);
    timing.advance(used);
    expect(await letsOthersRun(() => deadline.pace('the test'))).toBe(yields);
  });

  test('a slice counts from the last yield', async () => {
    const timing = clock();
    const deadline = Deadline.after(60, timing);
    timing.advance(SLICE_MS);
    await deadline.pace('the test');
    timing.advance(SLICE_MS - 1);
    expect(await letsOthersRun(() => deadline.pace('the test'))).toBe(false);
  });

  test.for([
    { what: 'cancelled', code: 'XDMP-CANCELED', act: (d: Deadline) => d.cancel(cancelledError('r1')) },
    { what: 'past its limit', code: 'XDMP-EXTIME', act: (_d: Deadline, t: ReturnType<typeof clock>) => t.advance(61_000) },
  ])('$what: check and pace throw $code', async ({ code, act }) => {
    const timing = clock();
    const deadline = Deadline.after(60, timing);
    act(deadline, timing);
    expect(() => deadline.check('the test')).toThrow(expect.objectContaining({ code }));
    await expect(deadline.pace('the test')).rejects.toBeInstanceOf(DbError);
    await expect(deadline.pace('the test')).rejects.toMatchObject({ code });
  });

  test('the first cancel stays; Deadline.none cannot be cancelled', () => {
    const deadline = Deadline.after(60, clock());
    deadline.cancel(cancelledError('first'));
    deadline.cancel(cancelledError('second'));
    expect(() => deadline.check('x')).toThrow('the request first was cancelled');
    expect(() => Deadline.none.cancel(cancelledError('x'))).toThrow();
    expect(() => Deadline.none.check('x')).not.toThrow();
  });
});

describe('Deadline.sleep', () => {
  test('waits its time, or ends at a cancel with the cancel’s error; a cancelled deadline does not start one', async () => {
    const whole = Deadline.after(60);
    const began = performance.now();
    await whole.sleep(20, 'a test wait');
    expect(performance.now() - began).toBeGreaterThanOrEqual(19);

    const cut = Deadline.after(60);
    const sleeping = cut.sleep(60_000, 'a test wait').catch((e: unknown) => e);
    const cancelledAt = performance.now();
    cut.cancel(cancelledError('r-1'));
    const err = (await sleeping) as DbError;
    expect(performance.now() - cancelledAt).toBeLessThan(1_000);
    expect(err).toBeInstanceOf(DbError);
    expect(err.code).toBe('XDMP-CANCELED');
    await expect(cut.sleep(60_000, 'a test wait')).rejects.toBe(err);
  });
});
