import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useConnection } from '../../../lib/connection';
import { databaseKey } from './column-prefs';
import { draftsStorageKey, readDrafts, withDraft, withoutDraft, writeDrafts, type DocumentDraft, type Drafts } from './document-drafts';

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** Changes made in this tab, and (through `storage` events) in the console's other tabs. */
function subscribe(onChange: () => void) {
  listeners.add(onChange);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith(draftsStorageKey(''))) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

export interface DocumentDraftsApi {
  drafts: Drafts;
  /** Keeps `draft` (an edit back to its starting text removes it). False when the browser refused to store it. */
  put(draft: DocumentDraft): boolean;
  discard(uri: string): void;
}

/** The drafts of the database the console is connected to, kept in localStorage (document-drafts.ts). */
export function useDocumentDrafts(): DocumentDraftsApi {
  const { settings } = useConnection();
  const database = databaseKey(settings);
  // The stored text is the snapshot: a string compares by value, so unchanged drafts never re-render.
  const raw = useSyncExternalStore(
    subscribe,
    () => storage()?.getItem(draftsStorageKey(database)) ?? '',
    () => '',
  );
  const drafts = useMemo(() => (raw ? readDrafts({ getItem: () => raw }, '') : {}), [raw]);
  const put = useCallback(
    (draft: DocumentDraft) => {
      const ok = writeDrafts(storage(), database, withDraft(readDrafts(storage(), database), draft));
      notify();
      return ok;
    },
    [database],
  );
  const discard = useCallback(
    (uri: string) => {
      writeDrafts(storage(), database, withoutDraft(readDrafts(storage(), database), uri));
      notify();
    },
    [database],
  );
  return { drafts, put, discard };
}
