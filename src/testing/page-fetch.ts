/**
 * Calling the API from inside a page, so the request goes through the service worker as the
 * console's own would, and learning from Chromium whether the worker answered it. Never call
 * API paths with Playwright's `request` fixture: it sends from the test runner, bypasses the
 * page, and reaches the static server instead (which answers 503 TABULA-NOSERVICEWORKER).
 */
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';

export interface ApiInit {
  method?: string;
  headers?: Record<string, string>;
  /** A string is sent as is; bytes are sent byte for byte. */
  body?: string | Uint8Array;
}

export interface ApiResponse {
  status: number;
  statusText: string;
  /** Lower-case names; repeated headers joined with ", " as `Headers` does. */
  headers: Record<string, string>;
  body: Buffer;
  text: string;
  json<T = any>(): T;
  /** Chromium's own account: the service worker answered, not the network. */
  fromServiceWorker: boolean;
}

export type ApiFetch = (path: string, init?: ApiInit) => Promise<ApiResponse>;

// Pairs the in-page fetch with the response Playwright observed, without relying on
// URL order; the API ignores headers it does not know.
const REQUEST_ID_HEADER = 'x-tabula-e2e-request';

/**
 * A first install precaches the app and the engine's wasm (~6 MB) and evaluates a 1.8 MB
 * worker: a few seconds alone, measured past 15 s on a machine whose two cores other test runs
 * share.
 */
const CONTROL_TIMEOUT_MS = 30_000;

/** Opens `path` (the console, by default) and waits until the service worker controls the page (docs/architecture.md, Platform facts). */
export async function openControlledPage(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  try {
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: CONTROL_TIMEOUT_MS });
  } catch {
    throw new Error(
      `no service worker took control of ${path} within ${CONTROL_TIMEOUT_MS / 1000} s: the console must register /sw.js ` +
        `({type: 'classic'}) and the build must have produced dist/sw.js`,
    );
  }
}

/** `fetch` run inside `page`; the answer with Chromium's account of who answered it. */
export async function apiFetchIn(page: Page, path: string, init: ApiInit = {}): Promise<ApiResponse> {
  const id = randomUUID();
  const observed = page.waitForResponse((r) => r.request().headers()[REQUEST_ID_HEADER] === id, { timeout: 30_000 });
  // If the in-page fetch fails, nobody awaits `observed`; keep its timeout from surfacing later.
  observed.catch(() => undefined);

  const body = init.body;
  const sent = await page.evaluate(
    async ({ path, method, headers, text, base64, idHeader, id }) => {
      const h = new Headers(headers);
      h.set(idHeader, id);
      const bytes = base64 === null ? null : Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const res = await fetch(path, { method, headers: h, body: bytes ?? text ?? undefined });
      const got = new Uint8Array(await res.arrayBuffer());
      let binary = '';
      for (let i = 0; i < got.length; i += 0x8000) binary += String.fromCharCode(...got.subarray(i, i + 0x8000));
      return { status: res.status, statusText: res.statusText, headers: [...res.headers], base64: btoa(binary) };
    },
    {
      path,
      method: init.method ?? 'GET',
      headers: init.headers ?? {},
      text: typeof body === 'string' ? body : null,
      base64: body instanceof Uint8Array ? Buffer.from(body).toString('base64') : null,
      idHeader: REQUEST_ID_HEADER,
      id,
    },
  );
  const response = await observed;
  const bytes = Buffer.from(sent.base64, 'base64');
  const text = bytes.toString('utf8');
  return {
    status: sent.status,
    statusText: sent.statusText,
    headers: Object.fromEntries(sent.headers),
    body: bytes,
    text,
    json: () => JSON.parse(text),
    fromServiceWorker: response.fromServiceWorker(),
  };
}
