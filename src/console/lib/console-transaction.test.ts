import { describe, expect, test } from 'vitest';
import { ApiError } from '../../client/create-client';
import type { TransactionStatus } from '../../client/transactions';
import {
  endedText,
  formatRemaining,
  loadTransaction,
  openedTransaction,
  remainingMs,
  saveTransaction,
  statusSaysGone,
  TRANSACTION_STORAGE_KEY,
  transactionGone,
  transactionKey,
  withUncommitted,
} from './console-transaction';

const status = { txid: '42', name: 'order', state: 'active', startTime: '2026-01-01T00:00:00.000Z', timeLimit: 60, maxTimeLimit: 3600, user: 'admin' } as TransactionStatus;
const START = Date.UTC(2026, 0, 1);

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

const apiError = (statusCode: number, messageCode: string | null) => new ApiError({ statusCode, status: 'x', messageCode, message: 'm' });

describe('an open transaction', () => {
  test('expires its time limit after its start, and counts down to 0', () => {
    const t = openedTransaction(status);
    expect(t).toMatchObject({ txid: '42', name: 'order', timeLimit: 60, expiresAt: START + 60_000 });
    expect(remainingMs(t, START + 15_500)).toBe(44_500);
    expect(remainingMs(t, START + 61_000)).toBe(0);
  });

  test('marks documents written in it, keeping the same object when nothing is new', () => {
    const t = openedTransaction(status);
    const marked = withUncommitted(t, ['/a.json', '/b.json']);
    expect([...marked.uncommitted]).toEqual(['/a.json', '/b.json']);
    expect(t.uncommitted.size).toBe(0);
    expect(withUncommitted(marked, ['/a.json'])).toBe(marked);
  });

  test('is part of the query key while open', () => {
    expect(transactionKey('local|', undefined)).toBe('local|');
    expect(transactionKey('local|', openedTransaction(status))).toBe('local||txid:42');
  });

  test.for([
    { ms: 60_000, text: '1:00' },
    { ms: 59_001, text: '1:00' },
    { ms: 59_000, text: '0:59' },
    { ms: 9_000, text: '0:09' },
    { ms: 1, text: '0:01' },
    { ms: 0, text: '0:00' },
    { ms: -5, text: '0:00' },
    { ms: 3_600_000, text: '1:00:00' },
    { ms: 3_725_000, text: '1:02:05' },
  ])('$ms ms left reads $text', ({ ms, text }) => {
    expect(formatRemaining(ms)).toBe(text);
  });
});

describe('how it ended', () => {
  test.for([
    { outcome: 'committed', says: 'committed' },
    { outcome: 'rolled back', says: 'rolled back' },
    { outcome: 'expired', says: 'expired' },
    { outcome: 'lost', says: 'no longer open' },
  ] as const)('$outcome', ({ outcome, says }) => {
    expect(endedText({ txid: '42', name: 'order', outcome })).toContain(says);
    expect(endedText({ txid: '42', name: '', outcome })).toMatch(/^Transaction \(42\)/);
  });

  test('a request naming a transaction that is not open is told by its code; a status by its 400', () => {
    expect(transactionGone(apiError(400, 'XDMP-RWINVAL'))).toBe(true);
    expect(transactionGone(apiError(400, 'XDMP-NOTXN'))).toBe(true);
    expect(transactionGone(apiError(400, 'REST-INVALIDPARAM'))).toBe(false);
    expect(transactionGone(apiError(409, 'TABULA-LOCKED'))).toBe(false);
    expect(transactionGone(new Error('XDMP-RWINVAL'))).toBe(false);
    expect(statusSaysGone(apiError(400, 'REST-INVALIDPARAM'))).toBe(true);
    expect(statusSaysGone(apiError(0, null))).toBe(false);
    expect(statusSaysGone(apiError(503, 'TABULA-INJECTEDFAULT'))).toBe(false);
  });
});

describe('kept in the tab’s storage', () => {
  test('round-trips, marks included, for the connection it was opened on', () => {
    const storage = memoryStorage();
    const t = withUncommitted(openedTransaction(status), ['/a.json']);
    saveTransaction(storage, 'local|', t);
    const loaded = loadTransaction(storage, 'local|', START + 1000);
    expect(loaded).toMatchObject({ txid: '42', name: 'order', timeLimit: 60, expiresAt: START + 60_000 });
    expect([...loaded!.uncommitted]).toEqual(['/a.json']);
    expect(loadTransaction(storage, 'local|rest-writer', START + 1000)).toBeUndefined();
    saveTransaction(storage, 'local|', undefined);
    expect(storage.items.has(TRANSACTION_STORAGE_KEY)).toBe(false);
  });

  test.for([
    { name: 'nothing', stored: undefined },
    { name: 'corrupt JSON', stored: '{nope' },
    { name: 'no id', stored: JSON.stringify({ connection: 'local|', txid: '', timeLimit: 60, expiresAt: START + 60_000 }) },
    { name: 'an expired one', stored: JSON.stringify({ connection: 'local|', txid: '1', timeLimit: 60, expiresAt: START }) },
    { name: 'no time limit', stored: JSON.stringify({ connection: 'local|', txid: '1', expiresAt: START + 60_000 }) },
  ])('$name loads as none', ({ stored }) => {
    const storage = memoryStorage();
    if (stored !== undefined) storage.items.set(TRANSACTION_STORAGE_KEY, stored);
    expect(loadTransaction(storage, 'local|', START + 1000)).toBeUndefined();
  });

  test('marks of the wrong type are dropped', () => {
    const storage = memoryStorage();
    storage.items.set(TRANSACTION_STORAGE_KEY, JSON.stringify({ connection: 'local|', txid: '1', name: 7, timeLimit: 60, expiresAt: START + 60_000, uncommitted: ['/a', 3] }));
    const loaded = loadTransaction(storage, 'local|', START);
    expect(loaded?.name).toBe('');
    expect([...loaded!.uncommitted]).toEqual(['/a']);
  });
});
