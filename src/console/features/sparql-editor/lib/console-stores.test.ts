/**
 * The editor's own IndexedDB records (fake-indexeddb in Node). Two connections to one
 * database stand for two browser tabs.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { announceChange, onStoreChange, openConsoleDb, type ConsoleDb } from './console-db';
import { emptyParameters } from './request-parameters';
import { addHistoryEntry, clearHistory, HISTORY_LIMIT, isRepeatedFailure, listHistory, outcomeSummary, type HistoryEntry, type RunOutcome } from './run-history-store';
import { deleteTab, ensureTab, listTabs, newTab, putTab, STARTER_QUERY, tabLabel } from './query-tab-store';

let counter = 0;
const opened: ConsoleDb[] = [];

async function twoTabs(): Promise<[ConsoleDb, ConsoleDb]> {
  const name = `console-test-${process.pid}-${++counter}`;
  const a = await openConsoleDb(name);
  const b = await openConsoleDb(name);
  opened.push(a, b);
  return [a, b];
}

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const run = (text: string, outcome: RunOutcome = { kind: 'solutions', count: 1 }): HistoryEntry => ({
  text,
  parameters: emptyParameters,
  operation: 'query',
  form: 'SELECT',
  time: Date.now(),
  durationMs: 3.2,
  outcome,
});

describe('query tabs', () => {
  test('two tabs opening the editor at once get one starter tab between them', async () => {
    const [a, b] = await twoTabs();
    await Promise.all([ensureTab(a, () => newTab([])), ensureTab(b, () => newTab([]))]);
    const tabs = await listTabs(a);
    expect(tabs).toHaveLength(1);
    expect(tabs[0]).toMatchObject({ title: 'Query 1', text: STARTER_QUERY });
  });

  test('edits of different tabs from two browser tabs both survive', async () => {
    const [a, b] = await twoTabs();
    const first = newTab([]);
    const second = newTab([first]);
    await Promise.all([putTab(a, first), putTab(a, second)]);
    await Promise.all([putTab(a, { ...first, text: 'ASK {}' }), putTab(b, { ...second, text: 'SELECT ?x {}' })]);
    expect((await listTabs(b)).map((t) => t.text)).toEqual(['ASK {}', 'SELECT ?x {}']);
  });

  test('tabs list in bar order, and a deleted one is gone', async () => {
    const [a] = await twoTabs();
    const one = newTab([]);
    const two = newTab([one]);
    const three = newTab([one, two]);
    expect([two.order, three.order]).toEqual([2, 3]);
    expect(three.title).toBe('Query 3');
    await Promise.all([three, one, two].map((t) => putTab(a, t)));
    await deleteTab(a, two.id);
    expect((await listTabs(a)).map((t) => t.title)).toEqual(['Query 1', 'Query 3']);
  });

  test('a record written by something else is read with defaults rather than crashing the page', async () => {
    const [a] = await twoTabs();
    await a.put('sparql-tabs', { id: 'odd', parameters: { defaultGraphs: ['g', 7], bindings: [{ name: 'x', kind: 'weird' }] } } as never);
    const [tab] = await listTabs(a);
    expect(tab).toMatchObject({ id: 'odd', text: '', parameters: { defaultGraphs: ['g'], bindings: [{ name: 'x', kind: 'iri', value: '' }] } });
  });

  test.for([
    { text: '# Find people\nSELECT *', title: 'Query 2', label: 'Find people' },
    { text: 'SELECT *', title: 'Query 2', label: 'Query 2' },
    { text: `# ${'x'.repeat(40)}`, title: 'Query 2', label: `${'x'.repeat(31)}…` },
  ])('a tab is labelled "$label" by its leading comment or its title', ({ text, title, label }) => {
    expect(tabLabel({ text, title })).toBe(label);
  });
});

describe('run history', () => {
  test('lists newest first and keeps only the last hundred runs', async () => {
    const [a] = await twoTabs();
    for (let i = 1; i <= HISTORY_LIMIT + 5; i++) await addHistoryEntry(a, run(`q${i}`));
    const entries = await listHistory(a);
    expect(entries).toHaveLength(HISTORY_LIMIT);
    expect(entries[0].text).toBe(`q${HISTORY_LIMIT + 5}`);
    expect(entries.at(-1)!.text).toBe('q6');
  });

  test('runs recorded by two browser tabs at once are all kept', async () => {
    const [a, b] = await twoTabs();
    await Promise.all(Array.from({ length: 20 }, (_, i) => addHistoryEntry(i % 2 ? a : b, run(`q${i}`))));
    expect(new Set((await listHistory(b)).map((e) => e.text)).size).toBe(20);
  });

  test('keeps every outcome as recorded, and clear empties it', async () => {
    const [a] = await twoTabs();
    const outcomes: RunOutcome[] = [
      { kind: 'solutions', count: 2 },
      { kind: 'boolean', value: false },
      { kind: 'triples', count: 1 },
      { kind: 'update', status: 201 },
      { kind: 'error', message: 'Unexpected "}"', statusCode: 400 },
      { kind: 'cancelled' },
    ];
    for (const outcome of outcomes) await addHistoryEntry(a, run('x', outcome));
    expect((await listHistory(a)).map((e) => e.outcome).reverse()).toEqual(outcomes);
    await clearHistory(a);
    expect(await listHistory(a)).toEqual([]);
  });

  test('the same failed run again counts on the newest entry, anything else is an entry of its own', async () => {
    const [a] = await twoTabs();
    const failure: RunOutcome = { kind: 'error', message: "Syntax error at line 1, column 9: unexpected '}'", statusCode: 400 };
    await addHistoryEntry(a, run('SELECT }', failure));
    await addHistoryEntry(a, { ...run('SELECT }', failure), time: 2000, durationMs: 7 });
    await addHistoryEntry(a, { ...run('SELECT }', failure), time: 3000, durationMs: 9 });
    let entries = await listHistory(a);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ text: 'SELECT }', count: 3, time: 3000, durationMs: 9, outcome: failure });

    // Another text, another error, other parameters, a success: each an entry.
    await addHistoryEntry(a, run('SELECT }}', failure));
    await addHistoryEntry(a, run('SELECT }}', { ...failure, message: 'other' }));
    await addHistoryEntry(a, { ...run('SELECT }}', { ...failure, message: 'other' }), parameters: { ...emptyParameters, base: 'http://b/' } });
    await addHistoryEntry(a, run('SELECT }}'));
    await addHistoryEntry(a, run('SELECT }}'));
    entries = await listHistory(a);
    expect(entries.map((e) => e.count ?? 1)).toEqual([1, 1, 1, 1, 1, 3]);
    // A failure after other runs starts again: the history stays in the order things happened.
    await addHistoryEntry(a, run('SELECT }', failure));
    expect((await listHistory(a))[0].count).toBeUndefined();
  });

  test('isRepeatedFailure needs two failures of the same run', () => {
    const failure: RunOutcome = { kind: 'error', message: 'boom', statusCode: 400 };
    expect(isRepeatedFailure(run('q', failure), run('q', failure))).toBe(true);
    expect(isRepeatedFailure(undefined, run('q', failure))).toBe(false);
    expect(isRepeatedFailure(run('q'), run('q'))).toBe(false);
    expect(isRepeatedFailure(run('q', failure), run('q', { ...failure, statusCode: 500 }))).toBe(false);
    expect(isRepeatedFailure(run('q', failure), { ...run('q', failure), operation: 'update' })).toBe(false);
  });

  test.for([
    { outcome: { kind: 'solutions', count: 1234 }, text: '1,234 rows' },
    { outcome: { kind: 'solutions', count: 1 }, text: '1 row' },
    { outcome: { kind: 'triples', count: 3 }, text: '3 triples' },
    { outcome: { kind: 'boolean', value: true }, text: 'true' },
    { outcome: { kind: 'update', status: 204 }, text: 'Update applied (204)' },
    { outcome: { kind: 'error', message: 'boom', statusCode: 400 }, text: '400: boom' },
    { outcome: { kind: 'cancelled' }, text: 'Cancelled' },
  ] as { outcome: RunOutcome; text: string }[])('summarises $outcome.kind as "$text"', ({ outcome, text }) => {
    expect(outcomeSummary(outcome)).toBe(text);
  });
});

describe('change announcements', () => {
  test('a change announced in this page reaches its readers of that store only', () => {
    const heard: string[] = [];
    const stopTabs = onStoreChange('tabs', () => heard.push('tabs'));
    const stopHistory = onStoreChange('history', () => heard.push('history'));
    announceChange('history');
    stopHistory();
    announceChange('history');
    stopTabs();
    expect(heard).toEqual(['history']);
  });

  test('a change announced by another page reaches the readers here, and ours reach it', async () => {
    const heardHere: string[] = [];
    const stop = onStoreChange('tabs', () => heardHere.push('tabs'));
    const otherPage = new BroadcastChannel('tabula-console:sparql-editor');
    const heardThere: unknown[] = [];
    otherPage.onmessage = (e) => heardThere.push(e.data);
    otherPage.postMessage({ store: 'tabs' });
    announceChange('history');
    await expect.poll(() => heardHere).toEqual(['tabs']);
    await expect.poll(() => heardThere).toEqual([{ store: 'history' }]);
    otherPage.close();
    stop();
  });
});
