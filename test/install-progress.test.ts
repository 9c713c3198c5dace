/** The service worker's install progress (sw/install-progress.ts), driven as Workbox drives its plugin. */
import { expect, test } from 'vitest';
import type { StartupMessage } from '../src/wire/tabula';
import { installProgress } from '../sw/install-progress';

const installEvent = { type: 'install' } as ExtendableEvent;

function bodyOf(chunks: number[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const n of chunks) controller.enqueue(new Uint8Array(n));
      controller.close();
    },
  });
}

function setup(entries: Parameters<typeof installProgress>[0]['entries']) {
  const posted: StartupMessage[] = [];
  let clock = 0;
  const progress = installProgress({ entries, post: (m) => posted.push(m), intervalMs: 100, now: () => clock });
  const fetched = async (url: string, chunks: number[], headers: Record<string, string> = {}) => {
    const response = await progress.plugin.fetchDidSucceed!({
      request: new Request(`http://localhost${url}?__WB_REVISION__=abc`),
      response: new Response(bodyOf(chunks), { headers }),
      event: installEvent,
      state: {},
    });
    // The cache reads the body, as cache.put does; each chunk a tick later.
    const reader = response.body!.getReader();
    for (;;) {
      clock += 60;
      if ((await reader.read()).done) break;
    }
  };
  return { posted, progress, fetched, tick: (ms: number) => (clock += ms) };
}

test('bytes are counted as the cache reads them, against the sizes the manifest lists', async () => {
  const { posted, progress, fetched } = setup([
    { url: '/index.html', size: 100 },
    { url: '/web_bg.wasm', size: 4000 },
  ]);
  progress.started();
  expect(posted.at(-1)).toEqual({ type: 'tabula:startup', phase: 'downloading', received: 0, total: 4100 });
  await fetched('/index.html', [100]);
  await fetched('/web_bg.wasm', [1000, 1000, 1000, 1000]);
  const wasm = posted.filter((m) => m.file === '/web_bg.wasm').map((m) => m.received);
  // Announced at its start, then while it flows (at most one post per 100 ms), then complete.
  expect(wasm[0]).toBe(100);
  expect(wasm.at(-1)).toBe(4100);
  expect(wasm.length).toBeGreaterThan(2);
  expect(wasm).toEqual([...wasm].sort((a, b) => a - b));
  progress.activating();
  expect(posted.at(-1)).toEqual({ type: 'tabula:startup', phase: 'activating', received: 4100, total: 4100 });
});

test('posts are throttled while bytes flow', async () => {
  const { posted, progress, fetched } = setup([{ url: '/big', size: 10 * 100 }]);
  progress.started();
  const before = posted.length;
  // Ten chunks 60 ms apart: about one post per 100 ms, plus the file's start and end.
  await fetched('/big', Array(10).fill(100));
  const during = posted.length - before;
  expect(during).toBeLessThan(10);
  expect(during).toBeGreaterThanOrEqual(4);
});

test('an entry already cached counts as received', async () => {
  const { posted, progress, tick } = setup([
    { url: '/a.js', size: 300 },
    { url: '/b.js', size: 700 },
  ]);
  progress.started();
  tick(100);
  await progress.plugin.cachedResponseWillBeUsed!({
    cacheName: 'precache',
    request: new Request('http://localhost/b.js?__WB_REVISION__=1'),
    cachedResponse: new Response('x'),
    event: installEvent,
    state: {},
  });
  expect(posted.at(-1)?.received).toBe(700);
});

test('an entry without a listed size (the dev server) counts its Content-Length', async () => {
  const { posted, progress, fetched } = setup(['/index.html']);
  progress.started();
  expect(posted.at(-1)?.total).toBe(0);
  await fetched('/index.html', [250], { 'Content-Length': '250' });
  expect(posted.at(-1)).toMatchObject({ received: 250, total: 250 });
});

test('responses outside the install pass untouched, and a worker that did not install has nothing to say', async () => {
  const { posted, progress } = setup([{ url: '/a', size: 1 }]);
  const response = new Response('x');
  const out = await progress.plugin.fetchDidSucceed!({ request: new Request('http://localhost/a'), response, event: { type: 'fetch' } as ExtendableEvent, state: {} });
  expect(out).toBe(response);
  progress.repeat();
  expect(posted).toEqual([]);
  progress.started();
  progress.repeat();
  expect(posted).toHaveLength(2);
});
