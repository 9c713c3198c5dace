import { describe, expect, test } from 'vitest';
import {
  actingUser,
  clientOptions,
  connectionKey,
  defaultSettings,
  loadSettings,
  saveSettings,
  STORAGE_KEY,
  validateBaseUrl,
  type ConnectionSettings,
} from './connection-settings';

const storageWith = (value: string | null) => ({ getItem: (key: string) => (key === STORAGE_KEY ? value : null) });

describe('loadSettings', () => {
  test.for([
    { name: 'nothing stored', stored: null, expected: defaultSettings },
    { name: 'corrupt JSON', stored: '{nope', expected: defaultSettings },
    { name: 'a non-object', stored: '"local"', expected: defaultSettings },
    {
      name: 'a remote target with credentials',
      stored: JSON.stringify({ target: 'remote', baseUrl: 'http://127.0.0.1:8000', user: 'admin', password: 'admin' }),
      expected: { target: 'remote', baseUrl: 'http://127.0.0.1:8000', user: 'admin', password: 'admin' },
    },
    {
      name: 'a remote target without a usable URL, which falls back to this browser',
      stored: JSON.stringify({ target: 'remote', baseUrl: 'ftp://x', user: 'u', password: 'p' }),
      expected: { target: 'local', baseUrl: 'ftp://x', user: 'u', password: 'p' },
    },
    {
      name: 'fields of the wrong type, which are dropped',
      stored: JSON.stringify({ target: 'mars', baseUrl: 7, user: ['x'], password: null }),
      expected: defaultSettings,
    },
  ])('gives sane settings for $name', ({ stored, expected }) => {
    expect(loadSettings(storageWith(stored))).toEqual(expected);
  });

  test('round-trips what saveSettings wrote', () => {
    const store = new Map<string, string>();
    const settings: ConnectionSettings = { target: 'local', baseUrl: '', user: 'rest-reader', password: 'rest-reader' };
    saveSettings({ setItem: (k, v) => store.set(k, v) }, settings);
    expect(loadSettings({ getItem: (k) => store.get(k) ?? null })).toEqual(settings);
  });

  test('saveSettings survives a storage that throws', () => {
    expect(() =>
      saveSettings({ setItem: () => { throw new Error('QuotaExceededError'); } }, defaultSettings),
    ).not.toThrow();
  });
});

test.for([
  { url: 'http://127.0.0.1:8000', ok: true },
  { url: 'https://ml.example.com/base/', ok: true },
  { url: '', ok: false },
  { url: 'localhost:8000', ok: false },
  { url: 'ftp://host', ok: false },
  { url: 'http://host/?x=1', ok: false },
])('validateBaseUrl accepts $url: $ok', ({ url, ok }) => {
  expect(validateBaseUrl(url) === undefined).toBe(ok);
});

describe('what a connection means for requests', () => {
  test('a local target uses this origin and sends credentials only when a user is chosen', () => {
    expect(clientOptions(defaultSettings)).toEqual({ baseUrl: undefined, user: undefined, password: undefined });
    expect(clientOptions({ ...defaultSettings, user: 'rest-reader', password: 'rest-reader', baseUrl: 'http://ignored' })).toEqual({
      baseUrl: undefined,
      user: 'rest-reader',
      password: 'rest-reader',
    });
  });

  test('a remote target uses its base URL', () => {
    expect(clientOptions({ target: 'remote', baseUrl: ' http://h:8000 ', user: 'admin', password: 'pw' })).toEqual({
      baseUrl: 'http://h:8000',
      user: 'admin',
      password: 'pw',
    });
  });

  test('the acting user shown is the chosen one, or the local default', () => {
    expect(actingUser(defaultSettings)).toBe('admin (default)');
    expect(actingUser({ ...defaultSettings, user: 'rest-writer' })).toBe('rest-writer');
    expect(actingUser({ target: 'remote', baseUrl: 'http://h', user: '', password: '' })).toBe('anonymous');
  });

  test('connection keys differ by target and by user, not by a trailing slash', () => {
    const remote: ConnectionSettings = { target: 'remote', baseUrl: 'http://h:8000/', user: 'admin', password: 'a' };
    expect(connectionKey(remote)).toBe(connectionKey({ ...remote, baseUrl: 'http://h:8000', password: 'b' }));
    expect(connectionKey(remote)).not.toBe(connectionKey({ ...remote, user: 'rest-reader' }));
    expect(connectionKey(defaultSettings)).not.toBe(connectionKey({ ...defaultSettings, user: 'admin' }));
  });
});
