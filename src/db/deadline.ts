/**
 * A request's time limit (instance property `default-time-limit`), as the moment it runs
 * out. A request takes one when it starts; cooperative work — search evaluation, index
 * builds, bulk reads and writes, patches, the write queue, the triple store's write path
 * and result serialisation — checks it at its natural chunk boundaries and stops with
 * 500 XDMP-EXTIME, committing nothing (docs/decisions/0016-time-limit.md).
 *
 * What it cannot do: interrupt synchronous work. A SPARQL evaluation in the engine runs to
 * its end; only then is its result discarded (and an update undone).
 *
 * It is also how a request is cancelled (`DELETE /tabula/v1/requests/{id}`): {@link Deadline.cancel}
 * makes the next check throw 500 XDMP-CANCELED. And long work over the search index gives the
 * thread to other requests at its checks ({@link Deadline.pace}): the service worker has one
 * thread, and a search running for seconds must not hold a ping or a document read behind it
 * (docs/decisions/0029-cooperative-search.md).
 *
 * @example
 * const deadline = await db.deadline();
 * for (const chunk of chunks) { deadline.check('the search'); … }
 */
import { DbError } from './errors';
import { yieldToEventLoop } from './util/event-loop';

/** How time is read, and how many milliseconds a second of the time limit lasts (tests shorten it). */
export interface RequestTiming {
  now(): number;
  secondMs: number;
}

export const realTiming: RequestTiming = { now: () => performance.now(), secondMs: 1000 };

export class Deadline {
  /** No limit: for work no request waits on (background index builds, compaction, loads). */
  static readonly none = new Deadline(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, realTiming);

  /** Set by {@link cancel}: what every later check throws. */
  private cancelled: DbError | undefined;
  /** What ends each {@link sleep} under way, at a cancel. */
  private readonly sleepers = new Set<() => void>();
  /** When the work last gave the thread away (or began), on `timing.now()`'s scale. */
  private sliceStart: number;

  private constructor(
    /** When it runs out, on `timing.now()`'s scale. */
    readonly at: number,
    /** The limit it was made from, in seconds (for the message). */
    readonly limitSeconds: number,
    private readonly timing: RequestTiming,
  ) {
    this.sliceStart = timing.now();
  }

  /** The deadline of a request that started at `start` (now, by default) with a limit of `limitSeconds`. */
  static after(limitSeconds: number, timing: RequestTiming = realTiming, start = timing.now()): Deadline {
    return new Deadline(start + limitSeconds * timing.secondMs, limitSeconds, timing);
  }

  /** Milliseconds (on the timing's scale) left; 0 once past. */
  remaining(): number {
    return Math.max(0, this.at - this.timing.now());
  }

  expired(): boolean {
    return this.timing.now() >= this.at;
  }

  /** Throws 500 XDMP-EXTIME naming `what` was under way when the limit ran out, or the error the request was cancelled with. */
  check(what: string): void {
    if (this.cancelled) throw this.cancelled;
    if (this.expired()) throw timeLimitError(this.limitSeconds, what);
  }

  /** Cancels the request: its next check throws `error` (the first cancel's stays), and a {@link sleep} ends. Not for {@link Deadline.none}. */
  cancel(error: DbError): void {
    if (this === Deadline.none) throw new Error('Deadline.none belongs to no request and cannot be cancelled');
    this.cancelled ??= error;
    for (const wake of this.sleepers) wake();
    this.sleepers.clear();
  }

  /**
   * Waits `ms` (real milliseconds) on `what`, or less when the request is cancelled meanwhile —
   * then throws the cancel's error, as a check would. A wait that is all a request does (an
   * injected latency) ends when its client gives up, instead of holding on to its end.
   */
  async sleep(ms: number, what: string): Promise<void> {
    this.check(what);
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
    if (this.cancelled) throw this.cancelled;
  }

  /**
   * A check at a chunk boundary of long work that other requests must not wait behind: once
   * the work has held the thread for {@link SLICE_MS} it yields it (the requests that arrived
   * meanwhile run), then checks again. Awaited every few hundred items, it costs a clock read.
   */
  async pace(what: string): Promise<void> {
    this.check(what);
    if (this.timing.now() - this.sliceStart < SLICE_MS) return;
    await yieldToEventLoop();
    this.sliceStart = this.timing.now();
    this.check(what);
  }
}

/**
 * How long cooperative work holds the thread before it yields: a request arriving meanwhile
 * waits at most about this long (the target is 50 ms at p95 while a long search runs).
 */
export const SLICE_MS = 4;

/** XDMP-CANCELED: the answer of a request cancelled while it ran (as MarkLogic answers one cancelled from its Admin interface). */
export const cancelledError = (requestId: string): DbError => new DbError('XDMP-CANCELED', `the request ${requestId} was cancelled`);

/** XDMP-EXTIME: what MarkLogic raises when a request runs past its time limit. */
export const timeLimitError = (limitSeconds: number, what: string): DbError =>
  new DbError('XDMP-EXTIME', `${what} ran past the request's time limit of ${limitSeconds} s (default-time-limit)`);

/**
 * `work`'s outcome, or XDMP-EXTIME naming `what` once the deadline runs out first. The work
 * itself goes on (background work a request waits for is not the request's to stop).
 */
export function beforeDeadline<T>(work: Promise<T>, deadline: Deadline, what: string): Promise<T> {
  if (deadline.limitSeconds === Number.POSITIVE_INFINITY) return work;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeLimitError(deadline.limitSeconds, what)), deadline.remaining());
  });
  return Promise.race([work, expiry]).finally(() => clearTimeout(timer));
}
