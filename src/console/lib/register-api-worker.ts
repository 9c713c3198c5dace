/**
 * Starts this browser's database: registers the service worker that answers
 * `/v1/*` and resolves once it controls the page. `ready` resolving is not enough —
 * requests are only intercepted once `navigator.serviceWorker.controller` is set
 * (docs/architecture.md, Platform facts) — so until then no API call may be made.
 */
import { initialStartup, isStartupMessage, reduceStartup, type StartupEvent, type StartupState } from './startup-progress';

/** The part of `ServiceWorkerContainer` this module uses (a fake one in tests). */
export type WorkerContainer = Pick<ServiceWorkerContainer, 'register' | 'controller' | 'ready' | 'addEventListener' | 'removeEventListener'>;

export interface RegisterOptions {
  scriptUrl?: string;
  /** How long to wait for control after the worker is active. */
  controlTimeoutMs?: number;
  /**
   * What to do when an active worker does not take control, which happens after a
   * hard reload (Shift+Reload bypasses the worker for that page): a normal reload
   * fixes it, but only one may be tried, or a broken worker would loop the page.
   */
  reloader?: Reloader;
}

export interface Reloader {
  /** Reloads the page and returns true, or returns false when a reload was already tried. */
  reload(): boolean;
  /** The page is controlled: a later failure may try a reload again. */
  reset(): void;
}

export class ApiWorkerError extends Error {
  override readonly name = 'ApiWorkerError';
}

/**
 * A classic worker for the whole origin: Chromium keeps V8's code cache for a classic service
 * worker's script and not for a module one, which made every worker start compile the 2 MB
 * script again (docs/decisions/0031-classic-service-worker.md). A registration made as a
 * module by an older console changes type on this call, which the browser treats as an update.
 */
const WORKER_OPTIONS: RegistrationOptions = { type: 'classic', scope: '/' };

export async function registerApiWorker(
  container: WorkerContainer | undefined = globalThis.navigator?.serviceWorker,
  { scriptUrl = '/sw.js', controlTimeoutMs = 10_000, reloader = pageReloader }: RegisterOptions = {},
): Promise<void> {
  await waitForControl(container, scriptUrl, controlTimeoutMs, reloader);
  reloader.reset();
}

async function waitForControl(container: WorkerContainer | undefined, scriptUrl: string, controlTimeoutMs: number, reloader: Reloader) {
  if (!container) {
    throw new ApiWorkerError(
      'This browser cannot run the database here: service workers are unavailable ' +
        '(they need a secure context — https or http://localhost — and are disabled in some private modes).',
    );
  }
  if (container.controller) {
    // Already controlled (a reload): still register, which is how the browser checks for an updated worker.
    container.register(scriptUrl, WORKER_OPTIONS).catch(() => {});
    return;
  }

  const controlled = new Promise<void>((resolve) => {
    const onChange = () => {
      if (!container.controller) return;
      container.removeEventListener('controllerchange', onChange);
      resolve();
    };
    container.addEventListener('controllerchange', onChange);
  });

  let registration: ServiceWorkerRegistration;
  try {
    registration = await container.register(scriptUrl, WORKER_OPTIONS);
  } catch (err) {
    throw new ApiWorkerError(`The database service worker could not be registered: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (container.controller) return;

  const failed = new Promise<never>((_, reject) => {
    const worker = registration.installing ?? registration.waiting;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'redundant') reject(new ApiWorkerError('The database service worker failed to install; see the browser console.'));
    });
  });
  failed.catch(() => {}); // may reject after we are done waiting; nobody listens then

  await Promise.race([container.ready, failed]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), controlTimeoutMs);
  });
  const outcome = await Promise.race([controlled, failed, timedOut]).finally(() => clearTimeout(timer));
  if (outcome !== 'timeout') return;
  // The page is about to go away; never resolve, so nothing renders in between.
  if (reloader.reload()) return new Promise<never>(() => {});
  throw new ApiWorkerError('The database service worker is active but does not control this page. Reload the page.');
}

const RELOAD_FLAG = 'tabula.reloaded-for-worker';

const pageReloader: Reloader = {
  reload() {
    try {
      if (sessionStorage.getItem(RELOAD_FLAG)) return false;
      sessionStorage.setItem(RELOAD_FLAG, '1');
    } catch {
      return false;
    }
    window.location.reload();
    return true;
  },
  reset() {
    try {
      sessionStorage.removeItem(RELOAD_FLAG);
    } catch {
      // Storage disabled: there is no flag to clear.
    }
  },
};

/** The start's progress as a small store the worker gate subscribes to. */
export interface StartupStore {
  get(): StartupState;
  subscribe(listener: () => void): () => void;
}

export interface StartOptions {
  container?: WorkerContainer;
  /** Where the worker's install progress arrives (`tabula:startup`); none where BroadcastChannel is missing. */
  channel?: Pick<BroadcastChannel, 'addEventListener' | 'postMessage' | 'close'>;
  /** Opens the database once the worker controls the page (a first request does). */
  open?: () => Promise<void>;
  register?: typeof registerApiWorker;
}

/**
 * Starts this browser's database and follows it: the worker registered, its install's bytes
 * (posted by the worker, sw/install-progress.ts), control, then the database open. `ready`
 * resolves when requests may go. A page the worker already controls (any visit after the first)
 * skips the open: its first request opens the database, as it always did.
 */
export function startApiWorker({
  container = globalThis.navigator?.serviceWorker,
  channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('tabula:startup'),
  open = openLocalDatabase,
  register = registerApiWorker,
}: StartOptions = {}): { ready: Promise<void>; startup: StartupStore } {
  let state = initialStartup;
  const listeners = new Set<() => void>();
  const dispatch = (event: StartupEvent) => {
    const next = reduceStartup(state, event);
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };
  const wasControlled = !!container?.controller;
  channel?.addEventListener('message', (event: MessageEvent) => {
    if (isStartupMessage(event.data)) dispatch({ type: 'worker', message: event.data });
  });
  // A worker already installing (this page opened while another tab's visit installs it) says where it is.
  channel?.postMessage({ type: 'tabula:startup?' });

  const ready = (async () => {
    try {
      await register(container);
      dispatch({ type: 'controlled' });
      if (!wasControlled) await open();
      dispatch({ type: 'opened' });
    } catch (error) {
      dispatch({ type: 'failed', error });
      throw error;
    } finally {
      channel?.close();
    }
  })();
  return {
    ready,
    startup: {
      get: () => state,
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
}

/**
 * The first request to the worker opens the database (src/api/host.ts): Tabula's status, a path
 * of its own that armed faults (`/tabula/v1/faults`) never touch, on this origin whatever server
 * the console is connected to — the database being opened is this browser's.
 */
async function openLocalDatabase(): Promise<void> {
  const res = await fetch('/tabula/v1/status', { headers: { Accept: 'application/json' } });
  await res.body?.cancel();
  if (!res.ok) throw new ApiWorkerError(`This browser's database could not be opened (${res.status} ${res.statusText}).`);
}
