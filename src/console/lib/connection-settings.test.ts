import { describe, expect, test } from 'vitest';
import { ApiError } from '../../client/create-client';
import {
  actingUser,
  appliedConnection,
  clientOptions,
  connectionKey,
  databaseChoices,
  databaseInUse,
  defaultSettings,
  loadSettings,
  missingDatabase,
  namesMissingDatabase,
  saveSettings,
  serverKey,
  STORAGE_KEY,
  validateBaseUrl,
  withDatabase,
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
      stored: JSON.stringify({ target: 'remote', baseUrl: 'http://127.0.0.1:8000', user: 'admin', password: 'admin', database: 'shop' }),
      expected: { target: 'remote', baseUrl: 'http://127.0.0.1:8000', user: 'admin', password: 'admin', database: 'shop' },
    },
    {
      name: 'a remote target without a usable URL, which falls back to this browser',
      stored: JSON.stringify({ target: 'remote', baseUrl: 'ftp://x', user: 'u', password: 'p' }),
      expected: { target: 'local', baseUrl: 'ftp://x', user: 'u', password: 'p', database: '' },
    },
    {
      name: 'settings saved before there were databases to choose: the default database',
      stored: JSON.stringify({ target: 'local', baseUrl: '', user: 'rest-reader', password: 'rest-reader' }),
      expected: { ...defaultSettings, user: 'rest-reader', password: 'rest-reader' },
    },
    {
      name: 'fields of the wrong type, which are dropped',
      stored: JSON.stringify({ target: 'mars', baseUrl: 7, user: ['x'], password: null, database: 42 }),
      expected: defaultSettings,
    },
    ...[' padded', 'new\nline', 'tab\there', 'x'.repeat(257)].map((database) => ({
      name: `a database name no server has (${JSON.stringify(database.slice(0, 12))}), which is dropped`,
      stored: JSON.stringify({ target: 'local', database }),
      expected: defaultSettings,
    })),
  ])('gives sane settings for $name', ({ stored, expected }) => {
    expect(loadSettings(storageWith(stored))).toEqual(expected);
  });

  test('round-trips what saveSettings wrote', () => {
    const store = new Map<string, string>();
    const settings: ConnectionSettings = { target: 'local', baseUrl: '', user: 'rest-reader', password: 'rest-reader', database: 'demo' };
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
    expect(clientOptions(defaultSettings)).toStrictEqual({ baseUrl: undefined, user: undefined, password: undefined, database: undefined });
    expect(clientOptions({ ...defaultSettings, user: 'rest-reader', password: 'rest-reader', baseUrl: 'http://ignored' })).toEqual({
      baseUrl: undefined,
      user: 'rest-reader',
      password: 'rest-reader',
    });
  });

  test('a remote target uses its base URL', () => {
    expect(clientOptions({ target: 'remote', baseUrl: ' http://h:8000 ', user: 'admin', password: 'pw', database: '' })).toStrictEqual({
      baseUrl: 'http://h:8000',
      user: 'admin',
      password: 'pw',
      database: undefined,
    });
  });

  test('a database chosen is named on requests; the default is not', () => {
    expect(clientOptions({ ...defaultSettings, database: 'demo' }).database).toBe('demo');
    expect(clientOptions(defaultSettings).database).toBeUndefined();
  });

  test('the acting user shown is the chosen one, or the local default', () => {
    expect(actingUser(defaultSettings)).toBe('admin (default)');
    expect(actingUser({ ...defaultSettings, user: 'rest-writer' })).toBe('rest-writer');
    expect(actingUser({ target: 'remote', baseUrl: 'http://h', user: '', password: '', database: '' })).toBe('anonymous');
  });

  test('connection keys differ by target and by user, not by a trailing slash', () => {
    const remote: ConnectionSettings = { target: 'remote', baseUrl: 'http://h:8000/', user: 'admin', password: 'a', database: '' };
    expect(connectionKey(remote)).toBe(connectionKey({ ...remote, baseUrl: 'http://h:8000', password: 'b' }));
    expect(connectionKey(remote)).not.toBe(connectionKey({ ...remote, user: 'rest-reader' }));
    expect(connectionKey(defaultSettings)).not.toBe(connectionKey({ ...defaultSettings, user: 'admin' }));
  });

  test('connection keys differ by database; server keys do not', () => {
    const keys = ['', 'demo', 'shop'].map((database) => {
      const settings = { ...defaultSettings, database };
      return { connection: connectionKey(settings), server: serverKey(settings) };
    });
    expect(new Set(keys.map((k) => k.connection)).size).toBe(keys.length);
    expect(new Set(keys.map((k) => k.server)).size).toBe(1);
    // The default database keeps the key it had before there were databases to choose.
    expect(keys[0].connection).toBe(keys[0].server);
  });
});

