import { readFileSync } from 'node:fs';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import * as oxigraph from 'oxigraph';
import { describe, expect, test } from 'vitest';
import { failure } from '../../../test/db-error';
import { resultsToCsv, resultsToHtml, resultsToJson, resultsToTsv, resultsToXml, serializeResults, type SparqlJsonResults, type SparqlJsonTerm } from './sparql-results';
import { toJsonTerm } from './rdf-terms';
import { CONFORMANCE_DIR } from '../../../test/conformance/files';

// The W3C test data, from where the conformance runner reads it (test/conformance/files.ts).
const CONFORMANCE = `${CONFORMANCE_DIR}/sparql11`;
const fixture = (path: string) => readFileSync(`${CONFORMANCE}/${path}`, 'utf8');

function parseXml(text: string) {
  return new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`not well-formed: ${message}`);
    },
  }).parseFromString(text, 'application/xml');
}
const canonicalXml = (text: string) => new XMLSerializer().serializeToString(parseXml(text).documentElement!);

/** A store with the given Turtle; queries answer in any of Oxigraph's own result formats. */
function storeWith(turtle: string) {
  const store = new oxigraph.Store();
  store.load(turtle, { format: 'text/turtle' });
  return {
    json: (query: string): SparqlJsonResults => JSON.parse(store.query(query, { results_format: 'json' }) as string),
    text: (query: string, format: string) => store.query(query, { results_format: format }) as string,
  };
}

// Every kind of term the formats treat differently, none of them with characters XML 1.0 cannot hold.
const TRICKY = `
@prefix : <http://e/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
:a :p "plain" , "quote \\" and, comma" , "line\\nbreak\\ttab" , "hi"@en , "x"@ar--rtl , 5 , -2.5 , 1.0e3 , true ,
      "2020-01-01"^^xsd:date , "x"^^:custom , :b , _:n , "<script>alert(1)</script>" , "ünïcødé 😀" , "'apos' & amp" .
`;
const SELECT = 'SELECT ?s ?o ?missing WHERE { ?s ?p ?o } ORDER BY STR(?o)';
const TRIPLE_TERM = 'SELECT ?t WHERE { BIND(<<( <http://e/a> <http://e/p> "in" )>> AS ?t) }';
const ASK = 'ASK { ?s ?p ?o }';

describe('results written the way Oxigraph writes them (an independent implementation of the W3C formats)', () => {
  const store = storeWith(TRICKY);

  test.for([
    { name: 'a SELECT with every kind of term and an unbound variable', query: SELECT },
    { name: 'a SELECT binding an RDF 1.2 triple term', query: TRIPLE_TERM },
    { name: 'an ASK', query: ASK },
  ])('$name: JSON, XML, CSV and TSV agree with Oxigraph', ({ query }) => {
    const r = store.json(query);
    expect(resultsToJson(r)).toBe(store.text(query, 'json'));
    expect(canonicalXml(resultsToXml(r))).toBe(canonicalXml(store.text(query, 'xml')));
    expect(resultsToCsv(r)).toBe(store.text(query, 'csv'));
    expect(resultsToTsv(r)).toBe(store.text(query, 'tsv'));
  });
});

