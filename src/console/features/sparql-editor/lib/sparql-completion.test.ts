import { describe, expect, test } from 'vitest';
import { CompletionContext, type Completion, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState, type TransactionSpec } from '@codemirror/state';
import { lexicalContext, prefixDeclaration, sparqlCompletions, type DataVocabulary } from './sparql-completion';

const FOAF = 'http://xmlns.com/foaf/0.1/';
const vocabulary: DataVocabulary = {
  predicates: [`${FOAF}name`, `${FOAF}knows`, 'http://example.org/vocab#weird/local', 'marklogic.com/p1'],
  classes: [`${FOAF}Person`],
};

/** Completes at the `|` of `doc`. */
function completeAt(doc: string, { explicit = false, vocab = vocabulary } = {}) {
  const pos = doc.indexOf('|');
  const state = EditorState.create({ doc: doc.slice(0, pos) + doc.slice(pos + 1), selection: { anchor: pos } });
  const result = sparqlCompletions(() => vocab)(new CompletionContext(state, pos, explicit)) as CompletionResult | null;
  return { state, pos, result };
}

const labels = (result: CompletionResult | null) => result?.options.map((o) => o.label) ?? [];

/** Applies a completion as CodeMirror would, on a bare state; returns the new text and cursor. */
function pick(state: EditorState, result: CompletionResult, label: string, to: number) {
  const option = result.options.find((o) => o.label === label) as Completion;
  let next = state;
  const editor = { get state() { return next; }, dispatch: (spec: TransactionSpec) => { next = next.update(spec).state; } };
  if (typeof option.apply === 'function') option.apply(editor as never, option, result.from, to);
  else editor.dispatch({ changes: { from: result.from, to, insert: option.apply ?? option.label }, selection: { anchor: result.from + (option.apply ?? option.label).length } });
  const text = next.doc.toString();
  const head = next.selection.main.head;
  return `${text.slice(0, head)}|${text.slice(head)}`;
}

describe('prefix declarations', () => {
  test('typing PREFIX fo offers foaf with its namespace, and picking it writes the declaration', () => {
    const { state, pos, result } = completeAt('PREFIX fo|');
    expect(labels(result)).toContain(`foaf: <${FOAF}>`);
    expect(result!.from).toBe('PREFIX '.length);
    expect(pick(state, result!, `foaf: <${FOAF}>`, pos)).toBe(`PREFIX foaf: <${FOAF}>|`);
  });

  test('prefixes already declared are not offered again', () => {
    const { result } = completeAt(`PREFIX foaf: <${FOAF}>\nPREFIX |`);
    expect(labels(result)).not.toContain(`foaf: <${FOAF}>`);
    expect(labels(result)).toContain('rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>');
  });

  test('after PREFIX name: the known namespace is offered', () => {
    expect(labels(completeAt('PREFIX skos: |').result)).toEqual(['<http://www.w3.org/2004/02/skos/core#>']);
    expect(labels(completeAt('PREFIX skos: <http://www.w3|').result)).toEqual(['<http://www.w3.org/2004/02/skos/core#>']);
    expect(completeAt('PREFIX mine: |').result).toBeNull();
  });
});

