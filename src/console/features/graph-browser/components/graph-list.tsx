import { ErrorMessage } from '../../../components/error-message';
import { LoadSampleData } from '../../samples/components/load-sample-data';
import { graphHref, type BrowserState } from '../lib/browser-state';
import { graphLabel } from '../lib/graph-summaries';
import { useGraphList } from '../queries/list-graphs';

/** Every graph the user may read, with its triple count. */
export function GraphList({ state }: { state: BrowserState }) {
  const { data, error, isPending, isFetching, refetch } = useGraphList();
  const open = !state.view && !state.iri ? state.graph : undefined;

  if (isPending) return <p className="muted">Loading graphs…</p>;
  if (error) return <ErrorMessage error={error} title="Could not list graphs" />;

  return (
    <div className="document-list">
      <div className="document-list__scroll">
        {data.length === 0 ? (
          <>
            <p className="muted empty">No graphs yet. Import RDF to create one.</p>
            <LoadSampleData />
          </>
        ) : (
          <ul className="listing" aria-label="Graphs">
            {data.map((g) => (
              <li key={g.iri}>
                <a
                  className={`listing__item${g.iri === open ? ' listing__item--selected' : ''}`}
                  href={graphHref(g.iri)}
                  aria-current={g.iri === open ? 'page' : undefined}
                  title={g.iri}
                >
                  <span className="listing__name">{graphLabel(g.iri)}</span>
                  <span className="graph-count" data-testid="graph-count">
                    {g.triples.toLocaleString('en')}
                    <span className="visually-hidden"> {g.triples === 1 ? 'triple' : 'triples'}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="pager">
        <span className="pager__status">
          <span data-testid="graphs-status">{data.length === 1 ? '1 graph' : `${data.length} graphs`}</span>
          <button
            type="button"
            className="button button--ghost button--icon"
            aria-label="Refresh the graph list"
            title="Refresh"
            disabled={isFetching}
            onClick={() => void refetch()}
          >
            ↻
          </button>
        </span>
      </div>
    </div>
  );
}
