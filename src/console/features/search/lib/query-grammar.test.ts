import { describe, expect, test } from 'vitest';
import { testApi } from '../../../../../test/helpers';
import { createClient } from '../../../../client/create-client';
import { appendToken, constraintExamples, GRAMMAR } from './query-grammar';

test('the cheat-sheet covers every construct of the string grammar', () => {
  const syntax = GRAMMAR.map((g) => g.syntax).join(' ');
  for (const construct of ['"phrase"', 'AND', 'OR', 'NOT', '-term', 'NEAR', 'NEAR/n', '(', 'constraint:value', 'LT|LE|GT|GE|NE']) {
    expect(syntax).toContain(construct);
  }
});

test.for([
  { name: 'an int range', c: { name: 'servings', kind: 'range', type: 'xs:int', facet: true }, examples: ['servings:4', 'servings GE 4'] },
  { name: 'a date range', c: { name: 'when', kind: 'range', type: 'xs:date', facet: true }, examples: ['when:2024-01-31', 'when GE 2024-01-31'] },
  { name: 'a bucketed range', c: { name: 'size', kind: 'range', type: 'xs:int', facet: true, buckets: ['small', 'big'] }, examples: ['size:small', 'size:big', 'size GE 4'] },
  { name: 'a collection', c: { name: 'coll', kind: 'collection', facet: true }, examples: ['coll:collection-name'] },
  { name: 'a value', c: { name: 'cuisine', kind: 'value', facet: false }, examples: ['cuisine:"whole value"'] },
  { name: 'a word', c: { name: 'title', kind: 'word', facet: false }, examples: ['title:word', 'title:"a phrase"'] },
])('examples for $name', ({ c, examples }) => {
  expect(constraintExamples(c)).toEqual(examples);
});

test.for([
  { q: '', token: 'coll:', result: 'coll:' },
  { q: 'soup', token: 'coll:', result: 'soup coll:' },
  { q: 'soup ', token: 'coll:', result: 'soup coll:' },
  { q: '(soup', token: 'coll:', result: '(soup coll:' },
  { q: 'a (', token: 'coll:', result: 'a (coll:' },
])('appendToken($q, $token)', ({ q, token, result }) => {
  expect(appendToken(q, token)).toBe(result);
});

describe('against the real handler', () => {
  test('every example the cheat-sheet shows is a query the server accepts, with the constraints it names', async () => {
    const api = await testApi();
    const client = createClient({ baseUrl: 'http://localhost:8000', fetch: (input, init) => api.fetch(String(input), init) });
    await client.documents.write('/r/soup.json', JSON.stringify({ title: 'Tomato soup with basil', servings: 4, when: '2024-01-31' }), { collections: ['recipes'] });
    const options = {
      options: {
        constraint: [
          { name: 'coll', collection: { prefix: '' } },
          { name: 'title', word: { 'json-property': 'title' } },
          { name: 'exact', value: { 'json-property': 'title' } },
          { name: 'servings', range: { type: 'xs:int', 'json-property': 'servings' } },
          { name: 'size', range: { type: 'xs:int', 'json-property': 'servings', bucket: [{ name: 'small', lt: '3' }, { name: 'big', ge: '3' }] } },
          { name: 'when', range: { type: 'xs:date', 'json-property': 'when' } },
        ],
      },
    };
    expect((await api.fetch('/v1/config/query/sheet', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(options) })).status).toBe(201);
    const index = (localname: string, type: string) => ({ 'scalar-type': type, 'namespace-uri': '', localname, collation: '', 'range-value-positions': false, 'invalid-values': 'reject' });
    const put = await api.fetch(`/manage/v2/databases/${encodeURIComponent(api.db.name)}/properties`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 'range-element-index': [index('servings', 'int'), index('when', 'date')] }),
    });
    expect(put.status).toBe(204);
    await api.db.search.ready();
    await api.db.search.rangeIndexesSettled();

    const constraints = await client.search.constraints('sheet');
    const examples = [
      ...GRAMMAR.filter((g) => !g.example.startsWith('name')).map((g) => g.example),
      ...constraints.flatMap(constraintExamples),
    ];
    expect(examples).toContain('size:small');
    for (const q of examples) {
      const page = await client.search.query({ q, options: 'sheet' }).catch((e: unknown) => e);
      expect(page, q).not.toBeInstanceOf(Error);
    }
    // The tables' own example matches what it promises.
    expect((await client.search.query({ q: 'tomato NEAR/3 basil', options: 'sheet' })).total).toBe(1);
    expect((await client.search.query({ q: 'soup NOT basil', options: 'sheet' })).total).toBe(0);
  });
});
