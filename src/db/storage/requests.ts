/**
 * Keeping a failed IndexedDB transaction from leaving a promise rejected with nobody
 * listening. When one request of a transaction throws synchronously (a value the
 * structured clone refuses) or fails, the transaction aborts, and every promise idb
 * made for it — the other requests' and `tx.done` — rejects with AbortError. One of
 * those left unobserved is an unhandled rejection, which ends the Node host's process.
 * So every transaction is opened through {@link watched}, and requests issued
 * together go through {@link issueAll}.
 */

const ignore = (): void => undefined;

/**
 * The transaction, its `done` promise observed: a caller that awaits `done` still sees
 * the rejection; one that failed before reaching it does not leave it unhandled.
 */
export function watched<T extends { done: Promise<void> }>(tx: T): T {
  tx.done.catch(ignore);
  return tx;
}

/**
 * Issues requests in order and waits for all of them, like `Promise.all(list.map(issue))`,
 * except that when issuing one throws, the promises of the ones already issued are
 * observed (they reject once the transaction aborts) and the throw is the answer.
 */
export function issueAll<T, R>(items: Iterable<T>, issue: (item: T) => Promise<R>): Promise<R[]> {
  const issued: Promise<R>[] = [];
  try {
    for (const item of items) {
      const request = issue(item);
      request.catch(ignore);
      issued.push(request);
    }
  } catch (e) {
    return Promise.reject(e);
  }
  return Promise.all(issued);
}

/**
 * Ends a failed transaction. One that already finished or aborted throws on `abort()`,
 * which is no news to a caller that is already failing; its `done` is observed, as
 * {@link watched} does, so the abort leaves no rejection unhandled.
 */
export function abortQuietly(tx: { abort(): void; done: Promise<void> }): void {
  tx.done.catch(ignore);
  try {
    tx.abort();
  } catch {
    // already finished or aborted
  }
}
