import * as ox from 'oxigraph';
import { describe, expect, test } from 'vitest';
import { parseXml } from '../../xml/parse';
import { RELATIVE_BASE } from '../relative-iris';
import { canonicalLexicals } from './engine-lexicals';
import { quadId } from './quad-owners';
import { embeddedTerms, nTriplesOf, RDF_LANG_STRING, triplesInJson, triplesInXml, type EmbeddedTriple } from './extract';

const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';
const XSD_INTEGER = 'http://www.w3.org/2001/XMLSchema#integer';
const S = 'http://example.org/s';
const P = 'http://example.org/p';
const O = 'http://example.org/o';

const iriTriple = (object = O): EmbeddedTriple => ({ subject: S, predicate: P, object: { iri: object } });
const typed = (value: string, datatype = XSD_STRING): EmbeddedTriple => ({ subject: S, predicate: P, object: { value, datatype } });
const tagged = (value: string, language: string): EmbeddedTriple => ({ subject: S, predicate: P, object: { value, language } });

describe('triples embedded in JSON', () => {
  const triple = (object: unknown, subject: unknown = S, predicate: unknown = P) => ({ triple: { subject, predicate, object } });

  // [name, document, the triples it embeds]
  const cases: Array<[string, unknown, EmbeddedTriple[]]> = [
    ['a string object is an IRI', triple(O), [iriTriple()]],
    ['{"value"} alone is an IRI', triple({ value: O }), [iriTriple()]],
    ['subject and predicate as {"value"}', triple(O, { value: S }, { value: P }), [iriTriple()]],
    ['a typed literal', triple({ value: 'London', datatype: XSD_STRING }), [typed('London')]],
    ['an integer literal keeps its lexical form', triple({ value: '042', datatype: XSD_INTEGER }), [typed('042', XSD_INTEGER)]],
    ['a language tag as "lang"', triple({ value: 'Londres', lang: 'fr' }), [tagged('Londres', 'fr')]],
    ['a language tag as "xml:lang"', triple({ value: 'London', 'xml:lang': 'en-GB' }), [tagged('London', 'en-GB')]],
    ['a language tag with rdf:langString', triple({ value: 'x', lang: 'de', datatype: RDF_LANG_STRING }), [tagged('x', 'de')]],
    ['a literal keeps its whitespace; IRIs are trimmed', triple({ value: '  two  words ', datatype: XSD_STRING }, ` ${S} `), [typed('  two  words ')]],
    ['path-form IRIs as written', triple('people/ada', '/docs/1', 'knows'), [{ subject: '/docs/1', predicate: 'knows', object: { iri: 'people/ada' } }]],
    [
      'anywhere in the tree, in document order',
      { a: [1, { b: triple('http://example.org/1') }], c: { d: { e: [triple('http://example.org/2'), triple('http://example.org/3')] } }, f: triple('http://example.org/4') },
      ['1', '2', '3', '4'].map((n) => iriTriple(`http://example.org/${n}`)),
    ],
    ['an array of triples (a Data Hub envelope)', { triples: [triple('http://example.org/1'), triple('http://example.org/2')] }, [iriTriple('http://example.org/1'), iriTriple('http://example.org/2')]],
    ['siblings of "triple" are searched too', { triple: triple(O).triple, more: { triple: triple('http://example.org/2').triple } }, [iriTriple(), iriTriple('http://example.org/2')]],
    // Not triples: the document is stored, the construct is just not a triple.
    ['a number object', triple(42), []],
    ['a boolean object', triple(true), []],
    ['a null object', triple(null), []],
    ['a number value', triple({ value: 42, datatype: XSD_INTEGER }), []],
    ['an empty IRI', triple(''), []],
    ['a blank subject', triple(O, '   '), []],
    ['an array object', triple([O]), []],
    ['a missing part', { triple: { subject: S, predicate: P } }, []],
    ['an extra key in the triple', { triple: { subject: S, predicate: P, object: O, graph: 'http://example.org/g' } }, []],
    ['an unknown key in the object', triple({ value: 'x', datatype: XSD_STRING, note: 'n' }), []],
    ['"lang" and "xml:lang" together', triple({ value: 'x', lang: 'en', 'xml:lang': 'en' }), []],
    ['a language tag with another datatype', triple({ value: 'x', lang: 'en', datatype: XSD_STRING }), []],
    ['a malformed language tag', triple({ value: 'x', lang: 'en_GB' }), []],
    ['an empty datatype', triple({ value: 'x', datatype: '' }), []],
    ['a datatype on the subject', triple(O, { value: S, datatype: XSD_STRING }), []],
    ['"triple" holding an array', { triple: [triple(O).triple] }, []],
    ['"triples" is not "triple"', { triples: triple(O).triple }, []],
    ['scalars and empty values', [null, 1, 'x', true, {}, []], []],
  ];

  test.each(cases)('%s', (_name, document, expected) => {
    expect(triplesInJson(document)).toEqual(expected);
  });

  test('a deep document is walked without recursion', () => {
    let document: unknown = triple(O);
    for (let i = 0; i < 100_000; i++) document = { child: document };
    expect(triplesInJson(document)).toEqual([iriTriple()]);
  });
});

