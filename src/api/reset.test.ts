/**
 * `POST /tabula/v1/reset` through the handler: an administrator empties the database (what
 * "empty" is comes from a database just opened, not from constants); anyone else is refused
 * and nothing changes. The database side is tested in depth in src/db/reset.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { errorOf, testApi } from '../../test/helpers';
import { as, filled, J, visible } from '../../test/database-state';

describe('POST /tabula/v1/reset', () => {
  test('an administrator empties the database: it then looks like one just opened', async () => {
    const api = await filled();
    const fresh = await testApi({ auth: 'http' });
    // Index settings name the database: compare each with its own name.
    const normalized = (v: unknown, name: string) => JSON.parse(JSON.stringify(v).split(name).join('<db>'));
    expect(normalized(await visible(api), api.db.name)).not.toEqual(normalized(await visible(fresh), fresh.db.name));
    const res = await api.fetch('/tabula/v1/reset', { method: 'POST', headers: as('admin') });
    expect(res.status, await res.clone().text()).toBe(204);
    expect(normalized(await visible(api), api.db.name)).toEqual(normalized(await visible(fresh), fresh.db.name));
    // Usable at once.
    expect((await api.fetch('/v1/documents?uri=/b.json', { method: 'PUT', headers: as('admin', J), body: '{}' })).status).toBe(201);
  });

  test.for(['rest-writer', 'rest-admin'])('%s is refused with 403 SEC-PRIV, and nothing changes', async (user) => {
    const api = await filled();
    const before = await visible(api);
    expect(await errorOf(await api.fetch('/tabula/v1/reset', { method: 'POST', headers: as(user) }))).toMatchObject({ status: 403, code: 'SEC-PRIV' });
    expect(await visible(api)).toEqual(before);
  });

  test.for([
    { name: 'GET', init: { method: 'GET' }, status: 405, code: 'REST-UNSUPPORTEDMETHOD' },
    { name: 'an unknown parameter', path: '?everything=yes', init: { method: 'POST' }, status: 400, code: 'REST-UNSUPPORTEDPARAM' },
    { name: 'another database', path: '?database=Elsewhere', init: { method: 'POST' }, status: 400, code: 'XDMP-NOSUCHDB' },
  ])('$name: refused, nothing changes', async ({ path, init, status, code }) => {
    const api = await filled();
    const before = await visible(api);
    const error = await errorOf(await api.fetch(`/tabula/v1/reset${path ?? ''}`, { ...init, headers: as('admin') }));
    expect(error).toMatchObject({ code });
    expect(error.status).toBe(status);
    expect(await visible(api)).toEqual(before);
  });
});
