import { useMemo, useState } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { LoadSampleData } from '../../samples/components/load-sample-data';
import { UncommittedBadge } from '../../transactions/components/uncommitted-badge';
import { chooseColumns, formatField, resultFields, sortByField, type ElementLike, type FieldRecord } from '../lib/field-columns';
import { relativeName } from '../lib/directory-listing';
import { explorerHref, type ExplorerState } from '../lib/explorer-state';
import { useColumnChoice } from '../lib/use-column-choice';
import { useDocumentDrafts } from '../lib/use-document-drafts';
import { PAGE_SIZE, useListDocuments } from '../queries/list-documents';
import { useDatabaseIndexes } from '../../query-options/queries/range-indexes';
import { serverSortOf, sortIndexFor, type ServerSort } from '../lib/server-sort';
import { ColumnPicker } from './column-picker';
import { DraftBadge } from './draft-badge';
import { FolderList } from './folder-list';
import { FormatBadge } from './format-badge';
import { ScrollRegion } from '../../../components/scroll-region';

export interface Row {
  uri: string;
  format: string;
  fields: FieldRecord;
}

/** The page on screen sorted by a column; with `server`, every page, by the field's range index. */
type Sort = { by: string; direction: 'ascending' | 'descending'; server?: ServerSort } | undefined;
/** The sort key of the name column (a field of that name sorts as a field). */
const NAME = '\u0000uri';

/** An XML document's root, or undefined when the text does not parse. */
function parseXml(text: string): ElementLike | undefined {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  return doc.getElementsByTagName('parsererror').length > 0 ? undefined : (doc.documentElement as ElementLike);
}

/**
 * The folders of the open directory, then the page of documents as a table — the URI, a few
 * fields of each document, its format — then the pager. Columns are chosen from the page
 * unless the person chose their own; sorting orders the page on screen.
 */
