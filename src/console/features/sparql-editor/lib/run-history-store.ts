/** The last runs of the editor, newest first, capped at {@link HISTORY_LIMIT}. */
import type { QueryForm } from '../../../../client/sparql';
import type { ConsoleDb } from './console-db';
import { normaliseParameters, type RequestParameters } from './request-parameters';

export const HISTORY_LIMIT = 100;

export type RunOutcome =
  | { kind: 'solutions'; count: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'triples'; count: number }
  | { kind: 'update'; status: number }
  | { kind: 'error'; message: string; statusCode?: number }
  | { kind: 'cancelled' };

export interface HistoryEntry {
  /** Assigned on insert. */
  id?: number;
  text: string;
  parameters: RequestParameters;
  operation: 'query' | 'update';
  form?: QueryForm;
  /** When the run started, ms since the epoch. */
  time: number;
  durationMs: number;
  outcome: RunOutcome;
  /** How many identical failed runs in a row this entry stands for (time and duration are the last one's); 1 when absent. */
  count?: number;
}

/**
 * Whether `next` fails exactly as `last` did: same text, parameters and error. Such a run
 * adds nothing to read in the history, so it counts on the entry before instead of piling up.
 */
export function isRepeatedFailure(last: HistoryEntry | undefined, next: HistoryEntry): boolean {
  if (!last || last.outcome.kind !== 'error' || next.outcome.kind !== 'error') return false;
  return (
    last.text === next.text &&
    last.operation === next.operation &&
    last.outcome.message === next.outcome.message &&
    last.outcome.statusCode === next.outcome.statusCode &&
    JSON.stringify(normaliseParameters(last.parameters)) === JSON.stringify(normaliseParameters(next.parameters))
  );
}

/**
 * Adds a run and drops the oldest beyond the limit, in one transaction; a run failing
 * as the newest entry did counts on that entry instead (isRepeatedFailure).
 */
export async function addHistoryEntry(db: ConsoleDb, entry: HistoryEntry): Promise<number> {
  const { id: _ignored, ...record } = entry;
  const tx = db.transaction('sparql-history', 'readwrite');
  const newest = await tx.store.openCursor(null, 'prev');
  const last = newest ? normaliseEntry(newest.value) : undefined;
  if (last && isRepeatedFailure(last, entry)) {
    const count = (last.count ?? 1) + 1;
    await newest!.update({ ...(newest!.value as HistoryEntry), time: entry.time, durationMs: entry.durationMs, count });
    await tx.done;
    return last.id!;
  }
  const id = await tx.store.add(record as HistoryEntry);
  let excess = (await tx.store.count()) - HISTORY_LIMIT;
  let cursor = excess > 0 ? await tx.store.openCursor() : null;
  while (cursor && excess > 0) {
    await cursor.delete();
    excess--;
    cursor = await cursor.continue();
  }
  await tx.done;
  return id;
}

export async function listHistory(db: ConsoleDb): Promise<HistoryEntry[]> {
  const records = await db.getAll('sparql-history');
  return records.map(normaliseEntry).filter((e): e is HistoryEntry => e !== undefined).reverse();
}

export async function deleteHistoryEntry(db: ConsoleDb, id: number): Promise<void> {
  await db.delete('sparql-history', id);
}

export async function clearHistory(db: ConsoleDb): Promise<void> {
  await db.clear('sparql-history');
}

/** One line saying how a run ended: `12 rows`, `true`, `Update applied (204)`, or the error. */
export function outcomeSummary(outcome: RunOutcome): string {
  switch (outcome.kind) {
    case 'solutions':
      return `${outcome.count.toLocaleString('en')} ${outcome.count === 1 ? 'row' : 'rows'}`;
    case 'triples':
      return `${outcome.count.toLocaleString('en')} ${outcome.count === 1 ? 'triple' : 'triples'}`;
    case 'boolean':
      return String(outcome.value);
    case 'update':
      return `Update applied (${outcome.status})`;
    case 'cancelled':
      return 'Cancelled';
    case 'error':
      return outcome.statusCode ? `${outcome.statusCode}: ${outcome.message}` : outcome.message;
  }
}

const FORMS = new Set<string>(['SELECT', 'ASK', 'CONSTRUCT', 'DESCRIBE']);

function normaliseEntry(raw: unknown): HistoryEntry | undefined {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const outcome = normaliseOutcome(r.outcome);
  if (typeof r.id !== 'number' || typeof r.text !== 'string' || !outcome) return undefined;
  return {
    id: r.id,
    text: r.text,
    parameters: normaliseParameters(r.parameters),
    operation: r.operation === 'update' ? 'update' : 'query',
    form: typeof r.form === 'string' && FORMS.has(r.form) ? (r.form as QueryForm) : undefined,
    time: typeof r.time === 'number' ? r.time : 0,
    durationMs: typeof r.durationMs === 'number' ? r.durationMs : 0,
    outcome,
    ...(typeof r.count === 'number' && Number.isInteger(r.count) && r.count > 1 ? { count: r.count } : {}),
  };
}

function normaliseOutcome(raw: unknown): RunOutcome | undefined {
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  switch (o.kind) {
    case 'solutions':
    case 'triples':
      return num(o.count) === undefined ? undefined : { kind: o.kind, count: num(o.count)! };
    case 'boolean':
      return typeof o.value === 'boolean' ? { kind: 'boolean', value: o.value } : undefined;
    case 'update':
      return num(o.status) === undefined ? undefined : { kind: 'update', status: num(o.status)! };
    case 'error':
      return typeof o.message === 'string' ? { kind: 'error', message: o.message, ...(num(o.statusCode) ? { statusCode: num(o.statusCode) } : {}) } : undefined;
    case 'cancelled':
      return { kind: 'cancelled' };
    default:
      return undefined;
  }
}