describe('choosing a database', () => {
  const local = defaultSettings;
  const remote: ConnectionSettings = { target: 'remote', baseUrl: 'http://h:8000', user: 'admin', password: 'a', database: '' };

  test.for([
    { name: 'the local default, by its name', settings: local, choose: 'Documents', database: '' },
    { name: 'another local database', settings: local, choose: 'demo', database: 'demo' },
    { name: 'a remote database called Documents, named (its default is unknown)', settings: remote, choose: 'Documents', database: 'Documents' },
    { name: 'the default from another database', settings: { ...local, database: 'demo' }, choose: 'Documents', database: '' },
  ])('$name', ({ settings, choose, database }) => {
    const next = withDatabase(settings, choose);
    expect(next).toEqual({ ...settings, database });
    expect(databaseInUse(next)).toBe(choose);
  });

  test('the database in use is shown by name, or as the instance’s default on a remote server', () => {
    expect(databaseInUse(local)).toBe('Documents');
    expect(databaseInUse(remote)).toBe('the instance’s default');
  });

  const names = ['Documents', 'Modules', 'demo'];
  test.for([
    { name: 'local: the default once, by its name, then the others', settings: local, names, choices: [['', 'Documents'], ['Modules', 'Modules'], ['demo', 'demo']] },
    { name: 'local, list not known yet: the default, and the one in use', settings: { ...local, database: 'demo' }, names: undefined, choices: [['', 'Documents'], ['demo', 'demo']] },
    { name: 'local, the one in use missing from the list', settings: { ...local, database: 'gone' }, names, choices: [['', 'Documents'], ['Modules', 'Modules'], ['demo', 'demo'], ['gone', 'gone']] },
    { name: 'remote: the instance default, then every database', settings: remote, names, choices: [['', 'Instance default'], ['Documents', 'Documents'], ['Modules', 'Modules'], ['demo', 'demo']] },
  ])('choices, $name', ({ settings, names, choices }) => {
    expect(databaseChoices(settings, names).map((c) => [c.value, c.label])).toEqual(choices);
  });

  test.for([
    { database: '', names: [], missing: undefined },
    { database: 'demo', names, missing: undefined },
    { database: 'gone', names, missing: 'gone' },
  ])('missing: $database among $names → $missing', ({ database, names, missing }) => {
    expect(missingDatabase({ ...local, database }, names)).toBe(missing);
  });

  test.for([
    { name: 'a new user on the same server keeps the database', next: { ...remote, database: 'demo', user: 'other' }, database: 'demo' },
    { name: 'the same server with a trailing slash keeps it', next: { ...remote, database: 'demo', baseUrl: 'http://h:8000/' }, database: 'demo' },
    { name: 'another server goes back to its default', next: { ...remote, database: 'demo', baseUrl: 'http://other:8000' }, database: '' },
    { name: 'this browser after a remote server goes back to the default', next: { ...remote, database: 'demo', target: 'local' as const }, database: '' },
  ])('the connection form: $name', ({ next, database }) => {
    expect(appliedConnection({ ...remote, database: 'demo' }, next).database).toBe(database);
  });
});

describe('namesMissingDatabase: a refusal that says the database in use is gone', () => {
  const refusal = (messageCode: string, url: string, statusCode = 400) =>
    new ApiError({ statusCode, status: 'Bad Request', messageCode, message: `${messageCode}: (err:FOER0000) No such database: demo` }, { method: 'GET', url });
  test.for([
    { name: 'XDMP-NOSUCHDB for a request naming it', error: refusal('XDMP-NOSUCHDB', '/v1/search?q=x&database=demo'), gone: true },
    { name: 'on a remote server', error: refusal('XDMP-NOSUCHDB', 'http://h:8000/v1/documents?uri=%2Fa&database=demo'), gone: true },
    { name: 'XDMP-NOSUCHDB for a request naming another', error: refusal('XDMP-NOSUCHDB', '/v1/search?database=other'), gone: false },
    { name: 'the Management API’s 404 for another database’s counts', error: refusal('XDMP-NOSUCHDB', '/manage/v2/databases/demo?view=counts', 404), gone: false },
    { name: 'another refusal of a request naming it', error: refusal('REST-INVALIDPARAM', '/v1/search?database=demo'), gone: false },
    { name: 'not an API error', error: new Error('XDMP-NOSUCHDB'), gone: false },
  ])('$name: $gone', ({ error, gone }) => {
    expect(namesMissingDatabase(error, 'demo')).toBe(gone);
  });
});
