/**
 * The single-writer rule of DESIGN.md: every write of the database runs through one
 * queue, one at a time, so a write can read current state, decide, and commit in
 * one short IndexedDB transaction without anyone changing that state in between.
 * Reads do not queue: they see committed state only, because nothing is visible
 * before its transaction commits.
 */
export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work, work);
    // The queue continues whether this write succeeded or failed.
    this.tail = result.catch(() => undefined);
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
