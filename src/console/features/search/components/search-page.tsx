import { useMemo } from 'react';
import { searchRequest } from '../../../../client/search';
import { navigate } from '../../../lib/use-hash-route';
import { readSearchState, searchHref, searchQueryOf, type SearchState } from '../lib/search-state';
import { refinementsIn } from '../lib/refinements';
import { useConstraints } from '../queries/option-sets';
import { useSearchRun, useStopSearch } from '../queries/run-search';
import { FacetSidebar } from './facet-sidebar';
import { RequestPanel } from './request-panel';
import { SearchBar } from './search-bar';
import { SearchResults } from './search-results';
import '../search.css';

/**
 * The search page: the query bar on top, facets on the left, results on the right, and
 * the request and response underneath. What is searched is the hash (lib/search-state.ts);
 * every control changes the hash, and the page follows it.
 */
export function SearchPage({ params }: { params: URLSearchParams }) {
  const state = readSearchState(params);
  const { q, options, start, pageLength, structuredQuery } = state;
  const request = useMemo(() => {
    const spec = searchRequest(searchQueryOf({ q, options, start, pageLength }));
    if (structuredQuery) spec.params.set('structuredQuery', structuredQuery);
    return spec;
  }, [q, options, start, pageLength, structuredQuery]);
  const run = useSearchRun(request);
  const stop = useStopSearch(request);
  const constraints = useConstraints(options);
  const facets = run.data?.response.facets;
  // Refinements are recognised by the option set's constraint names; the facets' names stand in until they load.
  const names = useMemo(() => new Set(constraints.data?.map((c) => c.name) ?? Object.keys(facets ?? {})), [constraints.data, facets]);
  const refinements = useMemo(() => refinementsIn(q, names), [q, names]);

  const go = (next: Partial<SearchState>) => {
    const href = searchHref({ ...state, ...next });
    // The same search again is a request for fresh results, not a navigation.
    if (href === searchHref(state)) void run.refetch();
    else navigate(href);
  };

  return (
    <div className="search-page">
      <SearchBar state={state} constraints={constraints} onRun={(text, optionSet) => go({ q: text, options: optionSet, start: 1 })} />
      {structuredQuery && (
        <p className="hint search-page__structured" data-testid="structured-query">
          Also restricted by the structured query <code>{structuredQuery}</code>{' '}
          <button type="button" className="button button--small button--ghost" onClick={() => go({ structuredQuery: undefined, start: 1 })}>
            Remove
          </button>
        </p>
      )}
      <div className="search-page__body">
        <FacetSidebar facets={facets} status={run.status} query={q} refinements={refinements} stale={run.isPlaceholderData} onRefine={(text) => go({ q: text, start: 1 })} />
        <SearchResults state={state} run={run} refinements={refinements} onRefine={(text) => go({ q: text, start: 1 })} onStop={stop} />
      </div>
      <RequestPanel request={request} run={run} />
    </div>
  );
}
