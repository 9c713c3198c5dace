/**
 * Reading ahead: the reads of a sequence run in order with a few in flight, so the next
 * are under way in IndexedDB while the caller works on this one. A scene export waited on
 * its reads for over half its time with one read at a time (docs/scenes.md, Export).
 */

/** The results of `reads`, in order, with up to `depth` reads started and not yet handed out. */
export async function* readAhead<T>(reads: Iterable<() => Promise<T>>, depth: number): AsyncGenerator<T> {
  const iterator = reads[Symbol.iterator]();
  const started: Promise<T>[] = [];
  const start = () => {
    while (started.length < depth) {
      const next = iterator.next();
      if (next.done) return;
      const read = next.value();
      read.catch(() => undefined); // observed here; awaited (and thrown) in its turn
      started.push(read);
    }
  };
  start();
  while (started.length > 0) {
    const value = await started.shift()!;
    start();
    yield value;
  }
}
