import { expect, test } from 'vitest';
import { addColumn, databaseKey, moveColumn, readColumns, removeColumn, writeColumns } from './column-prefs';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
}

test('columns are remembered per database, not per user; undefined goes back to automatic', () => {
  const storage = memoryStorage();
  const local = databaseKey({ target: 'local', baseUrl: '', instance: '', database: '' });
  const other = databaseKey({ target: 'local', baseUrl: '', instance: '', database: 'Other' });
  const remote = databaseKey({ target: 'remote', baseUrl: 'http://h:8000/', instance: '', database: '' });
  expect(new Set([local, other, remote]).size).toBe(3);
  expect(remote).toBe(databaseKey({ target: 'remote', baseUrl: 'http://h:8000', instance: '', database: '' }));
  expect(readColumns(storage, local)).toBeUndefined();
  writeColumns(storage, local, ['name', 'age']);
  expect(readColumns(storage, local)).toEqual(['name', 'age']);
  expect(readColumns(storage, other)).toBeUndefined();
  writeColumns(storage, local, undefined);
  expect(readColumns(storage, local)).toBeUndefined();
});

test('what is stored malformed reads as automatic; a refusing storage is survived', () => {
  const storage = memoryStorage();
  storage.setItem('tabula.documentColumns:x', '{"not":"a list"}');
  expect(readColumns(storage, 'x')).toBeUndefined();
  storage.setItem('tabula.documentColumns:x', 'not json');
  expect(readColumns(storage, 'x')).toBeUndefined();
  const full = { ...storage, setItem: () => { throw new Error('QuotaExceededError'); } };
  expect(() => writeColumns(full, 'x', ['a'])).not.toThrow();
});

test('add, remove and move columns', () => {
  expect(addColumn(['a'], 'b')).toEqual(['a', 'b']);
  expect(addColumn(['a'], 'a')).toEqual(['a']);
  expect(removeColumn(['a', 'b'], 'a')).toEqual(['b']);
  expect(moveColumn(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
  expect(moveColumn(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
  expect(moveColumn(['a', 'b', 'c'], 'a', 5)).toEqual(['b', 'c', 'a']);
  expect(moveColumn(['a'], 'z', 1)).toEqual(['a']);
});
