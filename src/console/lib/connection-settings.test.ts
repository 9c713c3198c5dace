import { describe, expect, test } from 'vitest';
import { ApiError, type RestInstance } from '../../client/create-client';
import {
  actingUser,
  appliedConnection,
  clientOptions,
  connectionKey,
  databaseChoices,
  databaseInUse,
  defaultDatabase,
  defaultSettings,
  instanceChoices,
  instanceHeldBack,
  instanceInUse,
  instanceText,
  loadSettings,
  missingDatabase,
  missingInstance,
  namesMissingDatabase,
  namesMissingInstance,
  saveSettings,
  serverClientOptions,
  serverKey,
  STORAGE_KEY,
  validateBaseUrl,
  withDatabase,
  withInstance,
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
      expected: { ...defaultSettings, target: 'remote', baseUrl: 'http://127.0.0.1:8000', user: 'admin', password: 'admin', database: 'shop' },
    },
    {
      name: 'a remote target without a usable URL, which falls back to this browser',
      stored: JSON.stringify({ target: 'remote', baseUrl: 'ftp://x', user: 'u', password: 'p' }),
      expected: { ...defaultSettings, baseUrl: 'ftp://x', user: 'u', password: 'p' },
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
    const settings: ConnectionSettings = { ...defaultSettings, user: 'rest-reader', password: 'rest-reader', database: 'demo' };
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
    expect(clientOptions({ ...defaultSettings, target: 'remote', baseUrl: ' http://h:8000 ', user: 'admin', password: 'pw' })).toStrictEqual({
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
    expect(actingUser({ ...defaultSettings, target: 'remote', baseUrl: 'http://h' })).toBe('anonymous');
  });

  test('connection keys differ by target and by user, not by a trailing slash', () => {
    const remote: ConnectionSettings = { ...defaultSettings, target: 'remote', baseUrl: 'http://h:8000/', user: 'admin', password: 'a' };
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
  const remote: ConnectionSettings = { ...defaultSettings, target: 'remote', baseUrl: 'http://h:8000', user: 'admin', password: 'a' };

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

describe('REST instances', () => {
  const instance = (name: string, port: string, database = name): RestInstance => ({ name, group: 'Default', database, modulesDatabase: `${name}-modules`, port });
  const builtIn = instance('App-Services', '8000', 'Documents');
  const shop = instance('shop', '8003');
  const list = [builtIn, shop, instance('portless', '')];
  const local = defaultSettings;
  const inShop: ConnectionSettings = { ...local, instance: 'shop', instancePort: '8003', instanceDatabase: 'shop' };
  const remote: ConnectionSettings = { ...defaultSettings, target: 'remote', baseUrl: 'http://h:8000/', user: 'admin', password: 'a' };
  const remoteShop: ConnectionSettings = { ...remote, instance: 'shop', instancePort: '8003', instanceDatabase: 'shop' };

  describe('kept in localStorage, read defensively', () => {
    test.for([
      { name: 'an instance with its port and content database', stored: { instance: 'shop', instancePort: '8003', instanceDatabase: 'shop' }, expected: inShop },
      { name: 'settings saved before there were instances: the built-in one', stored: { database: 'demo' }, expected: { ...local, database: 'demo' } },
      { name: 'an instance without its content database: the built-in one', stored: { instance: 'shop', instancePort: '8003' }, expected: local },
      { name: 'a bad port, dropped (not needed in this browser)', stored: { instance: 'shop', instancePort: '99999', instanceDatabase: 'shop' }, expected: { ...inShop, instancePort: '' } },
      { name: 'App-Services by name: the built-in one', stored: { instance: 'App-Services', instancePort: '8000', instanceDatabase: 'Documents' }, expected: local },
      { name: 'fields of the wrong type', stored: { instance: 7, instancePort: 8003, instanceDatabase: ['shop'] }, expected: local },
      ...[' padded', 'new\nline', 'x'.repeat(257)].map((name) => ({ name: `an instance name no server has (${JSON.stringify(name.slice(0, 12))})`, stored: { instance: name, instanceDatabase: 'shop' }, expected: local })),
    ])('$name', ({ stored, expected }) => {
      expect(loadSettings(storageWith(JSON.stringify({ target: 'local', ...stored })))).toEqual(expected);
    });

    test.for([
      { name: 'a remote instance with its port', stored: { instance: 'shop', instancePort: '8003', instanceDatabase: 'shop' }, expected: { ...remoteShop, baseUrl: 'http://h:8000/' } },
      { name: 'a remote instance without a port cannot be reached: the built-in one', stored: { instance: 'shop', instancePort: '', instanceDatabase: 'shop' }, expected: remote },
    ])('$name', ({ stored, expected }) => {
      expect(loadSettings(storageWith(JSON.stringify({ ...remote, ...stored })))).toEqual(expected);
    });

    test('a remote target that falls back to this browser drops its instance too', () => {
      expect(loadSettings(storageWith(JSON.stringify({ ...remoteShop, baseUrl: 'nope' })))).toEqual({ ...local, baseUrl: 'nope', user: 'admin', password: 'a' });
    });

    test('round-trips what saveSettings wrote', () => {
      const store = new Map<string, string>();
      saveSettings({ setItem: (k, v) => store.set(k, v) }, { ...remoteShop, database: 'demo' });
      expect(loadSettings({ getItem: (k) => store.get(k) ?? null })).toEqual({ ...remoteShop, database: 'demo' });
    });
  });

  describe('how the client reaches it', () => {
    test('this browser: the path form, the content database known to the client, no database named', () => {
      expect(clientOptions(inShop)).toStrictEqual({ baseUrl: '/tabula/instances/shop', user: undefined, password: undefined, database: undefined, contentDatabase: 'shop' });
      expect(clientOptions({ ...inShop, database: 'demo', user: 'rest-reader', password: 'rest-reader' })).toMatchObject({ baseUrl: '/tabula/instances/shop', user: 'rest-reader', database: 'demo' });
      expect(clientOptions({ ...inShop, instance: 'a b' }).baseUrl).toBe('/tabula/instances/a%20b');
    });

    test('a remote server: the same host at the instance’s port', () => {
      expect(clientOptions(remoteShop)).toMatchObject({ baseUrl: 'http://h:8003', user: 'admin', password: 'a', contentDatabase: 'shop' });
    });

    test('the built-in instance: as before there were instances', () => {
      expect(clientOptions(local).baseUrl).toBeUndefined();
      expect(clientOptions(remote).baseUrl).toBe('http://h:8000/');
    });

    test('what is the server’s goes to the server as given, whatever the instance and database', () => {
      expect(serverClientOptions({ ...inShop, database: 'demo' })).toStrictEqual({ baseUrl: undefined, user: undefined, password: undefined });
      expect(serverClientOptions(remoteShop)).toStrictEqual({ baseUrl: 'http://h:8000/', user: 'admin', password: 'a' });
    });

    test('connection keys differ by instance (and a remote one’s port); server keys do not', () => {
      const settings = [local, inShop, { ...inShop, instance: 'other' }, remote, remoteShop, { ...remoteShop, instancePort: '8004' }];
      expect(new Set(settings.map(connectionKey)).size).toBe(settings.length);
      expect(serverKey(inShop)).toBe(serverKey(local));
      expect(serverKey(remoteShop)).toBe(serverKey(remote));
      expect(connectionKey({ ...inShop, database: 'demo' })).not.toBe(connectionKey(inShop));
    });
  });

  describe('choosing one', () => {
    test('the default database is the instance’s content database', () => {
      expect(defaultDatabase(inShop)).toBe('shop');
      expect(databaseInUse(inShop)).toBe('shop');
      expect(defaultDatabase(remoteShop)).toBe('shop');
      expect(withDatabase(inShop, 'shop').database).toBe('');
      expect(withDatabase(inShop, 'Documents').database).toBe('Documents');
    });

    test.for([
      { name: 'another instance: it, and its default database', settings: { ...local, database: 'demo' }, choose: shop, expected: inShop },
      { name: 'the built-in one: back to the plain paths and Documents', settings: { ...inShop, database: 'demo' }, choose: builtIn, expected: local },
      { name: 'none: the built-in one', settings: inShop, choose: undefined, expected: local },
      { name: 'remote: the instance at its port', settings: { ...remote, database: 'demo' }, choose: shop, expected: remoteShop },
      { name: 'remote: the one at the base URL’s port is the built-in one', settings: remoteShop, choose: builtIn, expected: remote },
    ])('$name', ({ settings, choose, expected }) => {
      expect(withInstance(settings, choose)).toEqual(expected);
    });

    test('the instance in use is shown by name', () => {
      expect(instanceInUse(local)).toBe('App-Services');
      expect(instanceInUse(inShop)).toBe('shop');
      expect(instanceInUse(remote, list)).toBe('App-Services');
      expect(instanceInUse(remote)).toBeUndefined();
      expect(instanceText(inShop)).toBe('the REST instance “shop”');
      expect(instanceText(remote)).toBe('the instance at the base URL');
      expect(instanceText(remote, list)).toBe('the REST instance “App-Services”');
    });

    test.for([
      { name: 'local: App-Services as the default, then the others', settings: local, instances: list, choices: [['', 'App-Services'], ['shop', 'shop'], ['portless', 'portless']] },
      { name: 'local, list not known (or not readable): the built-in one alone', settings: local, instances: undefined, choices: [['', 'App-Services']] },
      { name: 'local, list not known, an instance in use: it too', settings: inShop, instances: undefined, choices: [['', 'App-Services'], ['shop', 'shop']] },
      { name: 'remote: the one at the base URL’s port as the default, only those with a port', settings: remote, instances: list, choices: [['', 'App-Services'], ['shop', 'shop']] },
      { name: 'remote, list not known', settings: remote, instances: undefined, choices: [['', 'At the base URL']] },
    ])('choices, $name', ({ settings, instances, choices }) => {
      expect(instanceChoices(settings, instances).map((c) => [c.value, c.label])).toEqual(choices);
    });

    test('a remote instance without a port cannot be used; in this browser every one can', () => {
      expect(instanceHeldBack(remote, list[2])).toMatch(/no port/);
      expect(instanceHeldBack(remote, shop)).toBeUndefined();
      expect(instanceHeldBack(local, list[2])).toBeUndefined();
    });

    test.for([
      { name: 'another server: back to the built-in instance', next: { ...remoteShop, baseUrl: 'http://other:8000' }, expected: { ...remote, baseUrl: 'http://other:8000' } },
      { name: 'this browser after a remote server', next: { ...remoteShop, target: 'local' as const }, expected: { ...remote, target: 'local' as const } },
      { name: 'the same server, another user: the instance stays', next: { ...remoteShop, user: 'other' }, expected: { ...remoteShop, user: 'other' } },
    ])('the connection form: $name', ({ next, expected }) => {
      expect(appliedConnection(remoteShop, next)).toEqual(expected);
    });
  });

  describe('when the one in use is gone', () => {
    test.for([
      { settings: local, names: [builtIn], missing: undefined },
      { settings: inShop, names: list, missing: undefined },
      { settings: inShop, names: [builtIn], missing: 'shop' },
    ])('missing: $settings.instance among the list → $missing', ({ settings, names, missing }) => {
      expect(missingInstance(settings, names)).toBe(missing);
    });

    const refusal = (url: string, messageCode = 'RESTAPI-NOTFOUND', statusCode = 404) =>
      new ApiError({ statusCode, status: 'Not Found', messageCode, message: `${messageCode}: (err:FOER0000) instance shop does not exist` }, { method: 'GET', url });
    test.for([
      { name: 'a request under its path answered RESTAPI-NOTFOUND', error: refusal('/tabula/instances/shop/v1/ping'), gone: true },
      { name: 'with a query', error: refusal('/tabula/instances/shop/v1/search?q=x&database=demo'), gone: true },
      { name: 'a request under another instance’s path', error: refusal('/tabula/instances/shopping/v1/ping'), gone: false },
      { name: 'another 404 of a request under its path', error: refusal('/tabula/instances/shop/v1/documents?uri=%2Fa', 'RESTAPI-NODOCUMENT'), gone: false },
      { name: 'a plain path', error: refusal('/v1/rest-apis/shop'), gone: false },
      { name: 'not an API error', error: new Error('RESTAPI-NOTFOUND'), gone: false },
    ])('$name: $gone', ({ error, gone }) => {
      expect(namesMissingInstance(error, 'shop')).toBe(gone);
    });
  });
});