export function DocumentList({ state }: { state: ExplorerState }) {
  const [sort, setSort] = useState<Sort>();
  const { data, error, isPending, isPlaceholderData, isFetching, refetch } = useListDocuments({
    dir: state.dir,
    collection: state.collection,
    page: state.page,
    ...(sort?.server ? { sort: sort.server } : {}),
  });
  const { drafts } = useDocumentDrafts();
  // Without the right to read the database's settings (a remote rest-reader), sorting stays on the page.
  const indexes = useDatabaseIndexes();
  const rows = useMemo<Row[]>(() => (data?.results ?? []).map((r) => ({ uri: r.uri, format: r.format ?? '', fields: resultFields(r, parseXml) })), [data]);
  const records = useMemo(() => rows.map((r) => r.fields), [rows]);
  const auto = useMemo(() => chooseColumns(records), [records]);
  const choice = useColumnChoice();
  const columns = choice.columns ?? auto;

  if (isPending) return <p className="muted">Loading documents…</p>;
  if (error) return <ErrorMessage error={error} title="Could not list documents" />;

  const first = data.start;
  const last = data.start + data.results.length - 1;
  // A page past the end (a stale link) still needs a way back.
  const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE), state.page);
  const sorted =
    sort === undefined || sort.server
      ? rows
      : sort.by === NAME
        ? [...rows].sort((a, b) => (sort.direction === 'ascending' ? 1 : -1) * a.uri.localeCompare(b.uri, 'en', { numeric: true }))
        : sortByField(rows, sort.by, sort.direction);
  const toggleSort = (by: string) =>
    setSort((s) => {
      if (s?.by !== by) return { by, direction: 'ascending' };
      // A server sort flips on the server; a page sort goes ascending, descending, then off.
      if (s.server) return { ...s, direction: s.direction === 'ascending' ? 'descending' : 'ascending', server: { ...s.server, direction: s.direction === 'ascending' ? 'descending' : 'ascending' } };
      return s.direction === 'ascending' ? { by, direction: 'descending' } : undefined;
    });
  const ariaSort = (by: string) => (sort?.by === by ? sort.direction : undefined);
  const index = sort && sort.by !== NAME && !sort.server ? sortIndexFor(sort.by, indexes.data?.['range-element-index'] ?? []) : undefined;
  const sortAll = () => {
    if (!sort || !index) return;
    const json = rows.some((r) => r.format === 'json' && sort.by in r.fields);
    setSort({ ...sort, server: serverSortOf(sort.by, sort.direction, index, json) });
  };

  return (
    <div className={`document-list${isPlaceholderData ? ' document-list--stale' : ''}`}>
      <div className="document-list__scroll">
        <FolderList state={state} pageUris={rows.map((r) => r.uri)} />
        {data.results.length === 0 ? (
          <>
            <p className="muted empty">{emptyText(state)}</p>
            {data.total === 0 && !state.dir && !state.collection && <LoadSampleData />}
          </>
        ) : (
          <>
            <div className="document-table__tools">
              <ColumnPicker records={records} columns={columns} auto={auto} choice={choice} />
              {sort && (
                <span className="hint document-table__sort-note" role="status">
                  {sort.server ? `All ${data.total.toLocaleString('en')} sorted by ${sort.by}, with its range index.` : 'Sorted on this page only.'}{' '}
                  {index && (
                    <button type="button" className="link-button" onClick={sortAll}>
                      Sort all pages by {sort.by}
                    </button>
                  )}{' '}
                  <button type="button" className="link-button" onClick={() => setSort(undefined)}>
                    Server order
                  </button>
                </span>
              )}
            </div>
            <ScrollRegion label="Documents (scrollable)">
              <table className="document-table" aria-label="Documents" data-testid="document-list">
                <thead>
                  <tr>
                    <SortHeader label="Name" sort={ariaSort(NAME)} onSort={() => toggleSort(NAME)} />
                    {columns.map((c) => (
                      <SortHeader key={c} label={c} sort={ariaSort(c)} onSort={() => toggleSort(c)} />
                    ))}
                    <th scope="col" className="document-table__format">
                      <span className="visually-hidden">Format</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {sorted.map((row) => (
                    <DocumentRow key={row.uri} row={row} columns={columns} state={state} draft={drafts[row.uri] !== undefined} />
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </>
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

function SortHeader({ label, sort, onSort }: { label: string; sort: 'ascending' | 'descending' | undefined; onSort(): void }) {
  return (
    <th scope="col" aria-sort={sort}>
      <button type="button" className="document-table__sort" onClick={onSort} title={`Sort this page by ${label}`}>
        {label}
        <span aria-hidden="true" className="document-table__arrow">
          {sort === 'ascending' ? '▲' : sort === 'descending' ? '▼' : ''}
        </span>
      </button>
    </th>
  );
}

function DocumentRow({ row, columns, state, draft }: { row: Row; columns: readonly string[]; state: ExplorerState; draft: boolean }) {
  const selected = row.uri === state.uri;
  return (
    <tr className={selected ? 'document-table__row--selected' : undefined}>
      <td className="document-table__name">
        <a href={explorerHref({ ...state, view: undefined, uri: row.uri })} aria-current={selected ? 'page' : undefined} title={row.uri}>
          <span className="document-table__uri">{relativeName(state.dir, row.uri)}</span>
          <UncommittedBadge uri={row.uri} />
          {draft && <DraftBadge status="unsaved" />}
        </a>
      </td>
      {columns.map((c) => {
        const text = formatField(row.fields[c]);
        return (
          <td key={c} className={typeof row.fields[c] === 'number' ? 'document-table__number' : undefined} title={text.length > 30 ? text : undefined}>
            {text}
          </td>
        );
      })}
      <td className="document-table__format">
        <FormatBadge format={row.format} />
      </td>
    </tr>
  );
}

function emptyText(state: ExplorerState): string {
  const where = state.dir ? ` in ${state.dir}` : '';
  const which = state.collection ? ` in collection “${state.collection}”` : '';
  if (state.page > 1) return 'No documents on this page.';
  return where || which ? `No documents${where}${which}.` : 'No documents yet. Upload files or create one.';
}
