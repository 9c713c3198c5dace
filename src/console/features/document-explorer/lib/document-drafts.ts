/**
 * Unsaved edits of documents, kept as drafts in localStorage per database (the key of
 * column-prefs.ts), so an edit survives opening another document, leaving the page and a
 * reload, as the Options page keeps its unsaved sets while the console is open. A draft
 * remembers the text it was started from (`base`), so it can say when the document has
 * changed on the server since — saving would then replace someone else's change.
 */
import type { StorageLike } from './column-prefs';

export type DraftFormat = 'json' | 'xml' | 'text';

export interface DocumentDraft {
  uri: string;
  format: DraftFormat;
  /** The edited text. */
  text: string;
  /** The document's text as shown when the edit began. */
  base: string;
  /** When it was last changed (ms since the epoch). */
  updated: number;
}

export type Drafts = Readonly<Record<string, DocumentDraft>>;

/** `none`: no draft; `unsaved`: a draft of the document as it is; `conflict`: the document changed since the draft began. */
export type DraftStatus = 'none' | 'unsaved' | 'conflict';

const PREFIX = 'tabula.documentDrafts:';

/** Where a database's drafts are kept. */
export const draftsStorageKey = (database: string): string => PREFIX + database;
const FORMATS: readonly string[] = ['json', 'xml', 'text'];

function isDraft(v: unknown): v is DocumentDraft {
  if (!v || typeof v !== 'object') return false;
  const d = v as Record<string, unknown>;
  return typeof d.uri === 'string' && FORMATS.includes(d.format as string) && typeof d.text === 'string' && typeof d.base === 'string' && typeof d.updated === 'number';
}

/** The database's drafts; what is malformed (another version's, edited by hand) is left out. */
export function readDrafts(storage: Pick<StorageLike, 'getItem'> | undefined, database: string): Drafts {
  let stored: unknown;
  try {
    stored = JSON.parse(storage?.getItem(PREFIX + database) ?? '{}');
  } catch {
    return {};
  }
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
  const out: Record<string, DocumentDraft> = {};
  for (const [uri, draft] of Object.entries(stored)) if (isDraft(draft) && draft.uri === uri) out[uri] = draft;
  return out;
}

/** Stores the drafts (none: the key is removed). False when the storage refused (full, or disabled). */
export function writeDrafts(storage: StorageLike | undefined, database: string, drafts: Drafts): boolean {
  try {
    if (Object.keys(drafts).length === 0) storage?.removeItem(PREFIX + database);
    else storage?.setItem(PREFIX + database, JSON.stringify(drafts));
    return true;
  } catch {
    return false;
  }
}

/** The drafts with `draft` put in; an edit back to the text it began from is no draft at all. */
export function withDraft(drafts: Drafts, draft: DocumentDraft): Drafts {
  if (draft.text === draft.base) return withoutDraft(drafts, draft.uri);
  return { ...drafts, [draft.uri]: draft };
}

export function withoutDraft(drafts: Drafts, uri: string): Drafts {
  if (!(uri in drafts)) return drafts;
  const { [uri]: _gone, ...rest } = drafts;
  return rest;
}

/** A draft's standing against the document's text as the server has it now (undefined: not read yet). */
export function draftStatus(draft: DocumentDraft | undefined, current: string | undefined): DraftStatus {
  if (!draft) return 'none';
  return current !== undefined && current !== draft.base ? 'conflict' : 'unsaved';
}
