/**
 * The service worker's own wiring, independent of any endpoint family: it answers API
 * paths (fetches and navigations), renders failures as MarkLogic error bodies, and
 * leaves everything else to the precached app shell.
 */
import { test, expect, apiFetchIn } from 'tabula/testing';

test('answers GET /v1/ping from the service worker', async ({ tabula }) => {
  const res = await tabula.fetch('/v1/ping');
  expect(res.fromServiceWorker).toBe(true);
  expect(res.status).toBe(204);
});

for (const { name, path } of [
  { name: 'answers an unknown /v1 path with a JSON 404 errorResponse from the service worker', path: '/v1/no-such-endpoint' },
  { name: 'answers an unknown /LATEST path like /v1', path: '/LATEST/no-such-endpoint' },
]) {
  test(name, async ({ tabula }) => {
    const res = await tabula.fetch(path, { headers: { accept: 'application/json' } });
    expect(res.fromServiceWorker).toBe(true);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().errorResponse).toMatchObject({ statusCode: 404, messageCode: 'REST-NOSUCHPATH' });
  });
}

test('an API URL opened in the address bar is answered by the API, not the app shell', async ({ page }) => {
  const response = await page.goto('/v1/no-such-endpoint');
  expect(response?.fromServiceWorker()).toBe(true);
  expect(response?.status()).toBe(404);
  // A navigation accepts text/html first, so the error comes as MarkLogic's HTML page.
  await expect(page.locator('body')).toContainText('REST-NOSUCHPATH');
});

test('a console route opened in the address bar gets the precached app shell', async ({ page }) => {
  const response = await page.goto('/some/console/route');
  expect(response?.fromServiceWorker()).toBe(true);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toMatch(/^text\/html/);
});

test('a request the service worker does not see reaches the static server and gets a 503 errorResponse', async ({ browser }) => {
  // A page with service workers blocked stands for any page the worker does not control yet.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto('/');
    const res = await apiFetchIn(page, '/v1/ping');
    expect(res.fromServiceWorker).toBe(false);
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().errorResponse).toMatchObject({ statusCode: 503, messageCode: 'TABULA-NOSERVICEWORKER' });
  } finally {
    await context.close();
  }
});

test('while the database cannot be opened, API requests get a 500 errorResponse; once it can, they succeed', async ({ context }) => {
  const page = await context.newPage();
  // A same-origin page the console does not run in, so nothing opens the database first.
  await page.goto('/not-the-console.txt');
  // A newer version than the worker's schema makes its open fail with a VersionError.
  // The name is Database.open's IndexedDB name for the 'Documents' database.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const req = indexedDB.open('tabula:Documents', 999_999);
        req.onsuccess = () => (req.result.close(), resolve());
        req.onerror = () => reject(req.error);
      }),
  );
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js', { type: 'module' }).then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  const failed = await apiFetchIn(page, '/v1/ping', { headers: { accept: 'application/json' } });
  expect(failed.fromServiceWorker).toBe(true);
  expect(failed.status).toBe(500);
  expect(failed.json().errorResponse).toMatchObject({ statusCode: 500, messageCode: 'RESTAPI-INTERNALERROR' });
  expect(failed.json().errorResponse.message).toContain('the database could not be opened');

  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const req = indexedDB.deleteDatabase('tabula:Documents');
        req.onsuccess = () => resolve();
        req.onerror = () => reject(req.error);
      }),
  );
  const ok = await apiFetchIn(page, '/v1/ping');
  expect(ok.fromServiceWorker).toBe(true);
  expect(ok.status).toBe(204);
});

test('a worker registered as a module (by an older console) is updated to the classic one, and both answer', async ({ context }) => {
  const page = await context.newPage();
  await page.goto('/not-the-console.txt');
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js', { type: 'module' }).then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const asModule = await apiFetchIn(page, '/v1/ping');
  expect(asModule.fromServiceWorker).toBe(true);
  expect(asModule.status).toBe(204);

  // What the console does now (src/console/lib/register-api-worker.ts): the type differs, so
  // the browser installs the script again as a classic worker, which claims the page.
  const replaced = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), { once: true });
        void navigator.serviceWorker.register('/sw.js', { type: 'classic', scope: '/' });
      }),
  );
  expect(replaced).toBe(true);
  const asClassic = await apiFetchIn(page, '/v1/ping');
  expect(asClassic.fromServiceWorker).toBe(true);
  expect(asClassic.status).toBe(204);
});
