import { describe, expect, test } from 'vitest';
import { parseHash } from '../../../lib/hash-route';
import { graphsHref, readBrowserState, type BrowserState } from './browser-state';

const read = (hash: string) => readBrowserState(parseHash(hash).params);

describe('readBrowserState', () => {
  test.for([
    { name: 'nothing open on the bare page', hash: '#/graphs', state: { page: 1, tab: 'triples' } },
    { name: 'a graph with its page and tab', hash: '#/graphs?graph=http%3A%2F%2Fa.org%2Fg&page=3&tab=permissions', state: { graph: 'http://a.org/g', page: 3, tab: 'permissions' } },
    { name: 'a node', hash: '#/graphs?iri=http%3A%2F%2Fa.org%2Fx%231', state: { iri: 'http://a.org/x#1', page: 1, tab: 'triples' } },
    { name: 'the import form with a target', hash: '#/graphs?view=import&graph=g1', state: { view: 'import', graph: 'g1', page: 1, tab: 'triples' } },
    { name: 'page 1 for a page that is no whole positive number', hash: '#/graphs?graph=g&page=-2', state: { graph: 'g', page: 1, tab: 'triples' } },
    { name: 'the triples tab for an unknown tab', hash: '#/graphs?graph=g&tab=other', state: { graph: 'g', page: 1, tab: 'triples' } },
    { name: 'a predicate filter and its page', hash: '#/graphs?graph=g&page=2&p=http%3A%2F%2Fa.org%2Fp', state: { graph: 'g', page: 2, predicate: 'http://a.org/p', tab: 'triples' } },
    { name: "a class's instances", hash: '#/graphs?graph=g&class=http%3A%2F%2Fa.org%2FC', state: { graph: 'g', page: 1, class: 'http://a.org/C', tab: 'triples' } },
  ])('reads $name', ({ hash, state }) => {
    expect(read(hash)).toEqual({ graph: undefined, iri: undefined, view: undefined, predicate: undefined, class: undefined, ...state });
  });
});

describe('graphsHref', () => {
  test.for<{ name: string; state: Partial<BrowserState>; href: string }>([
    { name: 'the bare page', state: {}, href: '#/graphs' },
    { name: 'a graph without page 1 or the default tab', state: { graph: 'g', page: 1, tab: 'triples' }, href: '#/graphs?graph=g' },
    { name: 'a later page and the permissions tab', state: { graph: 'g', page: 2, tab: 'permissions' }, href: '#/graphs?graph=g&page=2&tab=permissions' },
    { name: 'a node, dropping graph paging', state: { iri: 'http://a/x#1', page: 4 }, href: '#/graphs?iri=http%3A%2F%2Fa%2Fx%231' },
    { name: 'the import form, keeping its target and nothing else', state: { view: 'import', graph: 'g', iri: 'x', page: 3 }, href: '#/graphs?view=import&graph=g' },
    { name: 'a predicate filter with its page', state: { graph: 'g', page: 2, predicate: 'p1' }, href: '#/graphs?graph=g&page=2&p=p1' },
    { name: "a class's instances, dropping a predicate filter", state: { graph: 'g', class: 'C', predicate: 'p1' }, href: '#/graphs?graph=g&class=C' },
    { name: 'a node, dropping the filters', state: { iri: 'x', class: 'C', predicate: 'p1' }, href: '#/graphs?iri=x' },
  ])('writes $name', ({ state, href }) => {
    expect(graphsHref(state)).toBe(href);
  });

  test('round-trips an IRI with every reserved character', () => {
    const iri = 'http://a.org/p?q=1&r=2#frag ment/+%';
    expect(read(graphsHref({ graph: iri, page: 2 }))).toMatchObject({ graph: iri, page: 2 });
    expect(read(graphsHref({ iri }))).toMatchObject({ iri });
  });
});