describe('triples embedded in XML', () => {
  const SEM = 'xmlns:sem="http://marklogic.com/semantics"';
  const semTriple = (object: string, subject = `<sem:subject>${S}</sem:subject>`, predicate = `<sem:predicate>${P}</sem:predicate>`) =>
    `<sem:triple>${subject}${predicate}${object}</sem:triple>`;
  const inDoc = (body: string) => `<doc ${SEM}>${body}</doc>`;

  const cases: Array<[string, string, EmbeddedTriple[]]> = [
    ['an object without attributes is an IRI', inDoc(semTriple(`<sem:object>${O}</sem:object>`)), [iriTriple()]],
    ['a typed literal', inDoc(semTriple(`<sem:object datatype="${XSD_STRING}">London</sem:object>`)), [typed('London')]],
    ['a language-tagged string', inDoc(semTriple('<sem:object xml:lang="fr">Londres</sem:object>')), [tagged('Londres', 'fr')]],
    [
      'inside sem:triples, as MarkLogic documents it',
      `<article><info><title>News</title><sem:triples ${SEM}>${semTriple(`<sem:object datatype="${XSD_STRING}">London</sem:object>`)}</sem:triples></info></article>`,
      [typed('London')],
    ],
    [
      'bare, deep in mixed content (the guide\'s report example)',
      `<SAR><description>A blue van was seen <sem:triple ${SEM}><sem:subject>IRIID</sem:subject><sem:predicate>isa</sem:predicate><sem:object datatype="${XSD_STRING}">van</sem:object></sem:triple> near the sign.</description></SAR>`,
      [{ subject: 'IRIID', predicate: 'isa', object: { value: 'van', datatype: XSD_STRING } }],
    ],
    [
      'whitespace, comments and CDATA',
      inDoc(`<sem:triple>\n  <!-- s -->\n  <sem:subject> ${S} </sem:subject>\n  <sem:predicate>${P}</sem:predicate>\n  <sem:object datatype="${XSD_STRING}"><![CDATA[a < b]]> &amp; c</sem:object>\n</sem:triple>`),
      [typed('a < b & c')],
    ],
    ['another prefix for the same namespace', `<x:triple xmlns:x="http://marklogic.com/semantics"><x:subject>${S}</x:subject><x:predicate>${P}</x:predicate><x:object>${O}</x:object></x:triple>`, [iriTriple()]],
    ['the default namespace', `<triple xmlns="http://marklogic.com/semantics"><subject>${S}</subject><predicate>${P}</predicate><object>${O}</object></triple>`, [iriTriple()]],
    [
      'several, in document order',
      inDoc(['1', '2', '3'].map((n) => semTriple(`<sem:object>http://example.org/${n}</sem:object>`)).join('<other/>')),
      ['1', '2', '3'].map((n) => iriTriple(`http://example.org/${n}`)),
    ],
    // Not triples.
    ['a triple element in no namespace', `<doc><triple><subject>${S}</subject><predicate>${P}</predicate><object>${O}</object></triple></doc>`, []],
    ['a part missing', inDoc(`<sem:triple><sem:subject>${S}</sem:subject><sem:object>${O}</sem:object></sem:triple>`), []],
    ['parts out of order', inDoc(`<sem:triple><sem:predicate>${P}</sem:predicate><sem:subject>${S}</sem:subject><sem:object>${O}</sem:object></sem:triple>`), []],
    ['an extra part', inDoc(semTriple(`<sem:object>${O}</sem:object><sem:graph>g</sem:graph>`)), []],
    ['text between the parts', inDoc(semTriple(`text<sem:object>${O}</sem:object>`)), []],
    ['an element inside the object', inDoc(semTriple(`<sem:object><b>${O}</b></sem:object>`)), []],
    ['an empty subject', inDoc(semTriple(`<sem:object>${O}</sem:object>`, '<sem:subject> </sem:subject>')), []],
    ['a datatype on the predicate', inDoc(semTriple(`<sem:object>${O}</sem:object>`, undefined, `<sem:predicate datatype="${XSD_STRING}">${P}</sem:predicate>`)), []],
    ['an unknown attribute on the object', inDoc(semTriple(`<sem:object kind="x">${O}</sem:object>`)), []],
    ['a malformed language tag', inDoc(semTriple('<sem:object xml:lang="en GB">x</sem:object>')), []],
    ['an empty IRI object', inDoc(semTriple('<sem:object></sem:object>')), []],
  ];

  test.each(cases)('%s', (_name, text, expected) => {
    expect(triplesInXml(parseXml(text))).toEqual(expected);
  });

  test('an empty literal is a literal', () => {
    expect(triplesInXml(parseXml(inDoc(semTriple(`<sem:object datatype="${XSD_STRING}"/>`))))).toEqual([typed('')]);
  });

  test('a valid triple nested in an invalid one is found on its own', () => {
    const inner = semTriple('<sem:object>http://example.org/inner</sem:object>');
    expect(triplesInXml(parseXml(inDoc(semTriple(`<sem:object>${O}</sem:object>`, `<sem:subject>${inner}</sem:subject>`))))).toEqual([iriTriple('http://example.org/inner')]);
  });
});

