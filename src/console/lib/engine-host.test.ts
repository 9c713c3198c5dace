/**
 * The page's side of the engine host with a fake browser: it waits for the origin's lock,
 * starts the worker, offers it to the service worker once the worker holds its own lock,
 * offers it again when the service worker asks or a new one takes control, and replaces it
 * when told to restart it (docs/decisions/0028-engine-host.md).
 */
import { describe, expect, test, vi } from 'vitest';
import { ENGINE_HOST_LOCK, runEngineHost, type EngineHostPlatform } from './engine-host';

type Listener = (event: { data: unknown }) => void;

function fakeBrowser({ otherPageHosts = false } = {}) {
  const pageListeners = new Map<string, Listener[]>();
  const offers: unknown[] = [];
  const workers: Array<{ posted: unknown[]; terminated: boolean; say(data: unknown): void }> = [];
  const locks: string[] = [];
  /** Host locks asked for by the page, granted when the test ends that host. */
  const waiting = new Map<string, () => unknown>();
  let ids = 0;
  const platform: EngineHostPlatform = {
    container: {
      controller: { postMessage: (message: unknown) => void offers.push(message) } as unknown as ServiceWorker,
      addEventListener: ((type: string, listener: Listener) => pageListeners.set(type, [...(pageListeners.get(type) ?? []), listener])) as unknown as ServiceWorkerContainer['addEventListener'],
    },
    locks: {
      request: ((name: string, ...rest: unknown[]) => {
        const callback = rest.at(-1) as (lock: unknown) => Promise<unknown>;
        locks.push(name);
        if (name === ENGINE_HOST_LOCK && !(otherPageHosts && rest.length === 2)) {
          if (!otherPageHosts) return callback({ name });
          waiting.set(name, () => callback({ name }));
          return new Promise(() => {});
        }
        if (name === ENGINE_HOST_LOCK) return callback(null);
        waiting.set(name, () => callback(null));
        return new Promise(() => {});
      }) as unknown as LockManager['request'],
    },
    startWorker: () => {
      const listeners: Listener[] = [];
      const worker = {
        posted: [] as unknown[],
        terminated: false,
        say: (data: unknown) => listeners.forEach((l) => l({ data })),
        postMessage: (message: unknown) => void worker.posted.push(message),
        terminate: () => void (worker.terminated = true),
        addEventListener: (_type: string, listener: Listener) => void listeners.push(listener),
      };
      workers.push(worker);
      return worker as unknown as Worker;
    },
    newId: () => `host-${++ids}`,
    channel: () => ({ port1: {} as MessagePort, port2: {} as MessagePort }),
  };
  const page = (type: string, data?: unknown) => (pageListeners.get(type) ?? []).forEach((l) => l({ data }));
  /** The host worker `id` ends: the page is granted its lock. */
  const dies = (id: string) => waiting.get(`${ENGINE_HOST_LOCK}:${id}`)?.();
  /** The page running the host closes: the waiting page is granted the origin's lock. */
  const otherPageCloses = () => waiting.get(ENGINE_HOST_LOCK)?.();
  return { platform, offers, workers, locks, page, dies, otherPageCloses };
}

describe('runEngineHost', () => {
  test('takes the origin lock, starts the worker once the service worker asks, and offers it once the worker is ready', async () => {
    const b = fakeBrowser();
    await runEngineHost(b.platform);
    expect(b.locks).toEqual([ENGINE_HOST_LOCK]);
    expect(b.workers).toEqual([]);
    b.page('message', { type: 'tabula:engine-host-wanted' });
    expect(b.workers[0].posted).toEqual([{ type: 'tabula:engine-host-start', id: 'host-1' }]);
    expect(b.offers).toEqual([]);
    b.workers[0].say({ type: 'tabula:engine-host-ready' });
    expect(b.offers).toEqual([{ type: 'tabula:engine-host', id: 'host-1' }]);
    expect(b.workers[0].posted.at(-1)).toEqual({ type: 'tabula:engine-host-port' });
  });

  test('offers again when the service worker asks and when a new one takes control; not before the worker is ready', async () => {
    const b = fakeBrowser();
    await runEngineHost(b.platform);
    b.page('message', { type: 'tabula:engine-host-wanted' });
    b.page('message', { type: 'tabula:engine-host-wanted' });
    expect(b.workers).toHaveLength(1);
    expect(b.offers).toEqual([]);
    b.workers[0].say({ type: 'tabula:engine-host-ready' });
    b.page('message', { type: 'tabula:engine-host-wanted' });
    b.page('controllerchange');
    expect(b.offers).toHaveLength(3);
  });

  test('a restart for its host ends the worker and starts another; one for another host is ignored', async () => {
    const b = fakeBrowser();
    await runEngineHost(b.platform);
    b.page('message', { type: 'tabula:engine-host-wanted' });
    b.workers[0].say({ type: 'tabula:engine-host-ready' });
    b.page('message', { type: 'tabula:engine-host-restart', id: 'someone-else' });
    expect(b.workers).toHaveLength(1);
    b.page('message', { type: 'tabula:engine-host-restart', id: 'host-1' });
    expect(b.workers[0].terminated).toBe(true);
    expect(b.workers[1].posted).toEqual([{ type: 'tabula:engine-host-start', id: 'host-2' }]);
    b.workers[1].say({ type: 'tabula:engine-host-ready' });
    expect(b.offers.at(-1)).toEqual({ type: 'tabula:engine-host', id: 'host-2' });
  });

  test('a host that ends by itself after a while is started again; one that ends at once is not', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const b = fakeBrowser();
      await runEngineHost(b.platform);
      b.page('message', { type: 'tabula:engine-host-wanted' });
      b.workers[0].say({ type: 'tabula:engine-host-ready' });
      vi.setSystemTime(Date.now() + 60_000);
      b.dies('host-1');
      expect(b.workers).toHaveLength(2);
      b.workers[1].say({ type: 'tabula:engine-host-ready' });
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      b.dies('host-2');
      expect(b.workers).toHaveLength(2);
      expect(warn).toHaveBeenCalledTimes(1);
      warn.mockRestore();
    } finally {
      vi.useRealTimers();
    }
  });

  test('a host ended on purpose (a restart) is not started twice', async () => {
    const b = fakeBrowser();
    await runEngineHost(b.platform);
    b.page('message', { type: 'tabula:engine-host-wanted' });
    b.workers[0].say({ type: 'tabula:engine-host-ready' });
    b.page('message', { type: 'tabula:engine-host-restart', id: 'host-1' });
    b.dies('host-1');
    expect(b.workers).toHaveLength(2);
  });

  test('while another page runs the host this one waits, and takes over at once when that page closes', async () => {
    const b = fakeBrowser({ otherPageHosts: true });
    const running = runEngineHost(b.platform);
    await new Promise((resolve) => setTimeout(resolve, 0));
    b.page('message', { type: 'tabula:engine-host-wanted' });
    expect(b.workers).toEqual([]);
    b.otherPageCloses();
    await running;
    expect(b.workers[0].posted).toEqual([{ type: 'tabula:engine-host-start', id: 'host-1' }]);
  });

  test('turned off for the profile: nothing starts', async () => {
    const b = fakeBrowser();
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'tabula.engineHost' ? 'off' : null) });
    try {
      await runEngineHost(b.platform);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(b.locks).toEqual([]);
    expect(b.workers).toEqual([]);
  });
});
