import { useEffect, useState } from 'react';
import { navigate } from '../../../lib/use-hash-route';
import { nodeHref } from '../lib/browser-state';

/** Opens the things view of any IRI typed or pasted in. */
export function OpenNodeForm({ iri }: { iri?: string }) {
  const [value, setValue] = useState(iri ?? '');
  useEffect(() => setValue(iri ?? ''), [iri]);
  return (
    <form
      role="search"
      aria-label="Open a node"
      onSubmit={(e) => {
        e.preventDefault();
        const target = value.trim();
        if (target) navigate(nodeHref(target));
      }}
    >
      <label className="field-label" htmlFor="open-node">
        Node IRI
      </label>
      <div className="input-group">
        <input
          id="open-node"
          className="input input--mono"
          type="search"
          placeholder="http://example.org/thing"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className="button">
          Open
        </button>
      </div>
    </form>
  );
}
