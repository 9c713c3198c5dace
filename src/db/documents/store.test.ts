import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { testApi } from '../../../test/helpers';
import type { Principal } from '../security/types';
import type { DocumentWrite } from './store';

const admin: Principal = { name: 'admin', roles: new Set(['admin']) };
const json = (value: unknown) => ({ format: 'json' as const, content: JSON.stringify(value), mimeType: 'application/json' });

// A value the structured clone refuses: IndexedDB's put throws synchronously inside the transaction.
const uncloneable = { mode: 'replace' as const, value: { p: () => 1 } };

/** Collects the process's unhandled rejections while a test runs. */
let unhandled: unknown[] = [];
const collect = (reason: unknown) => void unhandled.push(reason);
beforeEach(() => {
  unhandled = [];
  process.on('unhandledRejection', collect);
});
afterEach(() => void process.off('unhandledRejection', collect));

/** Lets an aborted transaction's events and any rejection they cause settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('a write whose IndexedDB request throws inside the transaction', () => {
  test.for<{ name: string; writes: DocumentWrite[] }>([
    { name: 'a metadata-only write', writes: [{ uri: '/a.json', metadata: { properties: uncloneable } }] },
    { name: 'a content write', writes: [{ uri: '/a.json', content: json({ a: 2 }), metadata: { properties: uncloneable } }] },
    {
      name: 'a bulk write whose second document fails after the first was put',
      writes: [
        { uri: '/a.json', content: json({ a: 3 }) },
        { uri: '/b.json', content: json({ b: 1 }), metadata: { properties: uncloneable } },
        { uri: '/c.json', content: json({ c: 1 }) },
      ],
    },
  ])('fails as $name, changes nothing and leaves no unhandled rejection', async ({ writes }) => {
    const api = await testApi();
    await api.db.documents.write([{ uri: '/a.json', content: json({ a: 1 }), metadata: { collections: ['k'] } }], admin);
    const before = await api.db.documents.read('/a.json', admin);

    await expect(api.db.documents.write(writes, admin)).rejects.toThrow();
    await settle();

    expect(unhandled).toEqual([]);
    expect(await api.db.documents.read('/a.json', admin)).toEqual(before);
    expect(await api.db.documents.read('/b.json', admin)).toBeUndefined();
    // The store still takes the next write.
    await api.db.documents.write([{ uri: '/c.json', content: json({ c: 2 }) }], admin);
    expect((await api.db.documents.read('/c.json', admin))?.content).toBe('{"c":2}');
  });

  test('a PATCH-style update that throws inside the transaction changes nothing and leaves no unhandled rejection', async () => {
    const api = await testApi();
    await api.db.documents.write([{ uri: '/a.json', content: json({ a: 1 }) }], admin);
    const before = await api.db.documents.read('/a.json', admin);
    await expect(
      api.db.documents.update('/a.json', admin, undefined, (doc) => ({ metadata: { ...doc.metadata, properties: { p: () => 1 } } })),
    ).rejects.toThrow();
    await settle();
    expect(unhandled).toEqual([]);
    expect(await api.db.documents.read('/a.json', admin)).toEqual(before);
  });
});
