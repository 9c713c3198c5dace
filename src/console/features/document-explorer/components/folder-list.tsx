import { ApiError } from '../../../../client/create-client';
import { ErrorMessage } from '../../../components/error-message';
import { useUpdateIndexes } from '../../query-options/queries/range-indexes';
import { folderName, subfolders } from '../lib/directory-listing';
import { explorerHref, type ExplorerState } from '../lib/explorer-state';
import { useSubfolders } from '../queries/subfolders';
import { FolderIcon } from './folder-icon';

/**
 * The open directory's subfolders, every one of them with its number of documents (from the
 * URI lexicon, not from the page on screen). A database whose URI lexicon is off still shows
 * the folders seen on the page, says why that is all, and offers to turn the lexicon on.
 */
export function FolderList({ state, pageUris }: { state: ExplorerState; pageUris: readonly string[] }) {
  const folders = useSubfolders(state.dir, state.collection);
  const update = useUpdateIndexes();
  const href = (dir: string) => explorerHref({ dir, collection: state.collection });

  if (folders.isPending) return <p className="muted folder-list__status">Finding folders…</p>;
  if (folders.isError) {
    const lexiconOff = folders.error instanceof ApiError && folders.error.messageCode === 'XDMP-URILXCNNOTFOUND';
    if (!lexiconOff) return <ErrorMessage error={folders.error} title="Could not list the folders" />;
    const seen = subfolders(state.dir, pageUris);
    return (
      <div className="folder-list">
        <p className="hint">
          The URI lexicon is off for this database, so only folders of the documents on this page are shown.{' '}
          <button type="button" className="link-button" disabled={update.isPending} onClick={() => update.mutate({ 'uri-lexicon': true }, { onSuccess: () => void folders.refetch() })}>
            Turn on the URI lexicon
          </button>
        </p>
        {update.isError && <ErrorMessage error={update.error} title="The URI lexicon was not turned on" />}
        {seen.length > 0 && (
          <ul className="listing" aria-label="Folders">
            {seen.map((dir) => (
              <li key={dir}>
                <a className="listing__item listing__item--folder" href={href(dir)} title={dir}>
                  <FolderIcon />
                  <span className="listing__name">{folderName(dir)}/</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  const { folders: list, complete } = folders.data;
  if (list.length === 0) return null;
  return (
    <div className={`folder-list${folders.isPlaceholderData ? ' folder-list--stale' : ''}`}>
      <ul className="listing" aria-label="Folders">
        {list.map(({ dir, count }) => (
          <li key={dir}>
            <a className="listing__item listing__item--folder" href={href(dir)} title={`${dir}: ${count.toLocaleString('en')} ${count === 1 ? 'document' : 'documents'}`}>
              <FolderIcon />
              <span className="listing__name">{folderName(dir)}/</span>
              <span className="listing__count" data-testid="folder-count">
                {count.toLocaleString('en')}
                <span className="visually-hidden"> {count === 1 ? 'document' : 'documents'}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      {!complete && <p className="hint">The first {list.length.toLocaleString('en')} folders; there are more. Open one, or choose a collection, to narrow the list.</p>}
    </div>
  );
}
