import { describe, expect, test } from 'vitest';
import { compactIri, graphBrowserHref, literalSuffix, termSyntax } from './rdf-term-text';
import { countParameters, emptyBinding, emptyDocumentQuery, emptyParameters, normaliseParameters, restrictionOf, selectsDocuments, toQueryOptions, toUpdateOptions, xsdLocalName, type RequestParameters } from './request-parameters';
import { readDocumentQueryLink, restrictedQueryTab, sparqlHref } from './document-query-link';
import { parseHash } from '../../../lib/hash-route';
import { tabLabel } from './query-tab-store';
import { sparqlQueryRequest } from '../../../../client/sparql';
import { downloadName, formatsFor } from './result-formats';
import { formatDuration, formatRunTime, querySummaryLine } from './format-run';

describe('request parameters', () => {
  const filled: RequestParameters = {
    defaultGraphs: [' http://g/1 ', '', 'marklogic.com/people'],
    namedGraphs: ['/my/graph'],
    usingGraphs: ['http://u/1'],
    usingNamedGraphs: [],
    base: ' http://base/ ',
    bindings: [
      { ...emptyBinding, name: '?who', value: ' http://example.org/p1 ' },
      { ...emptyBinding, name: 'n', kind: 'typed', value: '42', datatype: 'xsd:int' },
      { ...emptyBinding, name: '$label', kind: 'lang', value: ' chat ', lang: 'fr' },
      { ...emptyBinding, name: '  ', value: 'half-filled row' },
    ],
    documentQuery: { q: 'apple pie', structuredQuery: '  ', options: ' recipes ' },
  };

  test('a query carries the default and named graphs, trimmed, and the bindings without ? or $', () => {
    expect(toQueryOptions(filled)).toEqual({
      defaultGraphs: ['http://g/1', 'marklogic.com/people'],
      namedGraphs: ['/my/graph'],
      base: 'http://base/',
      bindings: [
        { name: 'who', value: 'http://example.org/p1' },
        { name: 'n', value: '42', type: 'int' },
        { name: 'label', value: ' chat ', lang: 'fr' },
      ],
      restriction: { q: 'apple pie', options: 'recipes' },
    });
  });

  test('an update carries the using- graphs instead', () => {
    expect(toUpdateOptions(filled)).toMatchObject({ usingGraphs: ['http://u/1'], usingNamedGraphs: [], base: 'http://base/' });
    expect(toUpdateOptions(filled)).not.toHaveProperty('defaultGraphs');
    expect(toUpdateOptions(filled)).not.toHaveProperty('restriction');
  });

  test('counts what a request of each kind would send', () => {
    expect(countParameters(filled, 'query')).toBe(2 + 1 + 3 + 1 + 2);
    expect(countParameters(filled, 'update')).toBe(1 + 3 + 1);
    expect(countParameters(emptyParameters, 'query')).toBe(0);
  });

  test('a document query: what is blank is left out, and only a string or structured query selects documents', () => {
    expect(restrictionOf(emptyDocumentQuery)).toBeUndefined();
    expect(toQueryOptions(emptyParameters)).not.toHaveProperty('restriction');
    expect(restrictionOf({ q: ' ', structuredQuery: ' {"query":{}} ', options: '' })).toEqual({ structuredQuery: '{"query":{}}' });
    expect(selectsDocuments({ ...emptyDocumentQuery, options: 'recipes' })).toBe(false);
    expect(selectsDocuments({ ...emptyDocumentQuery, q: 'pie' })).toBe(true);
    // The request sends it as MarkLogic's parameters.
    const params = sparqlQueryRequest('ASK {}', toQueryOptions(filled)).params;
    expect([params.get('q'), params.get('options'), params.has('structuredQuery')]).toEqual(['apple pie', 'recipes', false]);
  });

  test('a stored tab or history entry from before document queries reads as having none', () => {
    expect(normaliseParameters({ defaultGraphs: ['g'] }).documentQuery).toEqual(emptyDocumentQuery);
    expect(normaliseParameters({ documentQuery: { q: 'x', options: 7 } }).documentQuery).toEqual({ q: 'x', structuredQuery: '', options: '' });
  });

  test.for([
    ['int', 'int'],
    ['xsd:date', 'date'],
    ['<http://www.w3.org/2001/XMLSchema#unsignedLong>', 'unsignedLong'],
    ['http://www.w3.org/2001/XMLSchema#decimal', 'decimal'],
    ['', 'string'],
  ])('reads the datatype %s as %s', ([given, local]) => {
    expect(xsdLocalName(given)).toBe(local);
  });
});

