/** The open query tabs, one IndexedDB record each (see console-db.ts for why). */
import type { ConsoleDb } from './console-db';
import { normaliseParameters, emptyParameters, type RequestParameters } from './request-parameters';

export interface QueryTab {
  id: string;
  /** Position in the tab bar, ascending. */
  order: number;
  title: string;
  text: string;
  parameters: RequestParameters;
  /** When the record was last written, ms since the epoch: the newer of two versions wins. */
  updatedAt: number;
}

export const STARTER_QUERY = 'SELECT * WHERE {\n  ?s ?p ?o\n}\nLIMIT 100\n';

export async function listTabs(db: ConsoleDb): Promise<QueryTab[]> {
  const records = await db.getAll('sparql-tabs');
  return records.map(normaliseTab).filter((t): t is QueryTab => t !== undefined).sort((a, b) => a.order - b.order);
}

export async function putTab(db: ConsoleDb, tab: QueryTab): Promise<void> {
  await db.put('sparql-tabs', tab);
}

export async function deleteTab(db: ConsoleDb, id: string): Promise<void> {
  await db.delete('sparql-tabs', id);
}

/**
 * Writes `make()` only when there is no tab at all, in one transaction: two browser
 * tabs opening the editor at once get one starter tab between them, not two.
 */
export async function ensureTab(db: ConsoleDb, make: () => QueryTab): Promise<void> {
  const tx = db.transaction('sparql-tabs', 'readwrite');
  if ((await tx.store.count()) === 0) await tx.store.put(make());
  await tx.done;
}

/** A new tab placed after `existing`, numbered after the highest "Query n" among them. */
export function newTab(existing: readonly QueryTab[], fields: Partial<Pick<QueryTab, 'text' | 'parameters' | 'title'>> = {}): QueryTab {
  const numbers = existing.map((t) => Number(/^Query (\d+)$/.exec(t.title)?.[1] ?? 0));
  return {
    id: crypto.randomUUID(),
    order: Math.max(0, ...existing.map((t) => t.order)) + 1,
    title: fields.title ?? `Query ${Math.max(0, ...numbers) + 1}`,
    text: fields.text ?? STARTER_QUERY,
    parameters: fields.parameters ?? emptyParameters,
    updatedAt: Date.now(),
  };
}

/** A tab's label: its leading `# comment` when it starts with one, else its title. */
export function tabLabel(tab: Pick<QueryTab, 'text' | 'title'>): string {
  const comment = /^\s*#\s*(.+)/.exec(tab.text)?.[1].trim();
  if (!comment) return tab.title;
  return comment.length > 32 ? `${comment.slice(0, 31)}…` : comment;
}

function normaliseTab(raw: unknown): QueryTab | undefined {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (typeof r.id !== 'string') return undefined;
  return {
    id: r.id,
    order: typeof r.order === 'number' ? r.order : 0,
    title: typeof r.title === 'string' ? r.title : 'Query',
    text: typeof r.text === 'string' ? r.text : '',
    parameters: normaliseParameters(r.parameters),
    updatedAt: typeof r.updatedAt === 'number' ? r.updatedAt : 0,
  };
}
