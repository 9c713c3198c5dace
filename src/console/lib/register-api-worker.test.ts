import { describe, expect, test, vi } from 'vitest';
import { ApiWorkerError, registerApiWorker, startApiWorker, type Reloader, type WorkerContainer } from './register-api-worker';

/** A stand-in for navigator.serviceWorker whose worker takes control when told to. */
function fakeContainer({ controlled = false, registerError }: { controlled?: boolean; registerError?: Error } = {}) {
  const events = new EventTarget();
  const worker = Object.assign(new EventTarget(), { state: 'installing' as ServiceWorkerState });
  const registration = { installing: worker, waiting: null } as unknown as ServiceWorkerRegistration;
  let resolveReady!: (r: ServiceWorkerRegistration) => void;
  const container = {
    controller: controlled ? ({} as ServiceWorker) : null,
    ready: new Promise<ServiceWorkerRegistration>((r) => (resolveReady = r)),
    register: vi.fn(async () => {
      if (registerError) throw registerError;
      return registration;
    }),
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
  };
  return {
    container: container as unknown as WorkerContainer,
    register: container.register,
    activate() {
      worker.state = 'activated';
      resolveReady(registration);
    },
    takeControl() {
      container.controller = {} as ServiceWorker;
      events.dispatchEvent(new Event('controllerchange'));
    },
    failInstall() {
      worker.state = 'redundant';
      worker.dispatchEvent(new Event('statechange'));
    },
  };
}

const reloader = (allowed: boolean): Reloader & { reloads: number; resets: number } => ({
  reloads: 0,
  resets: 0,
  reload() {
    this.reloads++;
    return allowed;
  },
  reset() {
    this.resets++;
  },
});

const settle = async <T>(p: Promise<T>, ms = 50) =>
  Promise.race([p.then(() => 'resolved', (e: unknown) => e), new Promise((r) => setTimeout(() => r('pending'), ms))]);

describe('registerApiWorker', () => {
  test('registers /sw.js as a classic worker for the whole origin', async () => {
    const fake = fakeContainer();
    const started = registerApiWorker(fake.container, { reloader: reloader(false) });
    await settle(started, 5);
    fake.activate();
    fake.takeControl();
    await started;
    expect(fake.register).toHaveBeenCalledWith('/sw.js', { type: 'classic', scope: '/' });
  });

  test('stays pending while the worker is active but not yet in control', async () => {
    const fake = fakeContainer();
    const started = registerApiWorker(fake.container, { reloader: reloader(false) });
    fake.activate();
    expect(await settle(started)).toBe('pending');
    fake.takeControl();
    expect(await settle(started)).toBe('resolved');
  });

  test('resolves at once when the page is already controlled, still checking for an update', async () => {
    const fake = fakeContainer({ controlled: true });
    const r = reloader(false);
    expect(await settle(registerApiWorker(fake.container, { reloader: r }))).toBe('resolved');
    expect(fake.register).toHaveBeenCalledTimes(1);
    expect(r.resets).toBe(1);
  });

  test('fails with a clear message when service workers are unavailable', async () => {
    await expect(registerApiWorker(undefined)).rejects.toThrow(/service workers are unavailable/);
  });

  test('fails when registration is refused', async () => {
    const fake = fakeContainer({ registerError: new Error('SecurityError: bad MIME type') });
    const err = await registerApiWorker(fake.container, { reloader: reloader(false) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiWorkerError);
    expect((err as Error).message).toBe('The database service worker could not be registered: SecurityError: bad MIME type');
  });

  test('fails when the worker cannot install', async () => {
    const fake = fakeContainer();
    const started = registerApiWorker(fake.container, { reloader: reloader(false) });
    await settle(started, 5);
    fake.failInstall();
    await expect(started).rejects.toThrow(/failed to install/);
  });

  test('reloads once when an active worker never takes control, then gives up with an error', async () => {
    const first = fakeContainer();
    const allowed = reloader(true);
    const reloading = registerApiWorker(first.container, { controlTimeoutMs: 10, reloader: allowed });
    first.activate();
    expect(await settle(reloading, 60)).toBe('pending');
    expect(allowed.reloads).toBe(1);

    const second = fakeContainer();
    const refused = reloader(false);
    const giveUp = registerApiWorker(second.container, { controlTimeoutMs: 10, reloader: refused });
    second.activate();
    await expect(giveUp).rejects.toThrow(/does not control this page/);
  });
});

describe('startApiWorker', () => {
  /** The `tabula:startup` channel as the page sees it: the test posts what the worker would. */
  function fakeChannel() {
    const target = new EventTarget();
    const sent: unknown[] = [];
    return {
      channel: {
        addEventListener: target.addEventListener.bind(target) as BroadcastChannel['addEventListener'],
        postMessage: (m: unknown) => sent.push(m),
        close: vi.fn(),
      },
      sent,
      fromWorker: (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data })),
    };
  }

  test('a first visit: the worker\'s bytes, control, then the database opens before requests may go', async () => {
    const fake = fakeContainer();
    const channel = fakeChannel();
    let openDatabase!: () => void;
    const open = vi.fn(() => new Promise<void>((r) => (openDatabase = r)));
    const { ready, startup } = startApiWorker({ container: fake.container, channel: channel.channel, open, register: (c) => registerApiWorker(c, { reloader: reloader(false) }) });
    expect(channel.sent).toEqual([{ type: 'tabula:startup?' }]);
    expect(startup.get().stage).toBe('register');

    channel.fromWorker({ type: 'tabula:startup', phase: 'downloading', received: 300, total: 1000, file: '/web_bg.wasm' });
    expect(startup.get()).toMatchObject({ stage: 'download', received: 300, total: 1000 });
    channel.fromWorker({ type: 'something else' });
    expect(startup.get().received).toBe(300);

    fake.activate();
    fake.takeControl();
    await settle(ready, 5);
    expect(startup.get().stage).toBe('open');
    expect(open).toHaveBeenCalledTimes(1);
    expect(await settle(ready)).toBe('pending');
    openDatabase();
    expect(await settle(ready)).toBe('resolved');
    expect(startup.get().stage).toBe('ready');
    expect(channel.channel.close).toHaveBeenCalled();
  });

  test('a page already controlled does not wait for an open: its first request opens the database', async () => {
    const fake = fakeContainer({ controlled: true });
    const open = vi.fn(async () => {});
    const { ready, startup } = startApiWorker({ container: fake.container, channel: fakeChannel().channel, open, register: (c) => registerApiWorker(c, { reloader: reloader(false) }) });
    await ready;
    expect(open).not.toHaveBeenCalled();
    expect(startup.get().stage).toBe('ready');
  });

  test('a database that cannot open fails the start, with its error', async () => {
    const fake = fakeContainer();
    const error = new ApiWorkerError('no storage');
    const { ready, startup } = startApiWorker({
      container: fake.container,
      channel: fakeChannel().channel,
      open: () => Promise.reject(error),
      register: (c) => registerApiWorker(c, { reloader: reloader(false) }),
    });
    fake.activate();
    fake.takeControl();
    await expect(ready).rejects.toBe(error);
    expect(startup.get()).toMatchObject({ stage: 'failed', error });
  });
});
