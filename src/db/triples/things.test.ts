import { describe, expect, test } from 'vitest';
import { admin, lines, openDb, principal, uniqueName } from './test-support';

async function seeded() {
  const db = await openDb(uniqueName('things'));
  await db.triples.update(
    'PREFIX : <http://ex/> INSERT DATA { :a :knows :b ; :addr [ :city "Oslo" ] . :b :name "B" . GRAPH <marklogic.com/g> { <marklogic.com/r1> :p 1 } }',
    { principal: admin },
  );
  await db.triples.update('PREFIX : <http://ex/> INSERT DATA { GRAPH :secret { :hidden :p 1 . :a :secret 1 } }', {
    principal: admin,
    permissions: [{ 'role-name': 'app-user', capabilities: ['read'] }],
  });
  return db;
}

describe('subjects', () => {
  test('lists IRIs and blank nodes, in the client spelling, at most the limit', async () => {
    const db = await seeded();
    const all = await db.triples.subjects(admin);
    expect(all.filter((t) => t.termType === 'NamedNode').map((t) => t.value).sort()).toEqual(['http://ex/a', 'http://ex/b', 'http://ex/hidden', 'marklogic.com/r1']);
    expect(all.filter((t) => t.termType === 'BlankNode')).toHaveLength(1);
    expect(await db.triples.subjects(admin, 2)).toHaveLength(2);
  });

  test('only subjects of graphs the user may read', async () => {
    const db = await seeded();
    const outsider = principal('outsider', 'app-user');
    expect((await db.triples.subjects(outsider)).map((t) => t.value).sort()).toEqual(['http://ex/a', 'http://ex/hidden']);
  });
});

describe('describe', () => {
  test("a node's triples, with those of the blank nodes they lead to, each once", async () => {
    const db = await seeded();
    const quads = await db.triples.describe(['http://ex/a'], admin);
    expect(quads.map((q) => `${q.predicate.value} ${q.object.termType === 'BlankNode' ? '_' : q.object.value}`).sort()).toEqual([
      'http://ex/addr _',
      'http://ex/city Oslo',
      'http://ex/knows http://ex/b',
      'http://ex/secret 1',
    ]);
  });

  test('several IRIs; path forms in and out', async () => {
    const db = await seeded();
    const quads = await db.triples.describe(['marklogic.com/r1', 'http://ex/b'], admin);
    expect(quads.map((q) => q.subject.value).sort()).toEqual(['http://ex/b', 'marklogic.com/r1']);
  });

  test('an IRI with no (readable) triples gives nothing', async () => {
    const db = await seeded();
    expect(await db.triples.describe(['http://ex/none'], admin)).toEqual([]);
    expect(await db.triples.describe(['http://ex/hidden'], principal('plain', 'rest-reader', 'app-builder'))).toHaveLength(1);
    expect(lines(await db.triples.describe(['http://ex/hidden'], principal('outsider', 'app-builder')))).toEqual([]);
  });
});