describe('prefixed names', () => {
  test('an undeclared known prefix offers its declaration, and picking it adds the line above and keeps the text', () => {
    const { state, pos, result } = completeAt('SELECT * WHERE { ?s foaf:| ?o }');
    expect(labels(result)[0]).toBe(`PREFIX foaf: <${FOAF}>`);
    expect(pick(state, result!, `PREFIX foaf: <${FOAF}>`, pos)).toBe(`PREFIX foaf: <${FOAF}>\nSELECT * WHERE { ?s foaf:| ?o }`);
  });

  test('predicates and classes of the namespace are offered by local name, and picking one also declares the prefix', () => {
    const { state, pos, result } = completeAt('# people\nPREFIX ex: <http://example.org/>\nSELECT * WHERE { ?s foaf:na| }');
    expect(labels(result)).toEqual([`PREFIX foaf: <${FOAF}>`, 'foaf:name']);
    expect(pick(state, result!, 'foaf:name', pos)).toBe(`# people\nPREFIX ex: <http://example.org/>\nPREFIX foaf: <${FOAF}>\nSELECT * WHERE { ?s foaf:name| }`);
  });

  test('a declared prefix offers only the terms, under the namespace the query declares', () => {
    const { result } = completeAt(`PREFIX f: <${FOAF}>\nSELECT * { ?s a f:| }`);
    expect(labels(result)).toEqual(['f:Person', 'f:name', 'f:knows']);
    const boosts = Object.fromEntries(result!.options.map((o) => [o.label, o.boost ?? 0]));
    expect(boosts['f:Person']).toBeGreaterThan(boosts['f:name']);
  });

  test('an unknown undeclared prefix offers nothing', () => {
    expect(completeAt('SELECT * { ?s zzz:| }').result).toBeNull();
  });
});

describe('full IRIs and explicit completion', () => {
  test('inside an unfinished IRI the data IRIs are offered in angle brackets', () => {
    const { result } = completeAt('SELECT * { ?s <http://xml| }');
    expect(result!.from).toBe('SELECT * { ?s '.length);
    expect(labels(result)).toEqual(expect.arrayContaining([`<${FOAF}name>`, '<marklogic.com/p1>']));
  });

  test('Ctrl+Space on a bare word offers every term, compacted where a prefix fits and kept whole where none does', () => {
    const { result } = completeAt('SELECT * { ?s | }', { explicit: true });
    expect(labels(result)).toEqual(['foaf:Person', 'foaf:name', 'foaf:knows', '<http://example.org/vocab#weird/local>', '<marklogic.com/p1>']);
  });

  test('nothing pops up unasked on a bare word', () => {
    expect(completeAt('SELECT * { ?s na| }').result).toBeNull();
  });

  test.for([
    { name: 'in a comment', doc: '# foaf:|\nSELECT *' },
    { name: 'in a string', doc: 'SELECT * { ?s ?p "foaf:|" }' },
  ])('nothing is offered $name', ({ doc }) => {
    expect(completeAt(doc, { explicit: true }).result).toBeNull();
  });
});

describe('lexicalContext', () => {
  test.for([
    { name: 'code after a closed IRI holding a #', doc: 'PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> |', expected: 'code' },
    { name: 'an unfinished IRI', doc: 'SELECT * { <http://x|', expected: 'iri' },
    { name: 'inside a closed IRI', doc: 'SELECT * { <http://x|y> }', expected: 'iri' },
    { name: 'a comment', doc: 'SELECT * # all |', expected: 'comment' },
    { name: 'the line after a comment', doc: '# c\n|', expected: 'code' },
    { name: 'a long string across lines', doc: 'SELECT * { ?s ?p """a\nb| """ }', expected: 'string' },
    { name: 'after an escaped quote, still in the string', doc: 'SELECT * { ?s ?p "a\\"b|" }', expected: 'string' },
    { name: 'after a closed string', doc: 'SELECT * { ?s ?p "a" |', expected: 'code' },
    { name: 'the line after an unclosed short string', doc: '"abc\n|', expected: 'code' },
    { name: 'a comparison is not an IRI', doc: 'FILTER(?x < 3 && ?y > |', expected: 'code' },
  ])('finds $name', ({ doc, expected }) => {
    const pos = doc.indexOf('|');
    expect(lexicalContext(doc.slice(0, pos) + doc.slice(pos + 1), pos)).toBe(expected);
  });
});

test('prefixDeclaration goes below leading comments when the query declares nothing', () => {
  expect(prefixDeclaration('# title\nSELECT *', 'ex', 'http://e/')).toEqual({ from: 8, insert: 'PREFIX ex: <http://e/>\n' });
  expect(prefixDeclaration('BASE <http://b/>\nSELECT *', 'ex', 'http://e/')).toEqual({ from: 16, insert: '\nPREFIX ex: <http://e/>' });
});
