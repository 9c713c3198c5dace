import type { DraftStatus } from '../lib/document-drafts';

/** Marks a document with unsaved changes kept as a draft (and whether it has changed since). */
export function DraftBadge({ status }: { status: Exclude<DraftStatus, 'none'> }) {
  return (
    <span className={`badge badge--draft${status === 'conflict' ? ' badge--draft-conflict' : ''}`} title={status === 'conflict' ? 'Unsaved draft; the document changed since it began' : 'Unsaved draft'}>
      {status === 'conflict' ? 'draft, changed since' : 'unsaved draft'}
    </span>
  );
}
