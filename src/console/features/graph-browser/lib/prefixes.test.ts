import { describe, expect, test } from 'vitest';
import { compactIri, localName, truncate } from './prefixes';

describe('compactIri', () => {
  test.for([
    { iri: 'http://xmlns.com/foaf/0.1/name', out: 'foaf:name' },
    { iri: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type', out: 'rdf:type' },
    { iri: 'http://www.w3.org/2001/XMLSchema#dateTime', out: 'xsd:dateTime' },
    { iri: 'http://www.wikidata.org/prop/direct/P31', out: 'wdt:P31' },
    { iri: 'http://schema.org/', out: 'schema:' },
    { iri: 'http://example.org/people/ada', out: undefined },
    { iri: 'http://xmlns.com/foaf/0.1/a/b', out: undefined },
    { iri: 'marklogic.com/people', out: undefined },
  ])('writes $iri as $out', ({ iri, out }) => {
    expect(compactIri(iri)).toBe(out);
  });
});

describe('localName', () => {
  test.for([
    { iri: 'http://a.org/people/ada', out: 'ada' },
    { iri: 'http://a.org/onto#Person', out: 'Person' },
    { iri: 'http://a.org/people/', out: 'people' },
    { iri: 'urn:isbn:123', out: 'urn:isbn:123' },
    { iri: 'marklogic.com/r1', out: 'r1' },
  ])('of $iri is $out', ({ iri, out }) => {
    expect(localName(iri)).toBe(out);
  });
});

test('truncate keeps short text and cuts long text to the limit with an ellipsis', () => {
  expect(truncate('short', 10)).toBe('short');
  expect(truncate('a rather long label', 10)).toBe('a rather …');
  expect(truncate('a rather long label', 10)).toHaveLength(10);
});
