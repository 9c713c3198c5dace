import { describe, expect, it } from 'vitest';
import type { Triple } from '../../../../client/graphs';
import { grow, tripleKey } from './neighbourhood';

const t = (s: string, p: string, o: string, literal = false): Triple => ({
  subject: { type: 'uri', value: s },
  predicate: { type: 'uri', value: p },
  object: literal ? { type: 'literal', value: o } : { type: 'uri', value: o },
});

describe('grow', () => {
  it('adds only triples not drawn yet, in order', () => {
    const drawn = [t('a', 'knows', 'b')];
    const { triples, leftOut } = grow(drawn, [t('a', 'knows', 'b'), t('b', 'knows', 'c'), t('b', 'name', 'B', true)]);
    expect(triples.map(tripleKey)).toEqual([tripleKey(drawn[0]), tripleKey(t('b', 'knows', 'c')), tripleKey(t('b', 'name', 'B', true))]);
    expect(leftOut).toBe(0);
  });

  it('tells a literal from an IRI with the same text', () => {
    expect(grow([t('a', 'p', 'x')], [t('a', 'p', 'x', true)]).triples).toHaveLength(2);
  });

  it('stops at the cap and counts what it left out', () => {
    const added = Array.from({ length: 5 }, (_, i) => t('a', 'p', `n${i}`));
    const { triples, leftOut } = grow([t('a', 'p', 'z')], added, 4);
    expect(triples).toHaveLength(4);
    expect(leftOut).toBe(2);
  });
});
