import { expect, test } from 'vitest';
import type { RdfTriple } from '../../../../client/sparql';
import { diagramTriples } from './result-graph';

const s = { type: 'uri', value: 'http://e/s' } as const;
const p = { type: 'uri', value: 'http://e/p' } as const;

test('terms take the graph store shape: lang for xml:lang, datatypes and blank nodes kept', () => {
  const triples: RdfTriple[] = [
    { subject: s, predicate: p, object: { type: 'literal', value: 'chat', 'xml:lang': 'fr' } },
    { subject: { type: 'bnode', value: 'b0' }, predicate: p, object: { type: 'literal', value: '1', datatype: 'http://www.w3.org/2001/XMLSchema#integer' } },
    { subject: s, predicate: p, object: { type: 'literal', value: 'plain' } },
  ];
  expect(diagramTriples(triples)).toEqual({
    drawable: [
      { subject: s, predicate: p, object: { type: 'literal', value: 'chat', lang: 'fr' } },
      { subject: { type: 'bnode', value: 'b0' }, predicate: p, object: { type: 'literal', value: '1', datatype: 'http://www.w3.org/2001/XMLSchema#integer' } },
      { subject: s, predicate: p, object: { type: 'literal', value: 'plain' } },
    ],
    quoted: 0,
  });
});

test('a triple holding a quoted triple is counted, not drawn', () => {
  const quoted: RdfTriple = { subject: { type: 'triple', value: { subject: s, predicate: p, object: s } }, predicate: p, object: s };
  expect(diagramTriples([quoted, { subject: s, predicate: p, object: s }])).toEqual({ drawable: [{ subject: s, predicate: p, object: s }], quoted: 1 });
});
