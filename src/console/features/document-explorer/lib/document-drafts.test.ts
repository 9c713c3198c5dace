import { expect, test } from 'vitest';
import { draftStatus, draftsStorageKey, readDrafts, withDraft, withoutDraft, writeDrafts, type DocumentDraft } from './document-drafts';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
}

const draft = (uri: string, text: string, base = '{}'): DocumentDraft => ({ uri, format: 'json', text, base, updated: 1 });

test('a draft is kept per database and read back as written; the last one removed leaves no key', () => {
  const storage = memoryStorage();
  const drafts = withDraft(withDraft({}, draft('/a.json', '{"a":1}')), draft('/b.json', '{"b":1}'));
  expect(writeDrafts(storage, 'db1', drafts)).toBe(true);
  expect(readDrafts(storage, 'db1')).toEqual(drafts);
  expect(readDrafts(storage, 'db2')).toEqual({});
  const fewer = withoutDraft(withoutDraft(drafts, '/a.json'), '/b.json');
  expect(fewer).toEqual({});
  writeDrafts(storage, 'db1', fewer);
  expect(storage.m.size).toBe(0);
});

test('an edit back to the text it began from is no draft', () => {
  const drafts = withDraft({}, draft('/a.json', '{"a":1}'));
  expect(withDraft(drafts, draft('/a.json', '{}'))).toEqual({});
  expect(withoutDraft(drafts, '/none.json')).toBe(drafts);
});

test('malformed storage is ignored entry by entry', () => {
  const storage = memoryStorage();
  storage.setItem('tabula.documentDrafts:db', JSON.stringify({ '/ok.json': draft('/ok.json', 'x'), '/bad.json': { uri: '/bad.json', text: 1 }, '/moved.json': draft('/elsewhere.json', 'x') }));
  expect(Object.keys(readDrafts(storage, 'db'))).toEqual(['/ok.json']);
  storage.setItem('tabula.documentDrafts:db', '[1,2]');
  expect(readDrafts(storage, 'db')).toEqual({});
  storage.setItem('tabula.documentDrafts:db', '{oops');
  expect(readDrafts(storage, 'db')).toEqual({});
});

test('a storage that refuses reports it', () => {
  const full = { ...memoryStorage(), setItem: () => { throw new Error('QuotaExceededError'); } };
  expect(writeDrafts(full, 'db', withDraft({}, draft('/a.json', 'x')))).toBe(false);
});

test('status: none, unsaved, or conflict once the document changed since the draft began', () => {
  const d = draft('/a.json', '{"a":2}', '{"a":1}');
  expect(draftStatus(undefined, '{"a":1}')).toBe('none');
  expect(draftStatus(d, '{"a":1}')).toBe('unsaved');
  expect(draftStatus(d, undefined)).toBe('unsaved');
  expect(draftStatus(d, '{"a":3}')).toBe('conflict');
});

test('each database has its own storage key, all sharing one prefix', () => {
  expect(draftsStorageKey('db')).not.toBe(draftsStorageKey('other'));
  expect(draftsStorageKey('db').startsWith(draftsStorageKey(''))).toBe(true);
});