describe('W3C CSV/TSV result format tests (conformance/sparql11/csv-tsv-res)', () => {
  /** `SELECT * { ?s ?p ?o } ORDER BY ?s ?p ?o` over a file whose triples are already in that order. */
  function allTriples(dataFile: string): SparqlJsonResults {
    const quads = oxigraph.parse(fixture(`csv-tsv-res/${dataFile}`), { format: 'text/turtle' });
    return {
      head: { vars: ['s', 'p', 'o'] },
      results: { bindings: quads.map((q) => ({ s: toJsonTerm(q.subject), p: toJsonTerm(q.predicate), o: toJsonTerm(q.object) })) },
    };
  }
  /** The OPTIONAL query of csvtsv02, by Oxigraph, with the variable order of the expected header. */
  function optionalQuery(): SparqlJsonResults {
    const r = storeWith(fixture('csv-tsv-res/data.ttl')).json(fixture('csv-tsv-res/csvtsv02.rq'));
    return { ...r, head: { vars: ['s', 'p', 'o', 'p2', 'o2'] } };
  }
  const cases = [
    { name: 'csvtsv01 (IRIs, strings, numbers, a blank node)', results: () => allTriples('data.ttl'), expected: 'csvtsv01' },
    { name: 'csvtsv02 (unbound variables)', results: optionalQuery, expected: 'csvtsv02' },
    { name: 'csvtsv03 (typed literals and quoting)', results: () => allTriples('data2.ttl'), expected: 'csvtsv03' },
  ];
  // Blank-node labels are the writer's choice; the tests compare them up to renaming.
  const sameBlankNodes = (s: string) => s.replace(/_:[A-Za-z0-9]+/g, '_:b');

  test.for(cases)('$name: CSV is the expected file, with CRLF line ends', ({ results, expected }) => {
    // The fixture files were checked out with LF line ends; the format requires CRLF.
    const want = fixture(`csv-tsv-res/${expected}.csv`).replace(/\r?\n/g, '\r\n');
    expect(sameBlankNodes(resultsToCsv(results()))).toBe(sameBlankNodes(want));
  });

  /** A TSV cell read back as an RDF term (it is Turtle syntax). */
  function cellTerm(cell: string) {
    if (cell === '') return null;
    const [q] = oxigraph.parse(`<http://x/s> <http://x/p> ${cell} .`, { format: 'text/turtle' });
    const o = q.object;
    if (o.termType === 'BlankNode') return { termType: 'BlankNode' };
    if (o.termType !== 'Literal') return { termType: o.termType, value: o.value };
    const numeric = /#(integer|decimal|double|negativeInteger)$/.test(o.datatype.value);
    return { termType: 'Literal', value: numeric ? Number(o.value) : o.value, datatype: o.datatype.value, language: o.language };
  }
  const tsvTerms = (tsv: string) => tsv.trimEnd().split('\n').slice(1).map((line) => line.split('\t').map(cellTerm));

  test.for(cases)('$name: TSV has the expected header and the same terms in every cell', ({ results, expected }) => {
    const want = fixture(`csv-tsv-res/${expected}.tsv`);
    const got = resultsToTsv(results());
    expect(got.split('\n')[0]).toBe(want.split('\n')[0]);
    expect(got.endsWith('\n')).toBe(true);
    // As the W3C harness does, numbers compare by value: the fixture writes "1.0E6"^^xsd:double as 1.0e6.
    expect(tsvTerms(got)).toEqual(tsvTerms(want));
  });

  test('csvtsv01 and 02 TSV are the expected files character for character', () => {
    expect(sameBlankNodes(resultsToTsv(allTriples('data.ttl')))).toBe(sameBlankNodes(fixture('csv-tsv-res/csvtsv01.tsv')));
    expect(sameBlankNodes(resultsToTsv(optionalQuery()))).toBe(sameBlankNodes(fixture('csv-tsv-res/csvtsv02.tsv')));
  });
});

/** Reads SPARQL results XML back into the JSON results object (the test's own reader). */
function readSrx(xml: string): SparqlJsonResults {
  const doc = parseXml(xml);
  const children = (el: Element, name?: string) => Array.from(el.childNodes).filter((n): n is Element => n.nodeType === 1 && (!name || (n as Element).localName === name));
  const term = (el: Element): SparqlJsonTerm => {
    const text = el.textContent ?? '';
    if (el.localName === 'uri') return { type: 'uri', value: text };
    if (el.localName === 'bnode') return { type: 'bnode', value: text };
    const lang = el.getAttribute('xml:lang');
    const datatype = el.getAttribute('datatype');
    return { type: 'literal', value: text, ...(lang ? { 'xml:lang': lang } : {}), ...(datatype ? { datatype } : {}) };
  };
  const root = doc.documentElement as unknown as Element;
  const [head] = children(root, 'head');
  const vars = children(head, 'variable').map((v) => v.getAttribute('name')!);
  const [boolean] = children(root, 'boolean');
  if (boolean) return { head: vars.length ? { vars } : {}, boolean: boolean.textContent === 'true' };
  const [results] = children(root, 'results');
  const bindings = children(results, 'result').map((result) =>
    Object.fromEntries(children(result, 'binding').map((b) => [b.getAttribute('name')!, term(children(b)[0])])),
  );
  return { head: { vars }, results: { bindings } };
}

describe('W3C JSON result format tests (conformance/sparql11/json-res)', () => {
  test.for(['jsonres01', 'jsonres02', 'jsonres03', 'jsonres04'])('%s: the expected results object is written as the same JSON and the same XML', (name) => {
    const expected: SparqlJsonResults = JSON.parse(fixture(`json-res/${name}.srj`));
    expect(JSON.parse(resultsToJson(expected))).toEqual(expected);
    expect(readSrx(resultsToXml(expected))).toEqual(expected);
  });

  test('the XML reader of these tests sees what it should (so the round trip above can fail)', () => {
    const r: SparqlJsonResults = { head: { vars: ['v'] }, results: { bindings: [{ v: { type: 'literal', value: 'x', 'xml:lang': 'en' } }] } };
    expect(readSrx(resultsToXml(r))).toEqual(r);
    expect(readSrx(resultsToXml(r))).not.toEqual({ ...r, results: { bindings: [{ v: { type: 'literal', value: 'x' } }] } });
  });
});

