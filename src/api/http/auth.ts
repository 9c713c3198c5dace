/**
 * Authentication: establishes the acting user (`c.get('principal')`) from HTTP Digest
 * (RFC 7616, MD5, qop=auth) or Basic credentials, or — in the browser's `application`
 * mode — the default user when no `Authorization` header is sent.
 *
 * Digest as the official MarkLogic Node client speaks it (the official MarkLogic Node.js client):
 * it takes one challenge (from `HEAD /v1/ping` or the first real request) and then reuses
 * that nonce forever with `nc` counting up, and sends as `uri` the request target exactly
 * as it wrote it. So nonces here never expire while used: each is its issue time and a
 * random value plus an HMAC of both under a per-process secret, which lets any nonce this
 * process issued be recognised without remembering it; a nonce from before a restart is
 * refused with `stale=true`. Replays are refused by the counters already used per nonce,
 * in a window that tolerates concurrent requests arriving out of order (./digest-nonces.ts).
 *
 * @example
 * app.use('*', authenticate({ db, auth: 'http' }));
 */
import type { MiddlewareHandler } from 'hono';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { ApiContext, ApiDeps, ApiEnv } from './context';
import { DbError } from '../../db/errors';
import { constantTimeEqual, REALM, type StoredUser } from '../../db/security';
import { NonceTracker } from './digest-nonces';

/**
 * What a host may pass as the second argument of `app.fetch` (Hono's env). The Node
 * host passes the request target as Node received it, before URL normalisation,
 * because that is what Digest clients hash.
 */
export interface HostBindings {
  requestTarget?: string;
  /**
   * Set by the dispatcher, never by a client: the path the request's API path was found under
   * (`/tabula/instances/<name>` for the browser's path form; empty otherwise), so a Location
   * the answer gives leads back to the same instance (src/api/dispatch.ts).
   */
  basePath?: string;
  /** Set by the dispatcher: the instance's `error-format`, for errors whose client names none (src/api/http/negotiate.ts, `errorFormat`). */
  errorFormat?: 'json' | 'xml';
}

const secret = crypto.getRandomValues(new Uint8Array(32));
const mac = (value: string): string => bytesToHex(hmac(sha256, secret, utf8ToBytes(value))).slice(0, 32);
const OPAQUE = mac('opaque');

/** The counters used per nonce, for this process's life (as the secret). */
const nonces = new NonceTracker();

/** 12 hex digits of issue time (ms), 20 random, then the MAC of those 32. */
function issueNonce(): string {
  const value = Date.now().toString(16).padStart(12, '0') + bytesToHex(crypto.getRandomValues(new Uint8Array(10)));
  return value + mac(value);
}

function isIssuedNonce(nonce: string): boolean {
  return /^[0-9a-f]{64}$/.test(nonce) && constantTimeEqual(nonce.slice(32), mac(nonce.slice(0, 32)));
}

const issuedAt = (nonce: string): number => parseInt(nonce.slice(0, 12), 16);

/**
 * The `WWW-Authenticate` challenge sent with a 401 by the `http` auth mode; a fresh nonce
 * each time. `stale`: the credentials were right but the nonce cannot be used (issued
 * before a restart, or no longer tracked), so a client may retry with the new one unprompted.
 */
export function challengeHeaders(stale = false): Record<string, string> {
  return { 'WWW-Authenticate': `Digest realm="${REALM}", qop="auth", nonce="${issueNonce()}", opaque="${OPAQUE}"${stale ? ', stale=true' : ''}` };
}

/** `k=v, k="quoted, \"escaped\""` auth-params, keys lower-cased; undefined when malformed. */
export function parseAuthParams(input: string): Map<string, string> | undefined {
  const params = new Map<string, string>();
  const re = /\s*([^\s=,]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,"]*))\s*(,|$)/y;
  let at = 0;
  while (at < input.length) {
    re.lastIndex = at;
    const m = re.exec(input);
    if (!m) return input.slice(at).trim() === '' ? params : undefined;
    params.set(m[1].toLowerCase(), m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]);
    at = re.lastIndex;
    if (m[4] === '') break;
  }
  return params;
}

