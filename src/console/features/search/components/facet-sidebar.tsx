import { useId, useState } from 'react';
import type { SearchFacet, SearchFacetValue } from '../../../../client/types';
import { addRefinement, facetValueLabel, isRefined, removeRefinement, type Refinement } from '../lib/refinements';

/** Values shown per facet before "Show all". */
const FIRST_VALUES = 10;

/**
 * The facets of the last answer, each value with its count. Clicking a value narrows the
 * query with `name:value`; clicking a value already narrowing it takes it out again.
 */
export function FacetSidebar({
  facets,
  status,
  query,
  refinements,
  stale,
  onRefine,
}: {
  facets: Record<string, SearchFacet> | undefined;
  /** Of the search the facets come from. */
  status: 'pending' | 'error' | 'success';
  query: string;
  refinements: readonly Refinement[];
  stale: boolean;
  onRefine(q: string): void;
}) {
  const entries = Object.entries(facets ?? {});
  return (
    <aside className={`facets${stale ? ' facets--stale' : ''}`} aria-label="Facets">
      <h2 className="section-title">Facets</h2>
      {entries.length === 0 ? (
        <p className="muted facets__none">{noFacetsText(status, facets)}</p>
      ) : (
        entries.map(([name, facet]) => <Facet key={name} name={name} facet={facet} query={query} refinements={refinements} onRefine={onRefine} />)
      )}
    </aside>
  );
}

function Facet({
  name,
  facet,
  query,
  refinements,
  onRefine,
}: {
  name: string;
  facet: SearchFacet;
  query: string;
  refinements: readonly Refinement[];
  onRefine(q: string): void;
}) {
  const headingId = useId();
  const [all, setAll] = useState(false);
  const values = facet.facetValues ?? [];
  const shown = all ? values : values.slice(0, FIRST_VALUES);
  const toggle = (v: SearchFacetValue) => {
    const active = refinements.find((r) => r.name === name && r.value === v.name);
    onRefine(active ? removeRefinement(query, active) : addRefinement(query, name, v.name));
  };

  return (
    <section className="facet" aria-labelledby={headingId} data-testid={`facet-${name}`}>
      <h3 className="facet__name" id={headingId}>
        {name}
        {facet.type && <span className="facet__type">{facet.type}</span>}
      </h3>
      {facet.boxes ? (
        <p className="muted">A geospatial facet of {facet.boxes.length} boxes.</p>
      ) : values.length === 0 ? (
        <p className="muted">No values.</p>
      ) : (
        <ul className="facet__values">
          {shown.map((v) => {
            const active = isRefined(refinements, name, v.name);
            return (
              <li key={v.name}>
                <button
                  type="button"
                  className={`facet-value${active ? ' facet-value--active' : ''}`}
                  aria-pressed={active}
                  title={active ? `Remove ${name}:${v.name}` : `Narrow to ${name}:${v.name}`}
                  onClick={() => toggle(v)}
                >
                  <span className="facet-value__label">{facetValueLabel(facet, v)}</span>
                  <span className="facet-value__count">{v.count}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {values.length > FIRST_VALUES && (
        <button type="button" className="link-button facet__more" onClick={() => setAll((a) => !a)}>
          {all ? 'Show fewer' : `Show all ${values.length}`}
        </button>
      )}
    </section>
  );
}

function noFacetsText(status: 'pending' | 'error' | 'success', facets: Record<string, SearchFacet> | undefined): string {
  if (status === 'pending') return 'Searching…';
  if (status === 'error') return 'No facets: the search failed.';
  // The server leaves `facets` out when no constraint facets, and sends it empty when none has values here.
  return facets ? 'No facet values for these results.' : 'The option set has no facets. Range and collection constraints facet by default.';
}