const ONE_IRI: SparqlJsonResults = { head: { vars: ['s'] }, results: { bindings: [{ s: { type: 'uri', value: 'http://marklogicsparql.com/id#1111' } }] } };

describe('CSV', () => {
  test('is the exact text the official client asserts (MarkLogic’s REST API reference, /v1/graphs/sparql)', () => {
    expect(resultsToCsv(ONE_IRI)).toBe('s\r\nhttp://marklogicsparql.com/id#1111\r\n');
  });

  test.for([
    { name: 'a comma is quoted', value: 'a,b', cell: '"a,b"' },
    { name: 'a double quote is doubled inside quotes', value: 'say "hi"', cell: '"say ""hi"""' },
    { name: 'a line break is quoted', value: 'a\nb', cell: '"a\nb"' },
    { name: 'a carriage return is quoted', value: 'a\rb', cell: '"a\rb"' },
    { name: 'anything else is written bare', value: "it's fine; really", cell: "it's fine; really" },
  ])('$name', ({ value, cell }) => {
    const r: SparqlJsonResults = { head: { vars: ['v'] }, results: { bindings: [{ v: { type: 'literal', value } }] } };
    expect(resultsToCsv(r)).toBe(`v\r\n${cell}\r\n`);
  });

  test('an empty page still has its header line (pageLength=0 gives no variables at all)', () => {
    expect(resultsToCsv({ head: { vars: ['a', 'b'] }, results: { bindings: [] } })).toBe('a,b\r\n');
    expect(resultsToCsv({ head: { vars: [] }, results: { bindings: [] } })).toBe('\r\n');
  });
});

describe('TSV', () => {
  test.for([
    { name: 'control characters are escaped, never raw', term: { type: 'literal', value: 'a\u0001b\rc' }, cell: '"a\\u0001b\\rc"' },
    { name: 'a decimal without digits after the point is not a Turtle number', term: { type: 'literal', value: '5.', datatype: 'http://www.w3.org/2001/XMLSchema#decimal' }, cell: '"5."^^<http://www.w3.org/2001/XMLSchema#decimal>' },
    { name: 'an invalid integer keeps its datatype', term: { type: 'literal', value: 'abc', datatype: 'http://www.w3.org/2001/XMLSchema#integer' }, cell: '"abc"^^<http://www.w3.org/2001/XMLSchema#integer>' },
    { name: 'a blank-node label Turtle cannot read is made readable', term: { type: 'bnode', value: 'has space' }, cell: '_:bhas_x20_space' },
  ] as const)('$name', ({ term, cell }) => {
    expect(resultsToTsv({ head: { vars: ['v'] }, results: { bindings: [{ v: term }] } })).toBe(`?v\n${cell}\n`);
  });
});

describe('XML', () => {
  test('is the W3C document: namespace, variables, links, bindings', () => {
    const xml = resultsToXml({ head: { vars: ['s'], link: ['http://e/meta'] }, results: ONE_IRI.results });
    expect(xml).toBe(
      '<?xml version="1.0"?>\n<sparql xmlns="http://www.w3.org/2005/sparql-results#"><head><variable name="s"/><link href="http://e/meta"/></head>' +
        '<results><result><binding name="s"><uri>http://marklogicsparql.com/id#1111</uri></binding></result></results></sparql>\n',
    );
  });

  test('an ASK answer is a boolean element (MarkLogic’s REST API reference, /v1/graphs/sparql)', () => {
    expect(resultsToXml({ head: {}, boolean: false })).toContain('<head></head><boolean>false</boolean></sparql>');
  });

  test('a carriage return in a literal survives XML parsing', () => {
    const xml = resultsToXml({ head: { vars: ['v'] }, results: { bindings: [{ v: { type: 'literal', value: 'a\r\nb' } }] } });
    expect(parseXml(xml).getElementsByTagName('literal')[0].textContent).toBe('a\r\nb');
  });

  test('a value XML 1.0 cannot carry is refused with 406, never written broken or altered', () => {
    const r: SparqlJsonResults = { head: { vars: ['v'] }, results: { bindings: [{ v: { type: 'literal', value: 'bell\u0007' } }] } };
    const err = failure(() => resultsToXml(r));
    expect(err.code).toBe('REST-UNACCEPTABLETYPE');
    expect(err.status).toBe(406);
    expect(err.message).toMatch(/ask for another format/);
  });
});

