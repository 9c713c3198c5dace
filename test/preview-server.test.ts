/**
 * The static server behind `npm start` (scripts/preview.mjs), over a throwaway dist/.
 * It is plain JavaScript, so these tests also pin the two things it mirrors from the
 * TypeScript sources: which paths are API paths, and the 503 error's code and shape.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createPreviewServer, isApiPath as previewIsApiPath } from '../scripts/preview.mjs';
import { isApiPath } from '../src/api/app';
import { catalogue, formatMessage, statusTexts } from '../src/db/errors';

let root: string;
let server: Server;
let origin: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'tabula-preview-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log(1);');
  writeFileSync(join(root, 'assets', 'web_bg-abc.wasm'), new Uint8Array([0, 97, 115, 109]));
  writeFileSync(join(root, 'manifest.webmanifest'), '{}');
  writeFileSync(join(tmpdir(), 'outside-preview-root.txt'), 'secret');
  server = createPreviewServer({ root });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(root, { recursive: true, force: true });
});

describe('the preview server', () => {
  test.for([
    '/v1/documents', '/v1', '/v1/', '/LATEST/search', '/manage/v2/databases', '/v1/ping', '/ping',
    '/x/ping', '/', '/index.html', '/documents', '/v10/x', '/assets/app.js', '/sw.js', '/pingpong', '/a/b/ping', '/tabula/v1/reset', '/tabula', '/tabulas',
  ])('classifies %s as an API path exactly as the handler does', (path) => {
    expect(previewIsApiPath(path)).toBe(isApiPath(path));
  });

  test.for([
    { name: 'serves index.html at / without caching it', path: '/', status: 200, type: 'text/html; charset=utf-8', cache: 'no-cache' },
    { name: 'serves the service worker as JavaScript, revalidated every time', path: '/sw.js', status: 200, type: 'text/javascript; charset=utf-8', cache: 'no-cache' },
    { name: 'serves hashed assets as immutable', path: '/assets/index-abc123.js', status: 200, type: 'text/javascript; charset=utf-8', cache: 'public, max-age=31536000, immutable' },
    { name: 'serves wasm as application/wasm', path: '/assets/web_bg-abc.wasm', status: 200, type: 'application/wasm', cache: 'public, max-age=31536000, immutable' },
    { name: 'serves the web manifest with its media type', path: '/manifest.webmanifest', status: 200, type: 'application/manifest+json; charset=utf-8', cache: 'no-cache' },
    { name: 'falls back to the app shell for a console route', path: '/documents/edit', status: 200, type: 'text/html; charset=utf-8', cache: 'no-cache' },
    { name: 'answers 404 for a missing file with an extension', path: '/missing.png', status: 404, type: 'text/plain; charset=utf-8', cache: 'no-cache' },
  ])('$name', async ({ path, status, type, cache }) => {
    const res = await fetch(origin + path);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('cache-control')).toBe(cache);
  });

  test('never serves a file outside its root', async () => {
    const res = await fetch(`${origin}/..%2Foutside-preview-root.txt`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('secret');
  });

  test('answers HEAD with the headers of GET and no body', async () => {
    const res = await fetch(`${origin}/assets/index-abc123.js`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String('console.log(1);'.length));
    expect(await res.text()).toBe('');
  });

  test.for([
    { name: 'answers an API GET that reached it with a 503 JSON errorResponse', method: 'GET', path: '/v1/documents?uri=/a.json' },
    { name: 'answers an API PUT that reached it with a 503 JSON errorResponse', method: 'PUT', path: '/v1/documents?uri=/a.json' },
    { name: 'answers /LATEST paths like /v1 paths', method: 'GET', path: '/LATEST/ping' },
  ])('$name', async ({ method, path }) => {
    const res = await fetch(origin + path, { method, body: method === 'PUT' ? '{}' : undefined });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const { errorResponse } = await res.json();
    const code = 'TABULA-NOSERVICEWORKER' as const;
    expect(Object.keys(errorResponse)).toEqual(['statusCode', 'status', 'messageCode', 'message']);
    expect(errorResponse).toMatchObject({ statusCode: catalogue[code].status, status: statusTexts[503], messageCode: code });
    expect(errorResponse.message.startsWith(`${formatMessage(code, '')}: ${method} `)).toBe(true);
  });

  test('refuses writes to static paths with 405', async () => {
    const res = await fetch(`${origin}/index.html`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});
