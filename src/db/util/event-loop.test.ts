/**
 * Work written as a generator, run at once or in slices: in slices, tasks queued meanwhile
 * run between two of its steps once a slice is used up, and never in the middle of a step.
 */
import { describe, expect, test } from 'vitest';
import { runAtOnce, runInSlices, yieldToEventLoop } from './event-loop';

/** `steps` steps of `stepMs` of busy work each, recording which step ran when; returns the step count. */
function* busy(steps: number, stepMs: number, log: string[]): Generator<void, number> {
  for (let i = 0; i < steps; i++) {
    if (i > 0) yield;
    const until = performance.now() + stepMs;
    while (performance.now() < until);
    log.push(`step ${i}`);
  }
  return steps;
}

describe('generator work', () => {
  test('at once: every step before anything else, and its result', () => {
    const log: string[] = [];
    expect(runAtOnce(busy(5, 0, log))).toBe(5);
    expect(log).toEqual(['step 0', 'step 1', 'step 2', 'step 3', 'step 4']);
  });

  test.for([
    { stepMs: 0, sliceMs: 50, othersBetween: false },
    { stepMs: 3, sliceMs: 5, othersBetween: true },
  ])('in slices of $sliceMs ms with steps of $stepMs ms: a task queued meanwhile runs between steps: $othersBetween', async ({ stepMs, sliceMs, othersBetween }) => {
    const log: string[] = [];
    const other = yieldToEventLoop().then(() => log.push('other'));
    expect(await runInSlices(busy(8, stepMs, log), sliceMs)).toBe(8);
    await other;
    const at = log.indexOf('other');
    // Not before the first step (the work starts at once), and at a stop between two steps or after the last.
    expect(at).toBeGreaterThan(0);
    expect(at < log.length - 1).toBe(othersBetween);
  });
});
