import { expect, test } from 'vitest';
import { Corpus } from './corpus';
import { packDocs, unpackDocs } from './snapshot-pack';

test('packing the corpus documents into columns and back gives the same entries (texts, scalars, properties, range values)', () => {
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
  docs[0].ranges = { k1: [4, 5], k2: ['s'] };
  docs[0].rangeKeys = ['k1', 'k2'];
  docs[1].rangeKeys = ['k1'];
  const back = unpackDocs(structuredClone(packDocs(docs)));
  const plain = (xs: typeof docs) => JSON.parse(JSON.stringify(xs, (_k, v) => (ArrayBuffer.isView(v) ? Array.from(v as Uint32Array) : v)));
  expect(plain(back)).toEqual(plain(docs));
});

test.for([1, 32, 33, 100, 3000])('the range index keys of %i indexes survive packing (masks wider than one word past 32)', (n) => {
  const corpus = new Corpus();
  for (const uri of ['/a.json', '/b.json', '/c.json']) {
    corpus.put({ uri, format: 'json', content: '{}', mimeType: 'application/json', version: 1, metadata: { collections: [], permissions: [], properties: {}, quality: 0, metadataValues: {} } });
  }
  const docs = corpus.dump().docs;
  const keys = Array.from({ length: n }, (_, i) => `k${i}`);
  docs[0].rangeKeys = keys;
  docs[1].rangeKeys = keys.filter((_, i) => i % 3 === 1);
  docs[2].rangeKeys = [keys[n - 1]];
  const back = unpackDocs(structuredClone(packDocs(docs)));
  expect(back.map((d) => d.rangeKeys ?? [])).toEqual(docs.map((d) => d.rangeKeys));
});
