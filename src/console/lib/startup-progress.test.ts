import { expect, test } from 'vitest';
import type { StartupMessage } from '../../wire/tabula';
import { formatBytes } from './format-bytes';
import { initialStartup, isStartupMessage, reduceStartup, startupView, type StartupEvent, type StartupState } from './startup-progress';

const worker = (phase: StartupMessage['phase'], received: number, total: number, file?: string): StartupEvent => ({
  type: 'worker',
  message: { type: 'tabula:startup', phase, received, total, ...(file ? { file } : {}) },
});
const run = (...events: StartupEvent[]): StartupState => events.reduce(reduceStartup, initialStartup);

test('a first visit goes through every step, the bytes on the download', () => {
  const total = 6_000_000;
  const downloading = run(worker('downloading', 0, total), worker('downloading', 2_500_000, total, '/web_bg.wasm'));
  expect(downloading).toMatchObject({ stage: 'download', received: 2_500_000, total, file: '/web_bg.wasm' });
  const view = startupView(downloading);
  expect(view.steps.map((s) => s.status)).toEqual(['done', 'active', 'pending']);
  expect(view.steps[1].detail).toBe(`${formatBytes(2_500_000)} of ${formatBytes(total)}`);
  expect(view.fraction).toBeCloseTo(0.1 + 0.8 * (2_500_000 / total));

  const opening = reduceStartup(reduceStartup(downloading, worker('activating', total, total)), { type: 'controlled' });
  expect(startupView(opening).steps.map((s) => s.status)).toEqual(['done', 'done', 'active']);
  expect(startupView(opening).fraction).toBe(0.9);

  const ready = reduceStartup(opening, { type: 'opened' });
  expect(ready.stage).toBe('ready');
  expect(startupView(ready)).toMatchObject({ fraction: 1, summary: "This browser's database is ready" });
  expect(startupView(ready).steps.every((s) => s.status === 'done')).toBe(true);
});

test('before the worker says anything the bar cannot measure', () => {
  expect(startupView(initialStartup).fraction).toBeUndefined();
  expect(startupView(initialStartup).steps[0].status).toBe('active');
});

test('a page already controlled goes straight to opening', () => {
  const state = run({ type: 'controlled' });
  expect(startupView(state).steps.map((s) => s.status)).toEqual(['done', 'done', 'active']);
});

test('a late message never takes a stage back, nor changes an end', () => {
  const opening = run(worker('downloading', 10, 100), { type: 'controlled' });
  expect(reduceStartup(opening, worker('downloading', 50, 100))).toBe(opening);
  const activating = run(worker('activating', 100, 100));
  expect(reduceStartup(activating, worker('downloading', 50, 100))).toBe(activating);
  const failed = run({ type: 'failed', error: new Error('no') });
  expect(reduceStartup(failed, { type: 'opened' })).toBe(failed);
  expect(startupView(failed).steps.every((s) => s.status === 'pending')).toBe(true);
});

test('only the worker\'s startup messages are taken', () => {
  expect(isStartupMessage({ type: 'tabula:startup', phase: 'downloading', received: 1, total: 2 })).toBe(true);
  expect(isStartupMessage({ type: 'tabula:startup?' })).toBe(false);
  expect(isStartupMessage({ type: 'tabula:startup', phase: 'other', received: 1, total: 2 })).toBe(false);
  expect(isStartupMessage(null)).toBe(false);
});
