/** The order of facet values, shared by the collection facet (run-search.ts) and range facets (live-range-indexes.ts). */

/** facet-option ordering and limit: item order ascending by default (MarkLogic’s REST API reference, /v1/search). */
export function orderFacetValues<V extends { name: string; count: number }>(values: V[], facetOptions: string[]): V[] {
  const has = (o: string) => facetOptions.includes(o);
  const descending = has('descending');
  const byFrequency = has('frequency-order');
  const sorted = [...values].sort((a, b) => {
    const r = byFrequency ? a.count - b.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
    // frequency-order lists the most frequent first unless ascending is asked.
    if (byFrequency) return has('ascending') ? r : -r;
    return descending ? -r : r;
  });
  const limit = facetOptions.find((o) => o.startsWith('limit='));
  return limit ? sorted.slice(0, Number(limit.slice(6))) : sorted;
}
