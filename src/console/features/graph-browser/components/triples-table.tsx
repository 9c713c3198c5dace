import { ErrorMessage } from '../../../components/error-message';
import { graphsHref, type BrowserState } from '../lib/browser-state';
import { TRIPLES_PAGE_SIZE, useGraphCount, useGraphTriples } from '../queries/graph-triples';
import { TripleRows } from './triple-rows';

/** A graph's triples, a page at a time, ordered by subject, predicate, object. */
export function TriplesTable({ graph, state }: { graph: string; state: BrowserState }) {
  const count = useGraphCount(graph);
  const triples = useGraphTriples(graph, state.page);

  if (triples.isPending) return <p className="muted">Loading triples…</p>;
  if (triples.isError) return <ErrorMessage error={triples.error} title="Could not read the triples" />;

  const total = count.data;
  const first = (state.page - 1) * TRIPLES_PAGE_SIZE + 1;
  const last = first + triples.data.length - 1;
  // Without the count yet, a full page is the only sign of more.
  const more = total === undefined ? triples.data.length === TRIPLES_PAGE_SIZE : last < total;
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / TRIPLES_PAGE_SIZE), state.page);

  return (
    <div className={triples.isPlaceholderData ? 'stale' : undefined}>
      {triples.data.length === 0 ? (
        <p className="muted empty">{state.page > 1 ? 'No triples on this page.' : 'This graph has no triples.'}</p>
      ) : (
        <TripleRows label="Triples" triples={triples.data} />
      )}
      {count.isError && <ErrorMessage error={count.error} title="Could not count the triples" />}
      <div className="pager">
        <span className="pager__status" data-testid="triples-status">
          {triples.data.length === 0 ? (total === undefined ? '' : `0 of ${total}`) : `${first}–${last}${total === undefined ? '' : ` of ${total}`}`}
        </span>
        {(state.page > 1 || more) && (
          <span className="pager__buttons">
            <a
              className={`button button--small${state.page <= 1 ? ' button--disabled' : ''}`}
              aria-disabled={state.page <= 1}
              href={state.page <= 1 ? undefined : graphsHref({ ...state, page: state.page - 1 })}
            >
              ‹ Prev
            </a>
            <span className="pager__page">
              {state.page}
              {pages !== undefined && ` / ${pages}`}
            </span>
            <a
              className={`button button--small${!more ? ' button--disabled' : ''}`}
              aria-disabled={!more}
              href={!more ? undefined : graphsHref({ ...state, page: state.page + 1 })}
            >
              Next ›
            </a>
          </span>
        )}
      </div>
    </div>
  );
}
