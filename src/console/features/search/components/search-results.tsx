import type { UseQueryResult } from '@tanstack/react-query';
import type { SearchResult } from '../../../../client/types';
import { ErrorMessage } from '../../../components/error-message';
import { LoadSampleData } from '../../samples/components/load-sample-data';
import { navigate } from '../../../lib/use-hash-route';
import { removeRefinement, type Refinement } from '../lib/refinements';
import { percent, resultBody, type ResultBody } from '../lib/result-view';
import { DEFAULT_OPTIONS, documentHref, pageInfo, PAGE_LENGTHS, searchHref, type SearchState } from '../lib/search-state';
import { durationMs, formatMs } from '../lib/timing';
import { sparqlHref } from '../../sparql-editor/lib/document-query-link';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { SearchRun } from '../queries/run-search';

/** How long a search runs before the page offers to stop it. */
const OFFER_STOP_AFTER_MS = 400;

/** How many were found and how fast, the refinements in force, the page of results and the pager. */
export function SearchResults({
  state,
  run,
  refinements,
  onRefine,
  onStop,
}: {
  state: SearchState;
  run: UseQueryResult<SearchRun>;
  refinements: readonly Refinement[];
  onRefine(q: string): void;
  onStop(): void;
}) {
  // Stop is offered once a search has run a while: a quick one would only flash it.
  const slow = useDebouncedValue(run.isFetching, OFFER_STOP_AFTER_MS) && run.isFetching;
  // Stopped: nothing is fetched, and no answer of this request's own is at hand.
  const stopped = !run.isFetching && (run.isPending || run.isPlaceholderData);
  const stopButton = (
    <button type="button" className="button button--small" onClick={onStop}>
      Stop
    </button>
  );
  return (
    <section className="search-results" aria-label="Search results" aria-busy={run.isFetching}>
      {refinements.length > 0 && (
        <div className="refinements">
          <span className="field-label">Refined by</span>
          <ul className="chips" aria-label="Refinements">
            {refinements.map((r) => (
              <li key={`${r.name}:${r.value}`} className="chip refinement">
                <span>
                  {r.name}: {r.value}
                </span>
                <button type="button" className="refinement__remove" aria-label={`Remove ${r.name}: ${r.value}`} title="Remove this refinement" onClick={() => onRefine(removeRefinement(state.q, r))}>
                  ✕
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {!run.isPending && slow && (
        <p className="search-progress muted" role="status">
          Still searching… {stopButton}
        </p>
      )}
      {!run.isPending && stopped && (
        <p className="search-progress muted" role="status">
          Search stopped: the results below are the previous search’s.
        </p>
      )}
      {run.isPending ? (
        <p className="search-progress muted" role="status">
          {stopped ? 'Search stopped.' : 'Searching…'} {slow && stopButton}
        </p>
      ) : run.error ? (
        <ErrorMessage error={run.error} title="The search failed" />
      ) : (
        <ResultsPage state={state} run={run.data} stale={run.isPlaceholderData} />
      )}
    </section>
  );
}

function ResultsPage({ state, run, stale }: { state: SearchState; run: SearchRun; stale: boolean }) {
  const { response } = run;
  const results = response.results;
  const first = response.start;
  const last = response.start + results.length - 1;
  const serverMs = durationMs(response.metrics?.['total-time']);
  return (
    <div className={`results-page${stale ? ' results-page--stale' : ''}`}>
      <p className="search-status" role="status">
        <span data-testid="search-total">{totalText(response.total)}</span>
        {results.length > 0 && (
          <span className="muted">
            {' '}
            · showing {first}–{last}
          </span>
        )}
        <span className="search-status__time muted" data-testid="search-time">
          {serverMs !== undefined ? `${formatMs(serverMs)} on the server · ${formatMs(run.elapsedMs)} round trip` : `${formatMs(run.elapsedMs)} round trip`}
        </span>
      </p>
      {response.total > 0 && <TriplesLink state={state} />}
      {results.length === 0 ? (
        <>
          <p className="muted empty">{response.total > 0 ? 'No results on this page.' : 'Nothing matches this query.'}</p>
          {response.total === 0 && <LoadSampleData />}
        </>
      ) : (
        <ol className="result-list" aria-label="Results">
          {results.map((r) => (
            <ResultItem key={`${r.index}:${r.uri}`} result={r} />
          ))}
        </ol>
      )}
      <Pager state={state} total={response.total} />
    </div>
  );
}

/**
 * Opens the SPARQL editor on the triples these documents embed: the same string query, options
 * set and structured query become its document query. Offered when the search selects documents:
 * with neither a string nor a structured query it matches them all, and SPARQL sees every triple anyway.
 */
function TriplesLink({ state }: { state: SearchState }) {
  if (!state.q.trim() && !state.structuredQuery) return null;
  const href = sparqlHref({ q: state.q, options: state.options === DEFAULT_OPTIONS ? undefined : state.options, structuredQuery: state.structuredQuery });
  return (
    <p className="search-results__actions">
      <a className="button button--small" href={href} title="Open the SPARQL editor with this search as its document query">
        Query these documents’ triples
      </a>
    </p>
  );
}

const totalText = (total: number) => (total === 0 ? 'No results' : total === 1 ? '1 result' : `${total.toLocaleString('en')} results`);

function ResultItem({ result }: { result: SearchResult }) {
  return (
    <li className="result" data-testid="search-result">
      <div className="result__head">
        <span className="result__index">{result.index}</span>
        <a className="result__uri" href={documentHref(result.uri)} title={`Open ${result.uri} in the document explorer`}>
          {result.uri}
        </a>
        <span className={`badge badge--${result.format}`}>{result.format}</span>
        <span className="result__score" title={`score ${result.score} · confidence ${result.confidence} · fitness ${result.fitness}`}>
          score {result.score} · confidence {percent(result.confidence)}
        </span>
      </div>
      <ResultBodyView body={resultBody(result)} />
    </li>
  );
}

function ResultBodyView({ body }: { body: ResultBody }) {
  switch (body.kind) {
    case 'matches':
      return (
        <ul className="snippet" aria-label="Matches">
          {body.matches.map((m, i) => (
            <li key={i} className="snippet__match">
              <span className="snippet__text">
                {m.pieces.map((p, j) => (p.highlight ? <mark key={j}>{p.text}</mark> : <span key={j}>{p.text}</span>))}
              </span>
              {m.location && <span className="snippet__location">{m.location}</span>}
            </li>
          ))}
        </ul>
      );
    case 'text':
      return <pre className="result__content">{body.text}</pre>;
    case 'none':
      // empty-snippet asks for no snippet; a match-all query has nothing to highlight.
      return null;
  }
}

function Pager({ state, total }: { state: SearchState; total: number }) {
  const info = pageInfo(state.start, state.pageLength, total);
  return (
    <nav className="pager search-pager" aria-label="Pages">
      <span className="pager__buttons">
        <a
          className={`button button--small${info.previousStart === undefined ? ' button--disabled' : ''}`}
          aria-disabled={info.previousStart === undefined}
          href={info.previousStart === undefined ? undefined : searchHref({ ...state, start: info.previousStart })}
        >
          ‹ Previous
        </a>
        <span className="pager__page" data-testid="search-page">
          Page {info.page} of {info.pages}
        </span>
        <a
          className={`button button--small${info.nextStart === undefined ? ' button--disabled' : ''}`}
          aria-disabled={info.nextStart === undefined}
          href={info.nextStart === undefined ? undefined : searchHref({ ...state, start: info.nextStart })}
        >
          Next ›
        </a>
      </span>
      <label className="pager__size">
        <span className="muted">Per page</span>
        <select
          className="input input--compact"
          value={state.pageLength}
          onChange={(e) => navigate(searchHref({ ...state, pageLength: Number(e.target.value), start: 1 }))}
        >
          {[...new Set([...PAGE_LENGTHS, state.pageLength])]
            .sort((a, b) => a - b)
            .map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
        </select>
      </label>
    </nav>
  );
}
