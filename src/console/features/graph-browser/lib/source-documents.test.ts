/**
 * Both ways between documents and the triples they embed, against the real handler: a node's
 * source documents (the graph browser's structured query) and a document's triples (the
 * explorer's restricted SPARQL query). What each document holds is worked out by hand below.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { testApi } from '../../../../../test/helpers';
import { createClient, type TabulaClient } from '../../../../client/create-client';
import { documentRestriction, EMBEDDED_TRIPLES_QUERY, readEmbeddedTriples } from '../../document-explorer/lib/embedded-triples';
import { SEM_NS, sourceDocumentsQuery } from './source-documents';

const EX = 'http://example.org/';
const ADA = `${EX}ada`;
const BOB = `${EX}bob`;
const CAROL = `${EX}carol`;
const KNOWS = `${EX}knows`;
const PEOPLE = `${EX}people`;
const triple = (subject: unknown, predicate: string, object: unknown) => ({ triple: { subject, predicate, object } });
const semTriple = (s: string, p: string, o: string) => `<sem:triple><sem:subject>${s}</sem:subject><sem:predicate>${p}</sem:predicate><sem:object>${o}</sem:object></sem:triple>`;

/** What each document holds, and so which IRIs it is a source of (worked out by hand). */
const DOCS: Array<{ uri: string; content: string; collections?: string[]; sourceOf: string[] }> = [
  // Both ways of writing an IRI in JSON, as subject and as object.
  { uri: '/people/a.json', collections: [PEOPLE], content: JSON.stringify({ facts: [triple(ADA, KNOWS, BOB), triple({ value: CAROL }, KNOWS, { value: ADA })] }), sourceOf: [ADA, BOB, CAROL] },
  // XML, the object's IRI with whitespace around it (the triple index trims it).
  { uri: '/notes/b.xml', content: `<note xmlns:sem="${SEM_NS}">${semTriple(`${EX}note`, `${EX}about`, `\n  ${BOB}\n`)}</note>`, sourceOf: [`${EX}note`, BOB] },
  // The IRI outside any triple, in another case, as a longer IRI's prefix: none of these is a source of Ada or Bob.
  {
    uri: '/other/c.json',
    content: JSON.stringify({ subject: ADA, object: BOB, facts: [triple(`${EX}Ada`, KNOWS, `${BOB}/x`), triple(CAROL, `${EX}age`, { value: '41', datatype: 'http://www.w3.org/2001/XMLSchema#integer' })] }),
    sourceOf: [`${EX}Ada`, `${BOB}/x`, CAROL],
  },
  // Text mentioning the IRI holds no triple.
  { uri: '/other/d.txt', content: `${ADA} knows ${BOB}`, sourceOf: [] },
];

let client: TabulaClient;
beforeAll(async () => {
  const api = await testApi();
  client = createClient({ baseUrl: 'http://localhost:8000', fetch: (input, init) => api.fetch(String(input), init) });
  for (const d of DOCS) await client.documents.write(d.uri, d.content, { collections: d.collections });
});

describe('the documents a node\u2019s triples come from (against the real handler)', () => {
  test.for([ADA, BOB, CAROL, `${EX}note`, `${EX}Ada`, `${EX}nobody`])('%s', async (iri) => {
    const page = await client.search.post(sourceDocumentsQuery(iri), { pageLength: 100 });
    const expected = DOCS.filter((d) => d.sourceOf.includes(iri)).map((d) => d.uri);
    expect(page.results.map((r) => r.uri).sort()).toEqual(expected.sort());
    expect(page.total).toBe(expected.length);
  });
});

describe('the triples a document embeds (against the real handler)', () => {
  const read = async (uri: string) => readEmbeddedTriples(await client.sparql.query(EMBEDDED_TRIPLES_QUERY, { restriction: documentRestriction(uri), method: 'auto' }));
  const text = (t: ReturnType<typeof readEmbeddedTriples>['triples'][number]) => `${t.graph ?? '-'} ${t.subject.value} ${t.predicate.value} ${t.object.value}`;

  test('a JSON document\u2019s, in its collection\u2019s graph', async () => {
    const { triples, truncated } = await read('/people/a.json');
    expect(truncated).toBe(false);
    expect(triples.map(text)).toEqual([`${PEOPLE} ${ADA} ${KNOWS} ${BOB}`, `${PEOPLE} ${CAROL} ${KNOWS} ${ADA}`]);
    expect(triples.every((t) => t.object.type === 'uri')).toBe(true);
  });

  test('an XML document\u2019s, in the default graph', async () => {
    const { triples } = await read('/notes/b.xml');
    expect(triples.map(text)).toEqual([`- ${EX}note ${EX}about ${BOB}`]);
  });

  test('a literal object keeps its datatype; a text document has none', async () => {
    const { triples } = await read('/other/c.json');
    // Ordered by subject: `A` before `c`.
    expect(triples.map(text)).toEqual([`- ${EX}Ada ${KNOWS} ${BOB}/x`, `- ${CAROL} ${EX}age 41`]);
    expect(triples[1].object).toEqual({ type: 'literal', value: '41', datatype: 'http://www.w3.org/2001/XMLSchema#integer' });
    expect((await read('/other/d.txt')).triples).toEqual([]);
  });
});
