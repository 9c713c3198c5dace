import { describe, expect, test } from 'vitest';
import { openStorage, type TabulaIdb } from '../storage/schema';
import { WriteQueue } from '../storage/write-queue';
import { DbError } from '../errors';
import { UserStore, userId } from './users';
import { digestHa1, expectedDigestResponse } from './passwords';

let counter = 0;
async function freshStore(): Promise<{ users: UserStore; idb: TabulaIdb; name: string }> {
  const name = `users-test-${process.pid}-${++counter}`;
  const idb = await openStorage(indexedDB, name);
  const users = new UserStore(idb, new WriteQueue());
  await users.seed();
  return { users, idb, name };
}

async function rejection(p: Promise<unknown>): Promise<DbError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof DbError)) throw new Error(`expected a DbError, got ${String(err)}`);
  return err;
}

describe('UserStore', () => {
  test('seeding an empty store creates the four built-in accounts with their roles', async () => {
    const { users } = await freshStore();
    const all = await users.list();
    expect(all.map((u) => [u.name, u.roles])).toEqual([
      ['admin', ['admin']],
      ['rest-admin', ['rest-admin']],
      ['rest-reader', ['rest-reader']],
      ['rest-writer', ['rest-writer']],
    ]);
  });

  test('passwords are stored only as HA1 digests', async () => {
    const { users } = await freshStore();
    const admin = await users.get('admin');
    expect(admin?.digestHa1).toBe(digestHa1('admin', 'admin'));
    expect(Object.keys(admin ?? {}).sort()).toEqual(['description', 'digestHa1', 'name', 'roles']);
  });

  test('seeding again does not bring back a deleted seed user', async () => {
    const { users, idb } = await freshStore();
    await users.delete('rest-reader');
    await new UserStore(idb, new WriteQueue()).seed();
    expect(await users.get('rest-reader')).toBeUndefined();
  });

  test('users survive reopening the IndexedDB database', async () => {
    const { users, idb, name } = await freshStore();
    await users.create({ name: 'alice', password: 's3cret', roles: ['rest-writer'], description: 'writer' });
    idb.close();
    const reopened = new UserStore(await openStorage(indexedDB, name), new WriteQueue());
    expect(await reopened.get('alice')).toMatchObject({ name: 'alice', roles: ['rest-writer'], description: 'writer' });
  });

  test('a created user can sign in with Basic credentials, and only with its own password', async () => {
    const { users } = await freshStore();
    await users.create({ name: 'alice', password: 's3cret', roles: ['rest-reader'] });
    expect((await users.checkBasic('alice', 's3cret'))?.name).toBe('alice');
    expect(await users.checkBasic('alice', 'wrong')).toBeUndefined();
    expect(await users.checkBasic('nobody', 's3cret')).toBeUndefined();
  });

  test('a created user can sign in with a Digest response computed from its password', async () => {
    const { users } = await freshStore();
    await users.create({ name: 'alice', password: 's3cret', roles: ['rest-reader'] });
    const fields = { method: 'GET', uri: '/v1/ping', nonce: 'n1', qop: 'auth', nc: '00000001', cnonce: 'c1' };
    const response = expectedDigestResponse(digestHa1('alice', 's3cret'), fields);
    expect((await users.checkDigest('alice', { ...fields, response }))?.name).toBe('alice');
    const wrong = expectedDigestResponse(digestHa1('alice', 'nope'), fields);
    expect(await users.checkDigest('alice', { ...fields, response: wrong })).toBeUndefined();
  });

  test.for([
    { name: 'a taken name → 400 SEC-USEREXISTS', user: { name: 'admin', password: 'x', roles: [] }, code: 'SEC-USEREXISTS', status: 400 },
    { name: 'an unknown role → 400 SEC-ROLEDNE', user: { name: 'bob', password: 'x', roles: ['wizard'] }, code: 'SEC-ROLEDNE', status: 400 },
    { name: 'an empty name → 400', user: { name: '', password: 'x', roles: [] }, code: 'RESTAPI-INVALIDCONTENT', status: 400 },
    { name: 'a name with a colon → 400', user: { name: 'a:b', password: 'x', roles: [] }, code: 'RESTAPI-INVALIDCONTENT', status: 400 },
    { name: 'an empty password → 400', user: { name: 'bob', password: '', roles: [] }, code: 'RESTAPI-INVALIDCONTENT', status: 400 },
  ])('creating with $name, and nothing is stored', async ({ user, code, status }) => {
    const { users } = await freshStore();
    const before = await users.list();
    const err = await rejection(users.create(user));
    expect([err.code, err.status]).toEqual([code, status]);
    expect(await users.list()).toEqual(before);
  });

  test('a duplicate create leaves the existing user untouched', async () => {
    const { users } = await freshStore();
    await rejection(users.create({ name: 'admin', password: 'other', roles: ['rest-reader'] }));
    expect((await users.checkBasic('admin', 'admin'))?.roles).toEqual(['admin']);
  });

  test('deleting an absent user → 404 SEC-USERDNE', async () => {
    const { users } = await freshStore();
    const err = await rejection(users.delete('ghost'));
    expect([err.code, err.status]).toEqual(['SEC-USERDNE', 404]);
  });

  test('the last user holding admin cannot be deleted, another admin can', async () => {
    const { users } = await freshStore();
    const err = await rejection(users.delete('admin'));
    expect(err.status).toBe(400);
    expect(await users.get('admin')).toBeDefined();

    await users.create({ name: 'root', password: 'r', roles: ['admin'] });
    await users.delete('admin');
    expect(await users.get('admin')).toBeUndefined();
    expect((await rejection(users.delete('root'))).status).toBe(400);
  });

  test('concurrent creates of one name: exactly one wins', async () => {
    const { users } = await freshStore();
    const results = await Promise.allSettled([1, 2, 3].map((i) => users.create({ name: 'carol', password: `p${i}`, roles: [] })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  test('user ids are stable decimal numbers, distinct per name', () => {
    expect(userId('alice')).toMatch(/^\d+$/);
    expect(userId('alice')).toBe(userId('alice'));
    expect(userId('alice')).not.toBe(userId('bob'));
  });
});
