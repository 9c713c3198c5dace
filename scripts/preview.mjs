#!/usr/bin/env node
/**
 * The static server behind `npm start` (and the e2e tests and benchmarks): serves the
 * built console and service worker from dist/ on 127.0.0.1:$PORT (default 4173).
 *
 * It holds no database. The service worker answers every API path once it controls the
 * page; an API request that reaches this server came from an uncontrolled page, so it
 * gets a 503 errorResponse saying so instead of an HTML 404 or the app shell.
 *
 * Plain JavaScript so `node` runs it with no build step; the API path test and the
 * message code mirror src/api/app.ts and src/db/errors.ts (test/preview-server.test.ts
 * checks they agree).
 */
import { createServer } from 'node:http';
import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

export const mimeTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  // instantiateStreaming refuses any other type.
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.ttl': 'text/turtle; charset=utf-8',
  '.nt': 'application/n-triples; charset=utf-8',
  '.nq': 'application/n-quads; charset=utf-8',
  '.trig': 'application/trig; charset=utf-8',
  '.rdf': 'application/rdf+xml; charset=utf-8',
  '.jsonld': 'application/ld+json; charset=utf-8',
};

/** Same rule as `isApiPath` in src/api/app.ts. */
export const isApiPath = (pathname) =>
  /^\/(v1|LATEST|manage|tabula)(\/|$)/.test(pathname) || /^\/([^/]+\/)?ping\/?$/.test(pathname);

/** Same code, status and message format as `new DbError('TABULA-NOSERVICEWORKER', detail)`. */
export function noServiceWorkerBody(method, pathname) {
  const detail = `${method} ${pathname}: open the console at / and let its service worker take control of the page`;
  return {
    errorResponse: {
      statusCode: 503,
      status: 'Service Unavailable',
      messageCode: 'TABULA-NOSERVICEWORKER',
      message: `TABULA-NOSERVICEWORKER: (err:FOER0000) The database runs in the service worker, which did not answer this request: ${detail}`,
    },
  };
}

// sw.js must be revalidated on every check or an update is missed for up to 24 h;
// index.html names the current hashed assets. Vite's assets/ are content-hashed.
function cacheControl(relPath) {
  if (relPath.startsWith(`assets${sep}`) || relPath.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/**
 * @param {{ root?: string }} [options] the directory to serve (default: dist/ next to scripts/)
 * @returns {import('node:http').Server}
 */
export function createPreviewServer({ root = resolve(here, '..', 'dist') } = {}) {
  const base = resolve(root);

  async function fileAt(relPath) {
    const full = normalize(join(base, relPath));
    if (full !== base && !full.startsWith(base + sep)) return undefined; // `..` escapes
    const info = await stat(full).catch(() => undefined);
    if (info?.isDirectory()) return fileAt(join(relPath, 'index.html'));
    return info?.isFile() ? { full, size: info.size, relPath: full.slice(base.length + 1) } : undefined;
  }

  return createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const method = req.method ?? 'GET';
      let pathname;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        pathname = url.pathname;
      }

      if (isApiPath(url.pathname)) {
        const body = JSON.stringify(noServiceWorkerBody(method, url.pathname));
        res.writeHead(503, 'Service Unavailable', {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          'cache-control': 'no-store',
        });
        res.end(method === 'HEAD' ? undefined : body);
        req.resume();
        return;
      }

      if (method !== 'GET' && method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
        res.end('Method Not Allowed\n');
        req.resume();
        return;
      }

      let file = await fileAt(pathname);
      // Console routes are client-side; a path that names a file (has an extension) and
      // is missing is a real 404, not the app shell.
      if (!file && extname(pathname) === '') file = await fileAt('index.html');
      if (!file) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' });
        res.end(method === 'HEAD' ? undefined : `Not Found: ${pathname}\n`);
        return;
      }

      res.writeHead(200, {
        'content-type': mimeTypes[extname(file.full).toLowerCase()] ?? 'application/octet-stream',
        'content-length': file.size,
        'cache-control': cacheControl(file.relPath),
        'x-content-type-options': 'nosniff',
      });
      if (method === 'HEAD') {
        res.end();
        return;
      }
      createReadStream(file.full).on('error', () => res.destroy()).pipe(res);
    } catch (err) {
      console.error('[preview]', req.method, req.url, err);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error\n');
    }
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const port = Number(process.env.PORT ?? 4173);
  const host = '127.0.0.1';
  const server = createPreviewServer();
  if (!existsSync(resolve(here, '..', 'dist', 'index.html'))) {
    console.error('[preview] dist/index.html is missing: run `npm run build` first');
    process.exit(1);
  }
  server.on('error', (err) => {
    console.error(`[preview] cannot listen on http://${host}:${port}: ${err.message}`);
    process.exit(1);
  });
  server.listen(port, host, () => console.log(`Tabula: http://${host}:${port}/ (serving dist/)`));
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      server.close(() => process.exit(0));
      server.closeAllConnections();
    });
  }
}
