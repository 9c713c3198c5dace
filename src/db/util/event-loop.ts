/**
 * Lets other requests run between chunks of long work: a service worker cannot start a
 * Worker, so heavy work shares the one thread (docs/architecture.md, Platform facts).
 */

/** A channel whose messages are tasks of their own, queued behind the tasks already waiting. */
let channel: { send: MessagePort; waiting: Array<() => void> } | undefined;

/**
 * Resolves in a later task, after the tasks already queued (a fetch event, an IndexedDB
 * callback) have run. A message on a channel rather than `setTimeout(0)`, which the browser
 * clamps to 4 ms once timers nest (work yielding every few milliseconds would idle a third
 * of its time); not `scheduler.yield()`, whose continuation is queued ahead of the waiting
 * tasks — the opposite of what is wanted here.
 */
export function yieldToEventLoop(): Promise<void> {
  // Node (npm run serve, tests, scripts): after the I/O waiting, and it keeps the process
  // alive while pending, as a port would for good.
  if (typeof setImmediate === 'function') return new Promise<void>((resolve) => setImmediate(resolve));
  if (typeof MessageChannel === 'undefined') return new Promise<void>((resolve) => setTimeout(resolve, 0));
  if (!channel) {
    const { port1, port2 } = new MessageChannel();
    const waiting: Array<() => void> = [];
    port1.onmessage = () => waiting.shift()?.();
    channel = { send: port2, waiting };
  }
  const { send, waiting } = channel;
  return new Promise<void>((resolve) => {
    waiting.push(resolve);
    send.postMessage(0);
  });
}

/**
 * Runs work written as a generator (a `yield` between any two of its steps) to its end,
 * awaiting `pace` at each stop: what the work lets happen there (nothing, when it answers
 * undefined).
 */
export async function runPaced<T>(work: Generator<void, T>, pace: () => Promise<void> | undefined): Promise<T> {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    await pace();
  }
}

/** {@link runPaced}, giving the thread away at a stop once the work has held it for `sliceMs`. */
export function runInSlices<T>(work: Generator<void, T>, sliceMs: number): Promise<T> {
  let began = performance.now();
  return runPaced(work, () => {
    if (performance.now() - began < sliceMs) return undefined;
    return yieldToEventLoop().then(() => void (began = performance.now()));
  });
}

/** Runs work written as a generator (see {@link runPaced}) to its end at once. */
export function runAtOnce<T>(work: Generator<void, T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}