/** One triple of each kind of term: an IRI object, strings needing escapes, a number, a language, path forms and awkward IRI characters. */
const everyKind: EmbeddedTriple[] = [
  iriTriple(),
  typed('say "hi"\\\n\r\tthere', XSD_STRING),
  typed('7', XSD_INTEGER),
  tagged('Grüße 🦄', 'de-CH'),
  { subject: 'people/ada', predicate: 'knows', object: { iri: 'http://example.org/a b<c>{d}|e^f`g\\h"' } },
];

describe('IRIs the engine cannot hold', () => {
  // Each would end an IRI or a line of the engine's dump: the construct is not a triple.
  const bad = ['http://example.org/a b', 'http://example.org/a>b', 'http://example.org/a\nb', 'http://example.org/a"b', 'http://example.org/{a}', 'http://example.org/a|b', 'http://example.org/a^b', 'http://example.org/a`b', 'http://example.org/a\\b', 'http://example.org/a<b'];
  test.for(bad.flatMap((iri) => (['subject', 'predicate', 'object', 'datatype'] as const).map((where) => ({ iri, where }))))('$where $iri: not a triple, in JSON and in XML', ({ iri, where }) => {
    const part = (name: string, fallback: string) => (where === name ? iri : fallback);
    const object = where === 'datatype' ? { value: 'v', datatype: iri } : part('object', O);
    expect(triplesInJson({ triple: { subject: part('subject', S), predicate: part('predicate', P), object } })).toEqual([]);
    const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    const objectXml = where === 'datatype' ? `<sem:object datatype="${esc(iri)}">v</sem:object>` : `<sem:object>${esc(part('object', O))}</sem:object>`;
    const xml = `<d xmlns:sem="http://marklogic.com/semantics"><sem:triple><sem:subject>${esc(part('subject', S))}</sem:subject><sem:predicate>${esc(part('predicate', P))}</sem:predicate>${objectXml}</sem:triple></d>`;
    expect(triplesInXml(parseXml(xml))).toEqual([]);
  });

  test('a literal may hold any character', () => {
    const value = 'a "b" <c>\n\\ d';
    expect(triplesInJson({ triple: { subject: S, predicate: P, object: { value, datatype: XSD_STRING } } })).toEqual([typed(value)]);
  });
});

