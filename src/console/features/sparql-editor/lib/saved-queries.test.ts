import { describe, expect, test } from 'vitest';
import { savedQueryText, savedQueryTitle, savedQueryUri } from './saved-queries';

describe('saved query titles', () => {
  test.for([
    { name: 'the first line comment', uri: '/tabula/queries/x.rq', text: '# Who knows whom\nSELECT * {}', title: 'Who knows whom' },
    { name: 'spaces around it trimmed', uri: '/tabula/queries/x.rq', text: '#   Spaced   \r\nASK {}', title: 'Spaced' },
    { name: 'no comment: the file name', uri: '/tabula/queries/people-by-age.rq', text: 'SELECT * {}', title: 'people-by-age' },
    { name: 'a comment on a later line is not a title', uri: '/tabula/queries/q%20one.rq', text: 'SELECT * {}\n# later', title: 'q one' },
    { name: 'an empty comment: the file name', uri: '/tabula/queries/e.rq', text: '#\nSELECT * {}', title: 'e' },
  ])('$name', ({ uri, text, title }) => {
    expect(savedQueryTitle(uri, text)).toBe(title);
  });

  test.for([
    ['Who knows whom?', '/tabula/queries/who-knows-whom.rq'],
    ['  Élan & Übung  ', '/tabula/queries/elan-ubung.rq'],
    ['???', '/tabula/queries/query.rq'],
  ])('%s is saved at %s', ([title, uri]) => {
    expect(savedQueryUri(title)).toBe(uri);
  });

  test.for([
    { name: 'a title line is added', query: 'SELECT * {}', text: '# New\nSELECT * {}' },
    { name: 'an existing title line is replaced', query: '# Old\nSELECT * {}', text: '# New\nSELECT * {}' },
    { name: 'other comments stay', query: 'PREFIX a: <a:>\n# note\nSELECT * {}', text: '# New\nPREFIX a: <a:>\n# note\nSELECT * {}' },
  ])('$name', ({ query, text }) => {
    expect(savedQueryText(' New ', query)).toBe(text);
    expect(savedQueryTitle('/tabula/queries/x.rq', savedQueryText('New', query))).toBe('New');
  });
});