/** `user:password` from a Basic token (UTF-8, split at the first colon); undefined when malformed. */
function decodeBasic(token: string): { name: string; password: string } | undefined {
  let text: string;
  try {
    const binary = atob(token.trim());
    text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  } catch {
    return undefined;
  }
  const colon = text.indexOf(':');
  return colon < 0 ? undefined : { name: text.slice(0, colon), password: text.slice(colon + 1) };
}

/** The request target the client addressed: the raw one from the host when known, else path + query. */
function requestTarget(c: ApiContext): string {
  const env: unknown = c.env;
  const raw = (env as HostBindings | undefined)?.requestTarget;
  if (typeof raw === 'string' && raw !== '') return raw;
  const url = new URL(c.req.url);
  return url.pathname + url.search;
}

async function verifyDigest(c: ApiContext, deps: ApiDeps, paramText: string): Promise<StoredUser | undefined> {
  const p = parseAuthParams(paramText);
  if (!p) return undefined;
  const [username, realm, nonce, uri, response, qop, nc, cnonce, opaque] = [
    'username', 'realm', 'nonce', 'uri', 'response', 'qop', 'nc', 'cnonce', 'opaque',
  ].map((k) => p.get(k));
  if (!username || !nonce || !uri || !response || !qop || !nc || !cnonce) return undefined;
  if (realm !== REALM || !/^[0-9a-fA-F]{8}$/.test(nc) || parseInt(nc, 16) === 0) return undefined;
  if (opaque !== undefined && opaque !== OPAQUE) return undefined;
  // The uri field is what the response was computed over; it must name this request,
  // or a captured header could be replayed against another URL.
  if (uri !== requestTarget(c)) return undefined;
  const user = await deps.db.users.checkDigest(username, {
    method: c.req.method,
    uri,
    nonce,
    qop,
    nc,
    cnonce,
    algorithm: p.get('algorithm'),
    response,
  });
  if (!user) return undefined;
  // Counters are recorded only once the password is proven, so nobody else can use them up.
  const verdict = isIssuedNonce(nonce) ? nonces.use(nonce, issuedAt(nonce), parseInt(nc, 16)) : 'stale';
  if (verdict === 'stale') c.set('staleNonce', true);
  return verdict === 'ok' ? user : undefined;
}

async function verify(c: ApiContext, deps: ApiDeps, header: string): Promise<StoredUser | undefined> {
  const space = header.indexOf(' ');
  const scheme = (space < 0 ? header : header.slice(0, space)).toLowerCase();
  const rest = space < 0 ? '' : header.slice(space + 1);
  if (scheme === 'basic') {
    const creds = decodeBasic(rest);
    return creds && deps.db.users.checkBasic(creds.name, creds.password);
  }
  if (scheme === 'digest') return verifyDigest(c, deps, rest);
  return undefined;
}

/**
 * `http` mode: credentials required; a 401 carries a Digest challenge (added by the
 * app's error hook). `application` mode: no Authorization header acts as the default
 * user, and a failed Authorization is a 401 without a challenge, so a browser never
 * pops up a login prompt.
 */
export function authenticate(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    let user: StoredUser | undefined;
    if (header) {
      user = await verify(c, deps, header);
      if (!user) throw new DbError('SEC-AUTHREQUIRED', 'invalid credentials');
    } else if (deps.auth === 'application') {
      user = await deps.db.users.get(deps.defaultUser ?? 'admin');
      if (!user) throw new DbError('SEC-AUTHREQUIRED', `the default user ${deps.defaultUser ?? 'admin'} does not exist`);
    } else {
      throw new DbError('SEC-AUTHREQUIRED', 'credentials required');
    }
    c.set('principal', deps.db.roles.principalOf(user));
    await next();
  };
}
