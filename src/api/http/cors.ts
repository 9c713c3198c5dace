/**
 * CORS for the Node host, so the console (served from another port) can target
 * `npm run serve`. Only loopback origins are allowed: the host listens on 127.0.0.1
 * with well-known seeded passwords, and a page from anywhere else must not drive it.
 * Preflights are answered before authentication, as browsers send them without
 * credentials.
 */
import { cors } from 'hono/cors';

const LOOPBACK_ORIGIN = /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/;

export const loopbackCors = () =>
  cors({
    origin: (origin) => (LOOPBACK_ORIGIN.test(origin) ? origin : null),
    allowMethods: ['GET', 'HEAD', 'PUT', 'POST', 'PATCH', 'DELETE'],
    allowHeaders: ['Authorization', 'Content-Type', 'Accept', 'X-Error-Accept', 'X-HTTP-Method-Override', 'If-Match', 'If-None-Match', 'Range', 'Tabula-Request-Id'],
    exposeHeaders: ['Location', 'ETag', 'Content-Range', 'vnd.marklogic.document-format', 'ML-Effective-Timestamp', 'WWW-Authenticate'],
    maxAge: 600,
  });
