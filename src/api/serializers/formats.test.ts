import { describe, expect, test } from 'vitest';
import { failure } from '../../../test/db-error';
import { answerTypes, contentTypeHeader, negotiateAnswer, negotiateSparqlResults, rdfFormatFor, rdfFormatOf, rdfFormats, sparqlResultsWriter } from './formats';

const req = (accept?: string) => new Request('http://localhost/v1/graphs/sparql', accept === undefined ? {} : { headers: { accept } });

describe('negotiateSparqlResults', () => {
  test.for([
    // Defaults (docs/decisions/0009-sparql-formats.md)
    { name: 'SELECT without Accept is SPARQL results XML', kind: 'bindings', accept: undefined, chosen: 'application/sparql-results+xml' },
    { name: 'ASK without Accept is SPARQL results XML', kind: 'boolean', accept: undefined, chosen: 'application/sparql-results+xml' },
    { name: 'CONSTRUCT without Accept is Turtle', kind: 'graph', accept: undefined, chosen: 'text/turtle' },
    { name: 'curl\'s */* counts as no Accept', kind: 'bindings', accept: '*/*', chosen: 'application/sparql-results+xml' },
    { name: '*/* for a graph is Turtle', kind: 'graph', accept: '*/*', chosen: 'text/turtle' },
    // What the official clients send
    { name: 'SELECT as JSON', kind: 'bindings', accept: 'application/sparql-results+json', chosen: 'application/sparql-results+json' },
    { name: 'SELECT as plain application/json (the Node client\'s contentType)', kind: 'bindings', accept: 'application/json', chosen: 'application/json' },
    { name: 'SELECT as CSV', kind: 'bindings', accept: 'text/csv', chosen: 'text/csv' },
    { name: 'SELECT as application/sparql-results+csv', kind: 'bindings', accept: 'application/sparql-results+csv', chosen: 'application/sparql-results+csv' },
    { name: 'SELECT as TSV', kind: 'bindings', accept: 'text/tab-separated-values', chosen: 'text/tab-separated-values' },
    { name: 'SELECT as HTML', kind: 'bindings', accept: 'text/html', chosen: 'text/html' },
    { name: 'ASK as JSON', kind: 'boolean', accept: 'application/sparql-results+json', chosen: 'application/sparql-results+json' },
    { name: 'ASK as HTML', kind: 'boolean', accept: 'text/html', chosen: 'text/html' },
    { name: 'CONSTRUCT as Turtle', kind: 'graph', accept: 'text/turtle', chosen: 'text/turtle' },
    { name: 'CONSTRUCT as RDF/JSON', kind: 'graph', accept: 'application/rdf+json', chosen: 'application/rdf+json' },
    { name: 'CONSTRUCT as TriG by its text/ name', kind: 'graph', accept: 'text/trig', chosen: 'text/trig' },
    { name: 'DESCRIBE as HTML', kind: 'graph', accept: 'text/html', chosen: 'text/html' },
    // Header details
    { name: 'q-values are honoured', kind: 'bindings', accept: 'text/csv;q=0.5, application/sparql-results+json', chosen: 'application/sparql-results+json' },
    { name: 'an unsupported type with a */* fallback gets the default', kind: 'graph', accept: 'image/png, */*;q=0.1', chosen: 'text/turtle' },
    { name: 'text/* for a graph is Turtle', kind: 'graph', accept: 'text/*', chosen: 'text/turtle' },
    { name: 'parameters on the type do not matter', kind: 'graph', accept: 'text/turtle; charset=utf-8', chosen: 'text/turtle' },
  ] as const)('$name', ({ kind, accept, chosen }) => {
    expect(negotiateSparqlResults(req(accept), kind)).toBe(chosen);
  });

  test.for([
    { name: 'a results type for DESCRIBE (the official client\'s test expects 406)', kind: 'graph', accept: 'application/sparql-results+json' },
    { name: 'an RDF type for SELECT', kind: 'bindings', accept: 'text/turtle' },
    { name: 'an RDF type for ASK', kind: 'boolean', accept: 'application/n-triples' },
    { name: 'application/json for CONSTRUCT (it is not an RDF syntax)', kind: 'graph', accept: 'application/json' },
    { name: 'something nobody serves', kind: 'bindings', accept: 'image/png' },
  ] as const)('406 REST-UNACCEPTABLETYPE for $name', ({ kind, accept }) => {
    const err = failure(() => negotiateSparqlResults(req(accept), kind));
    expect(err.code).toBe('REST-UNACCEPTABLETYPE');
    expect(err.status).toBe(406);
    expect(err.message).toContain(accept);
  });
});

