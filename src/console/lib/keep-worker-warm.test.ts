import { afterEach, describe, expect, test, vi } from 'vitest';
import { keepWorkerWarm, KEEP_ALIVE_INTERVAL_MS } from './keep-worker-warm';

afterEach(() => vi.useRealTimers());

describe('keepWorkerWarm', () => {
  test.for([
    { name: 'a controlled page posts one message per interval', elapsed: 3 * KEEP_ALIVE_INTERVAL_MS + 1, controlled: true },
    { name: 'less than an interval: nothing yet', elapsed: KEEP_ALIVE_INTERVAL_MS - 1, controlled: true },
    { name: 'an uncontrolled page posts nothing (and does not throw)', elapsed: 2 * KEEP_ALIVE_INTERVAL_MS, controlled: false },
  ])('$name', ({ elapsed, controlled }) => {
    vi.useFakeTimers();
    const postMessage = vi.fn();
    const container = { controller: controlled ? ({ postMessage } as unknown as ServiceWorker) : null };
    const stop = keepWorkerWarm(container);
    vi.advanceTimersByTime(elapsed);
    expect(postMessage).toHaveBeenCalledTimes(controlled ? Math.floor(elapsed / KEEP_ALIVE_INTERVAL_MS) : 0);
    for (const [message] of postMessage.mock.calls) expect(message).toEqual({ type: 'tabula:keep-alive' });
    stop();
  });

  test('stopping ends the messages', () => {
    vi.useFakeTimers();
    const postMessage = vi.fn();
    const stop = keepWorkerWarm({ controller: { postMessage } as unknown as ServiceWorker });
    vi.advanceTimersByTime(KEEP_ALIVE_INTERVAL_MS);
    stop();
    vi.advanceTimersByTime(5 * KEEP_ALIVE_INTERVAL_MS);
    expect(postMessage).toHaveBeenCalledTimes(1);
  });

  test('without service workers it does nothing', () => {
    expect(() => keepWorkerWarm(undefined)()).not.toThrow();
  });
});
