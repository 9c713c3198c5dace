/**
 * The `tabula` fixture's object: the database in a controlled page, over HTTP through the
 * service worker (docs/testing-kit.md).
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import type { FaultPlan, TabulaStatus } from '../wire/tabula';
import { apiFetchIn, type ApiFetch, type ApiInit, type ApiResponse } from './page-fetch';
import { serviceWorkerControl, type ServiceWorkerControl } from './service-worker-control';

/** A scene to load: a zip file's path, its bytes, or a sample bundled with Tabula by name. */
export type Scene = string | Uint8Array | { sample: string };

export interface Tabula {
  /** Replaces the whole database with a scene (`PUT /tabula/v1/scene`) or a sample (`POST /tabula/v1/samples/{name}`). */
  load(scene: Scene): Promise<void>;
  /** Empties the database (`POST /tabula/v1/reset`). */
  reset(): Promise<void>;
  /** `fetch` inside the page; fails the test unless the service worker answered. */
  fetch: ApiFetch;
  /** Stops the service worker as the browser does an idle one; the next request starts a new one with empty memory (and no faults armed). */
  stopWorker(): Promise<void>;
  /** The running status CDP last reported for each service-worker version (empty before the first {@link stopWorker}). */
  workerStatuses(): string[];
  /** Takes the browser context off the network (or back on). The worker answers the API either way. */
  offline(on?: boolean): Promise<void>;
  /** Resolves once the writes sent so far and the background work they made due are done (`GET /tabula/v1/idle`). */
  idle(): Promise<void>;
  /** Arms faults for the next API requests outside `/tabula/` (`POST /tabula/v1/faults`); `requests` defaults to 1. */
  faults(plan: FaultPlan): Promise<void>;
  /** Disarms them (`DELETE /tabula/v1/faults`). */
  clearFaults(): Promise<void>;
  /** When the worker started and how often its engines were loaded (`GET /tabula/v1/status`). */
  status(): Promise<TabulaStatus>;
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** Fails with the answer's status and body when it is not the one expected. */
function expectStatus(res: ApiResponse, status: number, what: string): void {
  expect(res.status, `${what}: ${res.status} ${res.text}`).toBe(status);
}

/** The request that loads `scene`, and its success status (a scene import answers what it wrote; a sample, nothing). */
async function sceneRequest(scene: Scene): Promise<{ path: string; init: ApiInit; status: number }> {
  if (typeof scene === 'object' && !(scene instanceof Uint8Array)) {
    return { path: `/tabula/v1/samples/${encodeURIComponent(scene.sample)}`, init: { method: 'POST' }, status: 204 };
  }
  const bytes = typeof scene === 'string' ? new Uint8Array(await readFile(scene)) : scene;
  return { path: '/tabula/v1/scene', init: { method: 'PUT', headers: { 'content-type': 'application/zip' }, body: bytes }, status: 200 };
}

/** The `tabula` fixture's object over a controlled page. */
export function tabulaIn(page: Page): Tabula & { dispose(): Promise<void> } {
  let control: Promise<ServiceWorkerControl> | undefined;
  const workerControl = () => (control ??= page.context().newCDPSession(page).then((cdp) => serviceWorkerControl(cdp, 10_000)));
  let statuses: () => string[] = () => [];
  const fetch: ApiFetch = async (path, init) => {
    const res = await apiFetchIn(page, path, init);
    expect(res.fromServiceWorker, `${init?.method ?? 'GET'} ${path} answered by the service worker`).toBe(true);
    return res;
  };
  const call = async (what: string, path: string, init: ApiInit, status: number) => {
    const res = await fetch(path, init);
    expectStatus(res, status, what);
    return res;
  };
  return {
    fetch,
    async load(scene) {
      const { path, init, status } = await sceneRequest(scene);
      await call(`loading ${typeof scene === 'string' ? scene : 'a scene'}`, path, init, status);
    },
    reset: async () => void (await call('reset', '/tabula/v1/reset', { method: 'POST' }, 204)),
    async stopWorker() {
      const c = await workerControl();
      statuses = c.statuses;
      await c.stop();
    },
    workerStatuses: () => statuses(),
    offline: (on = true) => page.context().setOffline(on),
    idle: async () => void (await call('idle', '/tabula/v1/idle', {}, 204)),
    faults: async (plan) => void (await call('arming faults', '/tabula/v1/faults', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(plan) }, 200)),
    clearFaults: async () => void (await call('clearing faults', '/tabula/v1/faults', { method: 'DELETE' }, 204)),
    status: async () => (await call('status', '/tabula/v1/status', {}, 200)).json<TabulaStatus>(),
    async dispose() {
      if (control) await (await control).detach().catch(() => undefined);
    },
  };
}