describe('a link opening the editor on some documents’ triples', () => {
  test('carries the document query there and back', () => {
    const href = sparqlHref({ q: 'apple pie', options: 'recipes', structuredQuery: '' });
    expect(href).toBe('#/sparql?q=apple+pie&options=recipes');
    expect(readDocumentQueryLink(parseHash(href).params)).toEqual({ q: 'apple pie', options: 'recipes', structuredQuery: '' });
    expect(readDocumentQueryLink(parseHash(sparqlHref()).params)).toBeUndefined();
  });

  test('opens a tab named after it, whose query lists each triple with its graph', () => {
    const tab = restrictedQueryTab({ q: 'apple\npie', structuredQuery: '', options: 'recipes' });
    expect(tabLabel({ text: tab.text, title: 'Query 2' })).toBe('Triples: apple pie');
    expect(tab.text).toContain('SELECT ?s ?p ?o ?g');
    expect(tab.parameters).toEqual({ ...emptyParameters, documentQuery: { q: 'apple\npie', structuredQuery: '', options: 'recipes' } });
    expect(restrictedQueryTab({ q: '', structuredQuery: '{"query":{}}', options: '' }).text).toMatch(/^# Triples: structured query\n/);
  });
});

describe('result terms', () => {
  const prefixes = { foaf: 'http://xmlns.com/foaf/0.1/', ex: 'http://example.org/', exv: 'http://example.org/vocab/' };

  test.for([
    { iri: 'http://xmlns.com/foaf/0.1/name', shown: 'foaf:name' },
    { iri: 'http://example.org/vocab/size', shown: 'exv:size' },
    { iri: 'http://example.org/a/b', shown: 'http://example.org/a/b' },
    { iri: 'marklogic.com/r1', shown: 'marklogic.com/r1' },
  ])('shows $iri as $shown', ({ iri, shown }) => {
    expect(compactIri(iri, prefixes)).toBe(shown);
  });

  test.for([
    { term: { type: 'literal', value: 'chat', 'xml:lang': 'fr' }, suffix: '@fr' },
    { term: { type: 'literal', value: '5', datatype: 'http://www.w3.org/2001/XMLSchema#integer' }, suffix: '^^xsd:integer' },
    { term: { type: 'literal', value: 'x', datatype: 'http://www.w3.org/2001/XMLSchema#string' }, suffix: '' },
    { term: { type: 'literal', value: 'x', datatype: 'http://example.org/t' }, suffix: '^^<http://example.org/t>' },
  ] as const)('a literal reads with the suffix "$suffix"', ({ term, suffix }) => {
    expect(literalSuffix(term)).toBe(suffix);
  });

  test('terms are written in N-Triples syntax for tooltips', () => {
    expect(termSyntax({ type: 'literal', value: 'a "q"\n', 'xml:lang': 'en' })).toBe('"a \\"q\\"\\n"@en');
    expect(termSyntax({ type: 'bnode', value: 'b0' })).toBe('_:b0');
    expect(
      termSyntax({ type: 'triple', value: { subject: { type: 'uri', value: 's' }, predicate: { type: 'uri', value: 'p' }, object: { type: 'literal', value: '1', datatype: 'http://www.w3.org/2001/XMLSchema#integer' } } }),
    ).toBe('<< <s> <p> "1"^^<http://www.w3.org/2001/XMLSchema#integer> >>');
  });

  test('an IRI opens the graph browser with the IRI as its parameter', () => {
    expect(graphBrowserHref('http://example.org/a#b')).toBe('#/graphs?iri=http%3A%2F%2Fexample.org%2Fa%23b');
  });
});

describe('result formats', () => {
  test('solutions come in the results formats and graphs in the RDF formats', () => {
    expect(formatsFor('SELECT').map((f) => f.mediaType)).toEqual([
      'application/sparql-results+json',
      'application/sparql-results+xml',
      'text/csv',
      'text/tab-separated-values',
      'text/html',
    ]);
    expect(formatsFor('ASK')).toBe(formatsFor('SELECT'));
    expect(formatsFor('DESCRIBE').map((f) => f.mediaType)).toEqual([
      'text/turtle',
      'application/n-triples',
      'application/n-quads',
      'application/trig',
      'application/rdf+xml',
      'application/ld+json',
      'application/rdf+json',
      'text/n3',
      'text/html',
    ]);
  });

  test('a download is named after the form and the time, with the format extension', () => {
    const turtle = formatsFor('CONSTRUCT')[0];
    expect(downloadName('CONSTRUCT', turtle, new Date(2024, 0, 31, 15, 4, 2))).toBe('sparql-construct-20240131-150402.ttl');
  });
});

describe('run display', () => {
  test.for([
    [0.42, '0.4 ms'],
    [12.4, '12 ms'],
    [1250, '1.25 s'],
    [125_000, '2 min 5 s'],
  ] as const)('a duration of %f ms reads %s', ([ms, text]) => {
    expect(formatDuration(ms)).toBe(text);
  });

  test('a run of today shows its clock time; an older one its date', () => {
    const now = new Date(2024, 5, 10, 18, 0, 0).getTime();
    expect(formatRunTime(new Date(2024, 5, 10, 9, 5, 7).getTime(), now)).toBe('09:05:07');
    expect(formatRunTime(new Date(2024, 0, 31, 14, 3, 0).getTime(), now)).toBe('31 Jan 14:03');
    expect(formatRunTime(new Date(2023, 0, 31, 14, 3, 0).getTime(), now)).toBe('31 Jan 2023 14:03');
  });

  test('a query is summed up by its first line of code', () => {
    expect(querySummaryLine('# people\nPREFIX foaf: <http://xmlns.com/foaf/0.1/>\n\n  SELECT ?name WHERE {\n')).toBe('SELECT ?name WHERE {');
    expect(querySummaryLine(`ASK { ${'x'.repeat(100)} }`, 20)).toBe('ASK { xxxxxxxxxxxxx…');
  });
});
