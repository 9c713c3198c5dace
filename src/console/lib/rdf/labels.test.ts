import { describe, expect, it } from 'vitest';
import type { Triple } from '../../../client/graphs';
import { bestLabels, chooseLabel, languageRank, lastSegment, nodeName } from './labels';

const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
const SKOS_PREF = 'http://www.w3.org/2004/02/skos/core#prefLabel';
const SCHEMA_NAME = 'http://schema.org/name';
const FOAF_NAME = 'http://xmlns.com/foaf/0.1/name';

const lit = (s: string, p: string, value: string, lang?: string): Triple => ({
  subject: s.startsWith('_:') ? { type: 'bnode', value: s.slice(2) } : { type: 'uri', value: s },
  predicate: { type: 'uri', value: p },
  object: lang ? { type: 'literal', value, lang } : { type: 'literal', value },
});

describe('languageRank', () => {
  const preferred = ['fr-CA', 'en'];
  it('ranks the preferred tags in order, then their primary languages, then untagged, then others', () => {
    const ranks = ['fr-CA', 'en', 'fr', 'en-GB', undefined, 'de'].map((l) => languageRank(l, preferred));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(ranks).size).toBe(6);
  });
  it('compares tags case-insensitively', () => {
    expect(languageRank('EN', preferred)).toBe(languageRank('en', preferred));
  });
});

describe('chooseLabel', () => {
  it("prefers the user's language over untagged text, and untagged over another language", () => {
    const c = [
      { predicate: RDFS_LABEL, value: 'Chat', lang: 'fr' },
      { predicate: RDFS_LABEL, value: 'Cat (plain)' },
      { predicate: RDFS_LABEL, value: 'Cat', lang: 'en' },
    ];
    expect(chooseLabel(c, ['en'])).toBe('Cat');
    expect(chooseLabel(c, ['de'])).toBe('Cat (plain)');
    expect(chooseLabel(c, ['fr'])).toBe('Chat');
  });
  it('breaks a language tie by the property order: skos:prefLabel, rdfs:label, schema:name, foaf:name', () => {
    const c = [
      { predicate: FOAF_NAME, value: 'foaf' },
      { predicate: SCHEMA_NAME, value: 'schema' },
      { predicate: RDFS_LABEL, value: 'rdfs' },
    ];
    expect(chooseLabel(c, ['en'])).toBe('rdfs');
    expect(chooseLabel([...c, { predicate: SKOS_PREF, value: 'skos' }], ['en'])).toBe('skos');
    expect(chooseLabel(c.slice(0, 2), ['en'])).toBe('schema');
  });
  it('puts language before property: an English foaf:name beats a German rdfs:label for an English reader', () => {
    expect(chooseLabel([{ predicate: RDFS_LABEL, value: 'Katze', lang: 'de' }, { predicate: FOAF_NAME, value: 'Cat', lang: 'en' }], ['en'])).toBe('Cat');
  });
  it('ignores blank labels, collapses white space and does not depend on row order', () => {
    const c = [
      { predicate: RDFS_LABEL, value: '  ' },
      { predicate: RDFS_LABEL, value: 'b  two\nlines' },
      { predicate: RDFS_LABEL, value: 'a one' },
    ];
    expect(chooseLabel(c, ['en'])).toBe('a one');
    expect(chooseLabel([...c].reverse(), ['en'])).toBe('a one');
    expect(chooseLabel(c.slice(0, 2), ['en'])).toBe('b two lines');
    expect(chooseLabel([], ['en'])).toBeUndefined();
  });
});

describe('bestLabels', () => {
  it('labels each subject, blank nodes as _:label, from literal labelling triples only', () => {
    const triples: Triple[] = [
      lit('http://ex.org/ada', FOAF_NAME, 'Ada Lovelace', 'en'),
      lit('http://ex.org/ada', RDFS_LABEL, 'Ada', 'fr'),
      lit('_:b1', RDFS_LABEL, 'An address'),
      lit('http://ex.org/bob', 'http://ex.org/nickname', 'Bobby'),
      { subject: { type: 'uri', value: 'http://ex.org/carol' }, predicate: { type: 'uri', value: RDFS_LABEL }, object: { type: 'uri', value: 'http://ex.org/x' } },
    ];
    const labels = bestLabels(triples, ['en']);
    expect(Object.fromEntries(labels)).toEqual({ 'http://ex.org/ada': 'Ada Lovelace', '_:b1': 'An address' });
  });
});

describe('nodeName', () => {
  const compact = (iri: string) => (iri.startsWith('http://xmlns.com/foaf/0.1/') ? `foaf:${iri.slice(26)}` : undefined);
  it('uses the label, else the prefixed name, else the last segment', () => {
    const labels = new Map([['http://ex.org/ada', 'Ada']]);
    expect(nodeName('http://ex.org/ada', labels, compact)).toBe('Ada');
    expect(nodeName('http://xmlns.com/foaf/0.1/Person', labels, compact)).toBe('foaf:Person');
    expect(nodeName('http://ex.org/people/bob#me', labels, compact)).toBe('me');
    expect(nodeName('http://ex.org/people/', labels, compact)).toBe('people');
  });
  it('decodes percent-escapes in the last segment', () => {
    expect(lastSegment('http://ex.org/Caf%C3%A9')).toBe('Café');
    expect(lastSegment('http://ex.org/100%')).toBe('100%');
  });
});
