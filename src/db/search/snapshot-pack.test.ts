import { expect, test } from 'vitest';
import { Corpus } from './corpus';
import { packDocs, unpackDocs } from './snapshot-pack';

test('packing the corpus documents into columns and back gives the same entries (texts, scalars, properties)', () => {
  const corpus = new Corpus();
  const doc = (uri: string, content: string, format: 'json' | 'xml' | 'text', extra: Record<string, unknown> = {}) => ({
    uri,
    format,
    content,
    mimeType: format === 'json' ? 'application/json' : format === 'xml' ? 'application/xml' : 'text/plain',
    version: 1,
    metadata: { collections: ['c1', 'c2'], permissions: [{ 'role-name': 'rest-reader', capabilities: ['read' as const] }], properties: {}, quality: 3, metadataValues: {}, ...extra },
  });
  corpus.put(doc('/a.json', JSON.stringify({ t: 'alpha beta', n: 4, b: true, z: null, list: ['x', 'y'] }), 'json', { properties: { author: 'Ada' } }));
  corpus.put(doc('/b.xml', '<r a="v"><p>gamma</p><p>delta epsilon</p></r>', 'xml'));
  corpus.put(doc('/c.txt', 'plain text here', 'text', { collections: [] }));
  const docs = corpus.dump().docs;
  const back = unpackDocs(structuredClone(packDocs(docs)));
  const plain = (xs: typeof docs) => JSON.parse(JSON.stringify(xs, (_k, v) => (ArrayBuffer.isView(v) ? Array.from(v as Uint32Array) : v)));
  expect(plain(back)).toEqual(plain(docs));
});
