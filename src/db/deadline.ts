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
 * @example
 * const deadline = await db.deadline();
 * for (const chunk of chunks) { deadline.check('the search'); … }
 */
import { DbError } from './errors';

/** How time is read, and how many milliseconds a second of the time limit lasts (tests shorten it). */
export interface RequestTiming {
  now(): number;
  secondMs: number;
}

export const realTiming: RequestTiming = { now: () => performance.now(), secondMs: 1000 };

export class Deadline {
  /** No limit: for work no request waits on (background index builds, compaction, loads). */
  static readonly none = new Deadline(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, realTiming);

  private constructor(
    /** When it runs out, on `timing.now()`'s scale. */
    readonly at: number,
    /** The limit it was made from, in seconds (for the message). */
    readonly limitSeconds: number,
    private readonly timing: RequestTiming,
  ) {}

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

  /** Throws 500 XDMP-EXTIME naming `what` was under way when the limit ran out. */
  check(what: string): void {
    if (this.expired()) throw timeLimitError(this.limitSeconds, what);
  }
}

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