describe('HTML', () => {
  test('an IRI links to the things view with MarkLogic escaping (MarkLogic’s REST API reference, /v1/graphs/sparql)', () => {
    const r: SparqlJsonResults = { head: { vars: ['s'] }, results: { bindings: [{ s: { type: 'uri', value: 'http://example.org/id#1' } }] } };
    const html = resultsToHtml(r);
    expect(html).toContain('<title>SPARQL results</title>');
    expect(html).toContain('<a href="/v1/graphs/things?iri=http%3a//example.org/id%231">http://example.org/id#1</a>');
  });

  test('literals and IRIs are escaped: no markup gets through, and the page is well-formed XHTML', () => {
    const r: SparqlJsonResults = {
      head: { vars: ['a', 'b', 'c'] },
      results: {
        bindings: [
          {
            a: { type: 'literal', value: '<script>alert("x")</script>' },
            b: { type: 'uri', value: `http://e/"><script>alert('x')</script>` },
            c: { type: 'literal', value: '&amp; not an entity', 'xml:lang': 'en"><b' },
          },
        ],
      },
    };
    const html = resultsToHtml(r, (iri) => `/things?iri=${iri}`);
    expect(html).not.toMatch(/<script/i);
    const doc = parseXml(html);
    expect(doc.getElementsByTagName('script')).toHaveLength(0);
    expect(doc.getElementsByTagName('b')).toHaveLength(0);
    const cells = Array.from(doc.getElementsByTagName('td')).map((td) => td.textContent);
    expect(cells[0]).toBe('<script>alert("x")</script>');
    expect(cells[1]).toBe(`http://e/"><script>alert('x')</script>`);
    expect(cells[2]).toBe('&amp; not an entity@en"><b');
    expect(doc.getElementsByTagName('a')[0].getAttribute('href')).toBe(`/things?iri=http://e/"><script>alert('x')</script>`);
  });

  test('the table has one header per variable and an empty cell for an unbound one', () => {
    const html = resultsToHtml({ head: { vars: ['x', 'y'] }, results: { bindings: [{ x: { type: 'literal', value: '1', datatype: 'http://www.w3.org/2001/XMLSchema#integer' } }] } });
    const doc = parseXml(html);
    expect(Array.from(doc.getElementsByTagName('th')).map((th) => th.textContent)).toEqual(['x', 'y']);
    expect(Array.from(doc.getElementsByTagName('td')).map((td) => td.textContent)).toEqual(['1^^http://www.w3.org/2001/XMLSchema#integer', '']);
  });

  test('an ASK answer is a page saying true or false', () => {
    const doc = parseXml(resultsToHtml({ head: {}, boolean: true }));
    expect(doc.getElementsByTagName('title')[0].textContent).toBe('SPARQL results');
    expect(doc.getElementsByTagName('p')[0].textContent).toBe('true');
  });

  test('a character XML cannot hold is shown as U+FFFD, keeping the page well-formed', () => {
    const html = resultsToHtml({ head: { vars: ['v'] }, results: { bindings: [{ v: { type: 'literal', value: 'bell\u0007' } }] } });
    expect(parseXml(html).getElementsByTagName('td')[0].textContent).toBe('bell\ufffd');
  });
});

describe('serializeResults', () => {
  const r = ONE_IRI;
  test.for([
    { type: 'application/sparql-results+json', check: (s: string) => expect(JSON.parse(s)).toEqual(r) },
    { type: 'application/json', check: (s: string) => expect(JSON.parse(s)).toEqual(r) },
    { type: 'application/sparql-results+xml', check: (s: string) => expect(s).toContain('<uri>http://marklogicsparql.com/id#1111</uri>') },
    { type: 'application/xml', check: (s: string) => expect(s).toContain('<sparql xmlns=') },
    { type: 'text/csv', check: (s: string) => expect(s).toBe('s\r\nhttp://marklogicsparql.com/id#1111\r\n') },
    { type: 'application/sparql-results+csv', check: (s: string) => expect(s).toBe('s\r\nhttp://marklogicsparql.com/id#1111\r\n') },
    { type: 'text/tab-separated-values', check: (s: string) => expect(s).toBe('?s\n<http://marklogicsparql.com/id#1111>\n') },
    { type: 'text/html; charset=utf-8', check: (s: string) => expect(s).toContain('<title>SPARQL results</title>') },
  ])('$type is written in its own format', ({ type, check }) => {
    check(serializeResults(r, type));
  });

  test('a type that is not a results format is a 406', () => {
    expect(failure(() => serializeResults(r, 'text/turtle')).code).toBe('REST-UNACCEPTABLETYPE');
  });
});
