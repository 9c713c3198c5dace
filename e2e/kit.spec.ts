/**
 * The testing kit's own fixtures (tabula/testing, docs/testing-kit.md) through the real service
 * worker: what each call of `tabula` does, checked through the API rather than trusted.
 */
import { test, expect } from 'tabula/testing';

const J = { 'content-type': 'application/json' };

// A page the worker controls with no console in it (a precached static file): the console's
// own requests would take faults armed here. Every other spec opens the console, the default.
test.use({ tabulaStart: '/favicon.svg' });

test('reset, idle and status: a write is gone after reset, idle answers, status names the worker', async ({ tabula }) => {
  expect((await tabula.fetch('/v1/documents?uri=/a.json', { method: 'PUT', headers: J, body: '{"a":1}' })).status).toBe(201);
  await tabula.idle();
  const before = await tabula.status();
  expect(Number.isNaN(Date.parse(before.started))).toBe(false);
  await tabula.reset();
  expect((await tabula.fetch('/v1/documents?uri=/a.json')).status).toBe(404);
  // Same worker: the reset did not restart it.
  expect((await tabula.status()).started).toBe(before.started);
});

test('faults: armed for the next request, shown, answered, then gone; a worker stop disarms them', async ({ tabula }) => {
  const plan = { requests: 2, status: 503 };
  await tabula.faults(plan);
  expect((await tabula.fetch('/tabula/v1/faults')).json()).toEqual({ faults: plan });
  for (let i = 0; i < plan.requests; i++) {
    const res = await tabula.fetch('/v1/ping', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(plan.status);
    expect(res.json().errorResponse.messageCode).toBe('TABULA-INJECTEDFAULT');
  }
  expect((await tabula.fetch('/v1/ping')).status).toBe(204);

  await tabula.faults({ error: 'quota' });
  await tabula.clearFaults();
  expect((await tabula.fetch('/tabula/v1/faults')).json()).toEqual({ faults: null });

  await tabula.faults({ status: 500 });
  const started = (await tabula.status()).started;
  await tabula.stopWorker();
  expect((await tabula.fetch('/tabula/v1/faults')).json()).toEqual({ faults: null });
  expect((await tabula.status()).started).not.toBe(started);
});

test('load: a scene or sample the server refuses fails with its answer', async ({ tabula }) => {
  await expect(tabula.load({ sample: 'no-such-sample' })).rejects.toThrow(/404/);
  await expect(tabula.load(new Uint8Array([0x50, 0x4b, 0, 0]))).rejects.toThrow(/loading a scene: 4\d\d/);
});

test.describe('tabulaStart', () => {
  test('opens another page the worker controls, with no console in it; offline, the API still answers', async ({ page, tabula }) => {
    expect(new URL(page.url()).pathname).toBe('/favicon.svg');
    expect(await page.locator('#root').count()).toBe(0);
    await tabula.offline();
    expect((await tabula.fetch('/v1/ping')).status).toBe(204);
    await tabula.offline(false);
  });
});
