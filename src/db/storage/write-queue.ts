import { Deadline, timeLimitError } from '../deadline';

/**
 * The single-writer rule of docs/architecture.md (Storage and durability): every write of the database runs through one
 * queue, one at a time, so a write can read current state, decide, and commit in
 * one short IndexedDB transaction without anyone changing that state in between.
 * Reads do not queue: they see committed state only, because nothing is visible
 * before its transaction commits.
 */
export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private epoch = 0;
  /** Writes queued or running. */
  private pending = 0;

  /** Whether a write is queued or running. */
  busy(): boolean {
    return this.pending > 0;
  }

  /**
   * Counts each write's start and end: odd while one runs. What was read while the count
   * stayed the same, and even, is still what the database holds — how caches of derived
   * state (restricted triple views, docs/decisions/0032-embedded-triples.md) know they are current.
   */
  generation(): number {
    return this.epoch;
  }

  /**
   * Runs `work` once every write queued before it has finished. With a `deadline`, a write
   * still waiting when it runs out is answered XDMP-EXTIME at that moment — not when the
   * writes ahead of it finish, however long they take — and never runs; one that has started
   * is not abandoned (it may be committing) but checks the deadline itself before it commits.
   */
  run<T>(work: () => Promise<T>, deadline: Deadline = Deadline.none): Promise<T> {
    if (deadline === Deadline.none) return this.enqueue(work);
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = this.enqueue(() => {
      clearTimeout(timer);
      if (timedOut) return Promise.resolve(undefined as T);
      deadline.check('waiting for the writes queued before it');
      return work();
    });
    const expiry = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        reject(timeLimitError(deadline.limitSeconds, 'waiting for the writes queued before it'));
      }, deadline.remaining());
    });
    // Whichever settles first answers; the timer is cleared when the work starts, so it only
    // ever answers for a write that has not (and now never will).
    return Promise.race([started, expiry]);
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const counted = async (): Promise<T> => {
      this.epoch++;
      try {
        return await work();
      } finally {
        this.epoch++;
      }
    };
    this.pending++;
    const result = this.tail.then(counted, counted);
    // The queue continues whether this write succeeded or failed.
    this.tail = result.catch(() => undefined).finally(() => this.pending--);
    return result;
  }
}

/**
 * Document timestamps (versions, ML-Effective-Timestamp): strictly increasing,
 * derived from the clock (10^3 per millisecond, which keeps them exact as JS
 * numbers; MarkLogic's own are 10x larger and would not be).
 */
export class Clock {
  private last = 0;
  next(): number {
    const now = Date.now() * 1_000;
    this.last = now > this.last ? now : this.last + 1;
    return this.last;
  }
  current(): number {
    return Math.max(this.last, Date.now() * 1_000);
  }
}
