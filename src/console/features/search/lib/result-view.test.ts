import { describe, expect, test } from 'vitest';
import type { SearchResult } from '../../../../client/types';
import { matchLocation, matchPieces, MAX_PREVIEW_CHARS, percent, resultBody } from './result-view';

const result = (extra: Partial<SearchResult>): SearchResult => ({
  index: 1,
  uri: '/r/soup.json',
  path: 'fn:doc("/r/soup.json")',
  score: 10,
  confidence: 0.5,
  fitness: 0.5,
  href: '/v1/documents?uri=%2Fr%2Fsoup.json',
  mimetype: 'application/json',
  format: 'json',
  ...extra,
});

test('match text becomes plain and highlighted pieces; other elements read as text; empty pieces go', () => {
  expect(matchPieces(['Tomato ', { highlight: 'soup' }, '', { emphasis: ' now' }])).toEqual([
    { text: 'Tomato ', highlight: false },
    { text: 'soup', highlight: true },
    { text: ' now', highlight: false },
  ]);
});

test.for([
  { path: 'fn:doc("/r/soup.json")/text("title")', location: 'text("title")' },
  { path: 'fn:doc("/r/soup.json")/recipe/notes', location: '/recipe/notes' },
  { path: 'fn:doc("/r/soup.json")', location: '' },
  { path: 'somewhere/else', location: 'somewhere/else' },
])('match location of $path', ({ path, location }) => {
  expect(matchLocation(path, '/r/soup.json')).toBe(location);
});

describe('what a result shows', () => {
  test('snippet matches, with their locations', () => {
    const body = resultBody(result({ matches: [{ path: 'fn:doc("/r/soup.json")/text("title")', 'match-text': ['a ', { highlight: 'b' }] }] }));
    expect(body).toEqual({ kind: 'matches', matches: [{ location: 'text("title")', pieces: [{ text: 'a ', highlight: false }, { text: 'b', highlight: true }] }] });
  });

  test.for([
    { name: 'empty-snippet (matches null)', extra: { matches: null }, body: { kind: 'none', reason: 'empty-snippet' } },
    { name: 'a snippet without matches', extra: { matches: [] }, body: { kind: 'none', reason: 'no-matches' } },
    { name: 'a custom snippet returning text', extra: { matches: 'plain words' }, body: { kind: 'text', text: 'plain words', truncated: false } },
    { name: 'raw JSON content', extra: { content: { a: 1 } }, body: { kind: 'text', text: '{\n  "a": 1\n}', truncated: false } },
    { name: 'raw XML content', extra: { format: 'xml', content: '<a>1</a>' }, body: { kind: 'text', text: '<a>1</a>', truncated: false } },
    { name: 'extracted parts', extra: { extracted: { kind: 'array', content: [{ t: 1 }, 'x'] } }, body: { kind: 'text', text: '{\n  "t": 1\n}\nx', truncated: false } },
  ] as const)('$name', ({ extra, body }) => {
    expect(resultBody(result(extra as Partial<SearchResult>))).toEqual(body);
  });

  test('long raw content is cut', () => {
    const body = resultBody(result({ content: 'x'.repeat(MAX_PREVIEW_CHARS + 5) }));
    expect(body.kind === 'text' && [body.text.length, body.truncated]).toEqual([MAX_PREVIEW_CHARS + 1, true]);
  });
});

test.for([
  { f: 0.6123, text: '61%' },
  { f: 0, text: '0%' },
  { f: 1, text: '100%' },
  { f: Number.NaN, text: '–' },
])('percent($f) is $text', ({ f, text }) => {
  expect(percent(f)).toBe(text);
});