describe('nTriplesOf', () => {
  test('the engine reads back every kind of term as written', () => {
    const triples = everyKind;
    const store = new ox.Store();
    store.load(nTriplesOf(triples), { format: 'application/n-triples', lenient: true });
    const back = store.match().map((q) => q.toString());
    const expected = [
      `<${S}> <${P}> <${O}>`,
      `<${S}> <${P}> "say \\"hi\\"\\\\\\n\\r\\tthere"`,
      `<${S}> <${P}> "7"^^<${XSD_INTEGER}>`,
      `<${S}> <${P}> "Grüße 🦄"@de-ch`,
    ];
    for (const line of expected) expect(back).toContain(line);
    const relative = store.match(ox.namedNode(`${RELATIVE_BASE}people/ada`), ox.namedNode(`${RELATIVE_BASE}knows`));
    expect(relative.map((q) => q.object.value)).toEqual(['http://example.org/a b<c>{d}|e^f`g\\h"']);
    expect(store.size).toBe(triples.length);
  });

  test('no triples, no text', () => {
    expect(nTriplesOf([])).toBe('');
  });
});

describe('embeddedTerms', () => {
  test('a triple has the same quad id from its own terms as from the quad the engine reads from its N-Triples, in any graph', () => {
    const triples: EmbeddedTriple[] = [
      ...everyKind,
      // XSD values the engine holds natively and writes canonically, and others it keeps as written.
      typed('007', XSD_INTEGER),
      typed('+1.50', 'http://www.w3.org/2001/XMLSchema#decimal'),
      typed('1e3', 'http://www.w3.org/2001/XMLSchema#double'),
      typed('TRUE', 'http://www.w3.org/2001/XMLSchema#boolean'),
      typed('2024-01-01T10:00:00+02:00', 'http://www.w3.org/2001/XMLSchema#dateTime'),
      typed('not a number', XSD_INTEGER),
      tagged('Grüße 🦄', 'DE-ch'),
      { subject: S, predicate: P, object: { value: 'v', datatype: 'types/local' } },
    ];
    const store = new ox.Store();
    store.load(nTriplesOf(triples), { format: 'application/n-triples', lenient: true });
    // "007" and "7" as integers, de-CH and DE-ch: one quad each in the engine, and one id each.
    const engine = store.match();
    expect(engine).toHaveLength(triples.length - 2);
    const canonical = canonicalLexicals(ox, triples);
    for (const graph of [ox.defaultGraph(), ox.namedNode('http://example.org/collection')]) {
      const fromEngine = new Set(engine.map((q) => quadId(q.subject, q.predicate, q.object, graph).join(':')));
      const fromTerms = new Set(triples.map((t) => quadId(...embeddedTerms(t, canonical), graph).join(':')));
      expect(fromTerms).toEqual(fromEngine);
    }
  });
});
