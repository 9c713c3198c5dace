/**
 * Durability (docs/architecture.md, Storage and durability): a write is acknowledged only after
 * its IndexedDB transaction committed, and a request that fails changes nothing. The
 * browser stops an idle service worker at any moment and Playwright keeps it alive, so
 * these tests stop it themselves (CDP) right after each acknowledgement and read
 * everything back through a fresh worker with empty memory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, apiFetchIn, openControlledPage, type ApiFetch } from 'tabula/testing';
import { buildMultipart, quoteParam } from '../src/client/multipart';

const docPath = (uri: string) => `/v1/documents?uri=${encodeURIComponent(uri)}`;

async function putJson(api: ApiFetch, uri: string, value: unknown): Promise<void> {
  const res = await api(docPath(uri), { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
  expect(res.fromServiceWorker).toBe(true);
  expect(res.status, `PUT ${uri}`).toBe(201);
}

async function bulkPost(api: ApiFetch, parts: { uri: string; body: string; type?: string }[]) {
  const { body, contentType } = buildMultipart(
    parts.map((p) => ({
      headers: { 'Content-Type': p.type ?? 'application/json', 'Content-Disposition': `attachment; filename=${quoteParam(p.uri)}` },
      body: p.body,
    })),
  );
  const res = await api('/v1/documents', {
    method: 'POST',
    headers: { 'content-type': contentType, accept: 'application/json' },
    body: new Uint8Array(await body.arrayBuffer()),
  });
  expect(res.fromServiceWorker).toBe(true);
  return res;
}

async function expectDocument(api: ApiFetch, uri: string, value: unknown): Promise<void> {
  const res = await api(docPath(uri));
  expect(res.fromServiceWorker).toBe(true);
  expect(res.status, `GET ${uri}`).toBe(200);
  expect(res.json()).toEqual(value);
}

test('every single PUT acknowledged before the worker is stopped is still there', async ({ tabula }) => {
  const uris = Array.from({ length: 12 }, (_, i) => `/durable/single-${i}.json`);
  for (const [i, uri] of uris.entries()) {
    await putJson(tabula.fetch, uri, { i, note: `written before stop ${i}` });
    await tabula.stopWorker();
  }
  for (const [i, uri] of uris.entries()) await expectDocument(tabula.fetch, uri, { i, note: `written before stop ${i}` });
  // The reads above were answered by a worker that had to start again.
  expect(tabula.workerStatuses()).toContain('running');
});

test('a bulk write acknowledged before the worker is stopped is there in full', async ({ tabula }) => {
  const parts = Array.from({ length: 300 }, (_, i) => ({ uri: `/durable/bulk-${i}.json`, body: JSON.stringify({ i, pad: 'x'.repeat(200) }) }));
  const res = await bulkPost(tabula.fetch, parts);
  expect(res.status).toBe(200);
  await tabula.stopWorker();

  for (const p of parts) await expectDocument(tabula.fetch, p.uri, JSON.parse(p.body));
});

test('a bulk write with one malformed JSON part fails and leaves nothing behind', async ({ tabula }) => {
  const good = Array.from({ length: 5 }, (_, i) => ({ uri: `/atomic/ok-${i}.json`, body: JSON.stringify({ i }) }));
  const res = await bulkPost(tabula.fetch, [...good.slice(0, 3), { uri: '/atomic/bad.json', body: '{"unterminated": ' }, ...good.slice(3)]);
  expect(res.status).toBe(400);
  expect(res.json().errorResponse.statusCode).toBe(400);
  await tabula.stopWorker();

  for (const uri of [...good.map((g) => g.uri), '/atomic/bad.json']) {
    const read = await tabula.fetch(docPath(uri));
    expect(read.fromServiceWorker).toBe(true);
    expect(read.status, `GET ${uri} after the failed bulk write`).toBe(404);
  }
});

test('writes acknowledged before the browser closes are there when it starts again on the same profile', async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  // A persistent profile keeps IndexedDB on disk, unlike the default in-memory contexts.
  const profile = mkdtempSync(join(tmpdir(), 'tabula-e2e-profile-'));
  try {
    const first = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, headless: true, baseURL });
    const page1 = first.pages()[0] ?? (await first.newPage());
    await openControlledPage(page1);
    const api1: ApiFetch = (path, init) => apiFetchIn(page1, path, init);
    await putJson(api1, '/disk/single.json', { on: 'disk' });
    expect((await bulkPost(api1, [{ uri: '/disk/bulk.json', body: '{"bulk":true}' }])).status).toBe(200);
    await first.close();

    const second = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, headless: true, baseURL });
    try {
      const page2 = second.pages()[0] ?? (await second.newPage());
      await openControlledPage(page2);
      const api2: ApiFetch = (path, init) => apiFetchIn(page2, path, init);
      await expectDocument(api2, '/disk/single.json', { on: 'disk' });
      await expectDocument(api2, '/disk/bulk.json', { bulk: true });
    } finally {
      await second.close();
    }
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});
