/**
 * Offline: after one online visit the console and the database work with no network.
 * The shell comes from the Workbox precache, the API from the service worker over
 * IndexedDB; nothing may need the static server.
 */
import type { Page } from '@playwright/test';
import { test, expect } from 'tabula/testing';

/**
 * Records same-origin requests that failed or were not answered by the worker. Without
 * this, assets still in the HTTP cache from the online visit would hide a missing precache.
 */
function watchNetwork(page: Page): { failed: string[]; notFromWorker: string[] } {
  const failed: string[] = [];
  const notFromWorker: string[] = [];
  const sameOrigin = (url: string) => new URL(url).origin === new URL(page.url()).origin;
  page.on('requestfailed', (r) => {
    const error = r.failure()?.errorText ?? '';
    // A navigation cancels the previous page's requests still in flight (ERR_ABORTED);
    // a request that failed for want of a network reports ERR_INTERNET_DISCONNECTED.
    if (error !== 'net::ERR_ABORTED') failed.push(`${r.url()} ${error}`);
  });
  page.on('response', (r) => {
    if (sameOrigin(r.url()) && !r.fromServiceWorker()) notFromWorker.push(r.url());
  });
  return { failed, notFromWorker };
}

test('after one online visit, the console opens offline and stored documents are readable', async ({ page, tabula }) => {
  const put = await tabula.fetch('/v1/documents?uri=/offline/a.json', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: '{"available":"offline"}',
  });
  expect(put.status).toBe(201);

  await tabula.offline();
  const { failed, notFromWorker } = watchNetwork(page);

  const response = await page.reload();
  expect(response?.status()).toBe(200);
  expect(response?.fromServiceWorker()).toBe(true);
  // The shell rendered from precached scripts, and the console reached the database.
  await expect(page.locator('#root > *').first()).toBeVisible();
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');

  const read = await tabula.fetch('/v1/documents?uri=/offline/a.json');
  expect(read.fromServiceWorker).toBe(true);
  expect(read.status).toBe(200);
  expect(read.json()).toEqual({ available: 'offline' });

  expect(failed, 'requests that failed offline').toEqual([]);
  expect(notFromWorker, 'same-origin responses that did not come from the service worker').toEqual([]);
});

test('offline, a console route opened in the address bar still gets the app shell', async ({ page, tabula }) => {
  await tabula.offline();
  const { failed, notFromWorker } = watchNetwork(page);
  const response = await page.goto('/documents');
  expect(response?.fromServiceWorker()).toBe(true);
  expect(response?.status()).toBe(200);
  await expect(page.locator('#root > *').first()).toBeVisible();
  expect(failed, 'requests that failed offline').toEqual([]);
  expect(notFromWorker, 'same-origin responses that did not come from the service worker').toEqual([]);
});
