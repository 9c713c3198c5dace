import type { SearchResult } from '../../../../client/create-client';
import { ErrorMessage } from '../../../components/error-message';
import { PAGE_SIZE, useListDocuments } from '../queries/list-documents';
import { folderName, relativeName, subfolders } from '../lib/directory-listing';
import { explorerHref, type ExplorerState } from '../lib/explorer-state';
import { FormatBadge } from './format-badge';
import { LoadSampleData } from '../../samples/components/load-sample-data';
import { UncommittedBadge } from '../../transactions/components/uncommitted-badge';

/** Folders seen on this page, then the page of documents, then the pager. */
export function DocumentList({ state }: { state: ExplorerState }) {
  const { data, error, isPending, isPlaceholderData, isFetching, refetch } = useListDocuments({
    dir: state.dir,
    collection: state.collection,
    page: state.page,
  });

  if (isPending) return <p className="muted">Loading documents…</p>;
  if (error) return <ErrorMessage error={error} title="Could not list documents" />;

  const uris = data.results.map((r) => r.uri);
  const folders = subfolders(state.dir, uris);
  const first = data.start;
  const last = data.start + data.results.length - 1;
  // A page past the end (a stale link) still needs a way back.
  const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE), state.page);

  return (
    <div className={`document-list${isPlaceholderData ? ' document-list--stale' : ''}`}>
      <div className="document-list__scroll">
        {folders.length > 0 && (
          <ul className="listing" aria-label="Folders">
            {folders.map((folder) => (
              <li key={folder}>
                <a className="listing__item listing__item--folder" href={explorerHref({ dir: folder, collection: state.collection })} title={folder}>
                  <FolderIcon />
                  <span className="listing__name">{folderName(folder)}/</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        {data.results.length === 0 ? (
          <>
            <p className="muted empty">{emptyText(state)}</p>
            {data.total === 0 && !state.dir && !state.collection && <LoadSampleData />}
          </>
        ) : (
          <ul className="listing" aria-label="Documents" data-testid="document-list">
            {data.results.map((result) => (
              <DocumentListItem key={result.uri} result={result} state={state} />
            ))}
          </ul>
        )}
      </div>
      <div className="pager">
        <span className="pager__status">
          <span data-testid="listing-status">
            {data.total === 0 ? 'No documents' : data.results.length === 0 ? `0 of ${data.total}` : `${first}–${last} of ${data.total}`}
          </span>
          <button
            type="button"
            className="button button--ghost button--icon"
            aria-label="Refresh the listing"
            title="Refresh"
            disabled={isFetching}
            onClick={() => void refetch()}
          >
            ↻
          </button>
        </span>
        {pages > 1 && (
          <span className="pager__buttons">
            <a
              className={`button button--small${state.page <= 1 ? ' button--disabled' : ''}`}
              aria-disabled={state.page <= 1}
              href={state.page <= 1 ? undefined : explorerHref({ ...state, page: state.page - 1 })}
            >
              ‹ Prev
            </a>
            <span className="pager__page">
              {state.page} / {pages}
            </span>
            <a
              className={`button button--small${state.page >= pages ? ' button--disabled' : ''}`}
              aria-disabled={state.page >= pages}
              href={state.page >= pages ? undefined : explorerHref({ ...state, page: state.page + 1 })}
            >
              Next ›
            </a>
          </span>
        )}
      </div>
    </div>
  );
}

function DocumentListItem({ result, state }: { result: SearchResult; state: ExplorerState }) {
  const selected = result.uri === state.uri;
  return (
    <li>
      <a
        className={`listing__item${selected ? ' listing__item--selected' : ''}`}
        href={explorerHref({ ...state, view: undefined, uri: result.uri })}
        aria-current={selected ? 'page' : undefined}
        title={result.uri}
      >
        <span className="listing__name">{relativeName(state.dir, result.uri)}</span>
        <UncommittedBadge uri={result.uri} />
        <FormatBadge format={result.format} />
      </a>
    </li>
  );
}

function emptyText(state: ExplorerState): string {
  const where = state.dir ? ` in ${state.dir}` : '';
  const which = state.collection ? ` in collection “${state.collection}”` : '';
  if (state.page > 1) return 'No documents on this page.';
  return where || which ? `No documents${where}${which}.` : 'No documents yet. Upload files or create one.';
}

function FolderIcon() {
  return (
    <svg className="listing__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d="M1.5 3.5A1 1 0 0 1 2.5 2.5h3.6l1.5 1.5h5.9a1 1 0 0 1 1 1v7.5a1 1 0 0 1-1 1h-11a1 1 0 0 1-1-1z" fill="currentColor" />
    </svg>
  );
}
