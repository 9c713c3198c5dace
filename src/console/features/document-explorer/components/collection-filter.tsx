import { useEffect, useState } from 'react';
import { navigate } from '../../../lib/use-hash-route';
import { explorerHref, type ExplorerState } from '../lib/explorer-state';

/** Narrows the listing to one collection; applied on Enter so typing does not query per keystroke. */
export function CollectionFilter({ state }: { state: ExplorerState }) {
  const [value, setValue] = useState(state.collection);
  useEffect(() => setValue(state.collection), [state.collection]);
  const apply = (collection: string) => navigate(explorerHref({ dir: state.dir, collection: collection.trim() }));

  return (
    <form
      className="collection-filter"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        apply(value);
      }}
    >
      <label className="field-label" htmlFor="collection-filter">
        Collection
      </label>
      <div className="input-group">
        <input
          id="collection-filter"
          className="input"
          type="search"
          placeholder="Any collection"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className="button">
          Filter
        </button>
        {state.collection && (
          <button type="button" className="button button--ghost" onClick={() => apply('')} aria-label="Clear collection filter">
            ✕
          </button>
        )}
      </div>
    </form>
  );
}
