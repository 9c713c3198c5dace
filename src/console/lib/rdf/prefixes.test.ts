import { describe, expect, test } from 'vitest';
import { bundledPrefixes, isPnLocal, knownPrefix, knownPrefixes, prefixedName, shortenIri } from './prefixes';

const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
const FOAF = 'http://xmlns.com/foaf/0.1/';

describe('the bundled list', () => {
  test('has each prefix once and each namespace once', () => {
    const prefixes = knownPrefixes.map((p) => p.prefix);
    const namespaces = knownPrefixes.map((p) => p.iri);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(new Set(namespaces).size).toBe(namespaces.length);
  });

  test('is available by prefix and as a map', () => {
    expect(knownPrefix('rdf')?.iri).toBe(RDF);
    expect(knownPrefix('nope')).toBeUndefined();
    expect(bundledPrefixes.foaf).toBe(FOAF);
    expect(Object.keys(bundledPrefixes)).toHaveLength(knownPrefixes.length);
  });
});

describe('isPnLocal', () => {
  test.for([
    { local: '', ok: true },
    { local: 'name', ok: true },
    { local: 'P31', ok: true },
    { local: '123', ok: true },
    { local: '_x', ok: true },
    { local: 'a.b', ok: true },
    { local: 'a-b', ok: true },
    { local: 'a:b', ok: true },
    { local: 'caf\u00e9', ok: true },
    { local: 'a%20b', ok: true },
    { local: 'a.', ok: false },
    { local: '-a', ok: false },
    { local: '.a', ok: false },
    { local: 'a/b', ok: false },
    { local: 'a#b', ok: false },
    { local: 'a b', ok: false },
    { local: 'a%2', ok: false },
    { local: 'a~b', ok: false },
  ])('$local is a local name: $ok', ({ local, ok }) => {
    expect(isPnLocal(local)).toBe(ok);
  });
});

describe('shortenIri', () => {
  test.for([
    { iri: `${RDF}type`, out: 'rdf:type' },
    { iri: `${FOAF}name`, out: 'foaf:name' },
    { iri: 'http://www.w3.org/2001/XMLSchema#dateTime', out: 'xsd:dateTime' },
    { iri: 'http://www.wikidata.org/prop/direct/P31', out: 'wdt:P31' },
    { iri: 'http://schema.org/', out: 'schema:' },
    { iri: 'https://schema.org/Person', out: 'sdo:Person' },
    { iri: `${FOAF}a/b`, out: `${FOAF}a/b` },
    { iri: 'marklogic.com/people', out: 'marklogic.com/people' },
    { iri: 'urn:isbn:123', out: 'urn:isbn:123' },
  ])('with no declared prefixes writes $iri as $out', ({ iri, out }) => {
    expect(shortenIri(iri, {})).toBe(out);
    expect(shortenIri(iri)).toBe(out);
  });

  test('the longest matching namespace wins', () => {
    const prefixes = { ex: 'http://e.org/', exv: 'http://e.org/vocab/' };
    expect(shortenIri('http://e.org/vocab/size', prefixes)).toBe('exv:size');
    expect(shortenIri('http://e.org/size', prefixes)).toBe('ex:size');
  });

  test('a longer namespace whose local part is not a name gives way to a shorter one that fits', () => {
    const prefixes = { a: 'http://e.org/', b: 'http://e.org/x' };
    expect(shortenIri('http://e.org/x.y', prefixes)).toBe('a:x.y');
    expect(shortenIri('http://e.org/xy', prefixes)).toBe('b:y');
    expect(shortenIri('http://e.org/x/y', prefixes)).toBe('http://e.org/x/y');
  });

  test("the query's own prefixes take precedence over the bundled ones", () => {
    expect(shortenIri(`${FOAF}name`, { f: FOAF })).toBe('f:name');
    // A declared namespace that leaves no local name gives way to a bundled one that does.
    expect(shortenIri('http://www.wikidata.org/prop/direct/P31', { w: 'http://www.wikidata.org/' })).toBe('wdt:P31');
    // A declared namespace that fits wins even over a longer bundled one.
    const iri = 'http://www.w3.org/XML/1998/namespaceLang';
    expect(shortenIri(iri)).toBe('xml:Lang');
    expect(shortenIri(iri, { y: 'http://www.w3.org/XML/1998/' })).toBe('y:namespaceLang');
    expect(shortenIri('http://www.wikidata.org/entity/Q1', { w: 'http://www.wikidata.org/entity/' })).toBe('w:Q1');
  });

  test('a bundled prefix name the query rebinds is not used for its bundled namespace', () => {
    expect(shortenIri(`${RDF}type`, { rdf: 'http://e.org/' })).toBe(`${RDF}type`);
    expect(shortenIri('http://e.org/type', { rdf: 'http://e.org/' })).toBe('rdf:type');
  });

  test('falls back to the bundled list when no declared prefix fits', () => {
    expect(shortenIri(`${RDF}type`, { ex: 'http://e.org/' })).toBe('rdf:type');
  });

  test('prefixedName is undefined where shortenIri keeps the IRI whole', () => {
    expect(prefixedName(`${FOAF}a/b`)).toBeUndefined();
    expect(prefixedName(`${FOAF}knows`)).toBe('foaf:knows');
  });
});
