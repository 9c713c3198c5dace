/**
 * Digest replay protection against the Node host, checked with the official client
 * (marklogic 3.7.1): it reuses one nonce for its whole life, counts nc up on every
 * request and sends many at once, so the server's per-nonce counter window must accept
 * its out-of-order counters — while a byte-for-byte replayed request is refused.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { officialClientHost, type Pending } from './official-client-support';

interface DatabaseClient {
  documents: {
    write(doc: { uri: string; content: unknown; contentType: string }): Pending<unknown>;
    read(uri: string): Pending<Array<{ content: unknown }>>;
  };
  release(): void;
}

const host = officialClientHost<DatabaseClient>();
beforeAll(() => host.start());
afterAll(() => host.stop());

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** A Digest Authorization header computed here, independently of the server. */
function digestHeader(challenge: string, user: string, method: string, uri: string, nc: number): string {
  const field = (k: string) => new RegExp(`${k}="([^"]*)"`).exec(challenge)?.[1] ?? '';
  const ncHex = nc.toString(16).padStart(8, '0');
  const cnonce = 'feedface';
  const ha1 = md5(`${user}:${field('realm')}:${user}`);
  const response = md5(`${ha1}:${field('nonce')}:${ncHex}:${cnonce}:auth:${md5(`${method}:${uri}`)}`);
  return (
    `Digest username="${user}", realm="${field('realm')}", nonce="${field('nonce')}", uri="${uri}", qop=auth, ` +
    `nc=${ncHex}, cnonce="${cnonce}", response="${response}", opaque="${field('opaque')}"`
  );
}

describe('Digest replay protection with the official client', () => {
  test('200 concurrent reads through one client (one nonce, counters out of order) all succeed', async () => {
    const db = host.connect('rest-writer');
    await db.documents.write({ uri: '/digest/one.json', content: { n: 1 }, contentType: 'application/json' }).result();
    const reads = await Promise.all(Array.from({ length: 200 }, () => db.documents.read('/digest/one.json').result()));
    expect(reads.map((r) => r[0]?.content)).toEqual(Array.from({ length: 200 }, () => ({ n: 1 })));
  });

  test('a replayed raw request is refused with 401, and its nonce keeps working with a new counter', async () => {
    const ping = await fetch(`${host.server.url}/v1/ping`, { method: 'HEAD' });
    const challenge = ping.headers.get('www-authenticate') ?? '';
    const uri = '/v1/documents?uri=/digest/one.json';
    const send = (nc: number) => fetch(`${host.server.url}${uri}`, { headers: { authorization: digestHeader(challenge, 'rest-writer', 'GET', uri, nc) } });
    expect((await send(1)).status).toBe(200);
    const replay = await send(1);
    expect(replay.status).toBe(401);
    expect(replay.headers.get('www-authenticate')).not.toContain('stale=true');
    expect((await send(2)).status).toBe(200);
  });
});