describe('negotiateAnswer for the graph list and the subject list', () => {
  test.for([
    { name: 'the graph list defaults to text/uri-list', kind: 'graph-list', accept: undefined, chosen: 'text/uri-list' },
    { name: 'the graph list as text/plain', kind: 'graph-list', accept: 'text/plain', chosen: 'text/plain' },
    { name: 'the graph list as HTML', kind: 'graph-list', accept: 'text/html', chosen: 'text/html' },
    { name: 'the subject list is HTML', kind: 'subjects', accept: undefined, chosen: 'text/html' },
  ] as const)('$name', ({ kind, accept, chosen }) => {
    expect(negotiateAnswer(req(accept), kind)).toBe(chosen);
  });

  test('the graph list in another type is a 406 (the official client\'s list("foo/bar") expects it)', () => {
    expect(failure(() => negotiateAnswer(req('foo/bar'), 'graph-list')).status).toBe(406);
  });

  test('the subject list is HTML only', () => {
    expect(failure(() => negotiateAnswer(req('text/turtle'), 'subjects')).code).toBe('REST-UNACCEPTABLETYPE');
  });
});

describe('the RDF format table', () => {
  test.for([
    { mediaType: 'text/turtle', name: 'Turtle', oxigraph: 'text/turtle' },
    { mediaType: 'application/n-triples', name: 'N-Triples', oxigraph: 'application/n-triples' },
    { mediaType: 'application/n-quads', name: 'N-Quads', oxigraph: 'application/n-quads' },
    { mediaType: 'application/trig', name: 'TriG', oxigraph: 'application/trig' },
    { mediaType: 'text/trig', name: 'TriG', oxigraph: 'application/trig' },
    { mediaType: 'application/rdf+xml', name: 'RDF/XML', oxigraph: 'application/rdf+xml' },
    { mediaType: 'application/ld+json', name: 'JSON-LD', oxigraph: 'application/ld+json' },
    { mediaType: 'text/n3', name: 'N3', oxigraph: 'text/n3' },
    { mediaType: 'application/rdf+json', name: 'RDF/JSON', oxigraph: null },
    { mediaType: 'Text/Turtle; charset=UTF-8', name: 'Turtle', oxigraph: 'text/turtle' },
  ])('$mediaType is $name', ({ mediaType, name, oxigraph }) => {
    const f = rdfFormatOf(mediaType);
    expect(f?.name).toBe(name);
    expect(f?.oxigraph).toBe(oxigraph);
  });

  test('only N-Quads, TriG and JSON-LD carry graph names', () => {
    expect(rdfFormats.filter((f) => f.dataset).map((f) => f.name)).toEqual(['N-Quads', 'TriG', 'JSON-LD']);
  });

  test('N-Triples is not text/plain (that is the graph list), and unknown types have no format', () => {
    expect(rdfFormatOf('text/plain')).toBeUndefined();
    expect(rdfFormatOf(undefined)).toBeUndefined();
    expect(failure(() => rdfFormatFor('text/plain')).code).toBe('REST-UNACCEPTABLETYPE');
  });

  test('every RDF syntax, and HTML, can answer a CONSTRUCT', () => {
    for (const f of rdfFormats) expect(answerTypes.graph).toContain(f.mediaType);
    expect(answerTypes.graph).toContain('text/html');
  });
});

describe('sparqlResultsWriter', () => {
  test.for([
    ['application/sparql-results+json', 'json'],
    ['application/json', 'json'],
    ['application/sparql-results+xml', 'xml'],
    ['application/xml; charset=utf-8', 'xml'],
    ['text/csv', 'csv'],
    ['text/tab-separated-values', 'tsv'],
    ['text/html', 'html'],
    ['text/turtle', undefined],
  ])('%s → %s', ([mediaType, writer]) => {
    expect(sparqlResultsWriter(mediaType!)).toBe(writer);
  });
});

describe('contentTypeHeader', () => {
  test.for([
    ['application/sparql-results+json', 'application/sparql-results+json; charset=utf-8'],
    ['application/n-triples', 'application/n-triples; charset=utf-8'],
    ['text/turtle', 'text/turtle; charset=utf-8'],
    ['text/uri-list', 'text/uri-list; charset=utf-8'],
    ['application/rdf+json', 'application/rdf+json; charset=utf-8'],
    ['text/turtle; charset=utf-8', 'text/turtle; charset=utf-8'],
    ['application/octet-stream', 'application/octet-stream'],
  ])('%s is sent as %s', ([mediaType, header]) => {
    expect(contentTypeHeader(mediaType!)).toBe(header);
  });
});
