import { useEffect, useId, useRef, useState } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { navigate } from '../../../lib/use-hash-route';
import { useShortcut } from '../../../lib/shortcuts';
import { graphsHref, type BrowserState } from '../lib/browser-state';
import { compactIri, knownPrefixes } from '../lib/prefixes';
import { PAGE_SIZE, usePredicateCount, usePredicateTriples } from '../queries/filtered-triples';
import { TRIPLES_PAGE_SIZE, useGraphCount, useGraphTriples } from '../queries/graph-triples';
import { useGraphSummary } from '../queries/graph-summary';
import { Pager } from './pager';
import { TripleRows } from './triple-rows';

/** A graph's triples, a page at a time, all of them or those of one predicate. */
export function TriplesTable({ graph, state }: { graph: string; state: BrowserState }) {
  return (
    <section className="graph-triples" aria-labelledby="graph-triples-title">
      <div className="graph-triples__header">
        <h3 id="graph-triples-title" className="section-title">
          Triples
        </h3>
        <PredicateFilter graph={graph} state={state} />
      </div>
      {state.predicate ? <PredicateTriples graph={graph} state={state} predicate={state.predicate} /> : <AllTriples graph={graph} state={state} />}
    </section>
  );
}

function AllTriples({ graph, state }: { graph: string; state: BrowserState }) {
  const count = useGraphCount(graph);
  const triples = useGraphTriples(graph, state.page);
  if (triples.isPending) return <p className="muted">Loading triples…</p>;
  if (triples.isError) return <ErrorMessage error={triples.error} title="Could not read the triples" />;
  return (
    <div className={triples.isPlaceholderData ? 'stale' : undefined}>
      {triples.data.length === 0 ? (
        <p className="muted empty">{state.page > 1 ? 'No triples on this page.' : 'This graph has no triples.'}</p>
      ) : (
        <TripleRows label="Triples" triples={triples.data} />
      )}
      {count.isError && <ErrorMessage error={count.error} title="Could not count the triples" />}
      <Pager page={state.page} size={TRIPLES_PAGE_SIZE} shown={triples.data.length} total={count.data} testId="triples-status" href={(page) => graphsHref({ ...state, page })} />
    </div>
  );
}

function PredicateTriples({ graph, state, predicate }: { graph: string; state: BrowserState; predicate: string }) {
  const count = usePredicateCount(graph, predicate);
  const triples = usePredicateTriples(graph, predicate, state.page);
  if (triples.isPending) return <p className="muted">Loading triples…</p>;
  if (triples.isError) return <ErrorMessage error={triples.error} title="Could not read the triples" />;
  return (
    <div className={triples.isPlaceholderData ? 'stale' : undefined}>
      {triples.data.length === 0 ? (
        <p className="muted empty">{state.page > 1 ? 'No triples on this page.' : 'No triple in this graph has this predicate.'}</p>
      ) : (
        <TripleRows label="Triples" triples={triples.data} />
      )}
      {count.isError && <ErrorMessage error={count.error} title="Could not count the triples" />}
      <Pager page={state.page} size={PAGE_SIZE} shown={triples.data.length} total={count.data} testId="triples-status" href={(page) => graphsHref({ ...state, page })} />
    </div>
  );
}

/** A predicate picked by typing (the graph's predicates as suggestions, by prefixed name or IRI) or from the summary. */
function PredicateFilter({ graph, state }: { graph: string; state: BrowserState }) {
  const id = useId();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const predicates = useGraphSummary(graph, 'predicates');
  const shownName = (iri: string | undefined) => (iri ? (compactIri(iri) ?? iri) : '');
  const [text, setText] = useState(shownName(state.predicate));
  useEffect(() => setText(shownName(state.predicate)), [state.predicate]);
  useShortcut({ keys: '/', description: 'Filter the triples by predicate', group: 'Graphs' }, (e) => {
    e.preventDefault();
    input.current?.focus();
    input.current?.select();
  });

  const resolve = (value: string): string | undefined => {
    const v = value.trim();
    if (!v) return undefined;
    const known = predicates.data?.find((p) => p.iri === v || compactIri(p.iri) === v);
    if (known) return known.iri;
    // A predicate the summary did not list: a prefixed name with a known prefix, or a whole IRI.
    const prefixed = /^([A-Za-z][\w-]*):([^/\s]*)$/.exec(v);
    if (prefixed && knownPrefixes[prefixed[1]]) return knownPrefixes[prefixed[1]] + prefixed[2];
    return /^[a-z][a-z0-9+.-]*:\/\/[^\s<>"{}|^`\\]+$/i.test(v) ? v : undefined;
  };
  const apply = (iri: string | undefined) => navigate(graphsHref({ graph, predicate: iri }));

  return (
    <form
      className="graph-triples__filter"
      role="search"
      aria-label="Filter the triples"
      onSubmit={(e) => {
        e.preventDefault();
        const iri = resolve(text);
        if (iri || !text.trim()) apply(iri);
      }}
    >
      <label htmlFor={id} className="field-label">
        Predicate
      </label>
      <div className="input-group">
        <input
          ref={input}
          id={id}
          className="input input--compact input--mono"
          list={listId}
          placeholder="All predicates — type to filter"
          aria-keyshortcuts="/"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            // Choosing a suggestion applies it at once; typing waits for Enter.
            const known = predicates.data?.find((p) => p.iri === e.target.value || compactIri(p.iri) === e.target.value);
            if (known && known.iri !== state.predicate) apply(known.iri);
          }}
        />
        <datalist id={listId}>
          {predicates.data?.map((p) => (
            <option key={p.iri} value={compactIri(p.iri) ?? p.iri}>
              {`${p.count.toLocaleString('en')} triples`}
            </option>
          ))}
        </datalist>
        {state.predicate && (
          <button type="button" className="button button--small" onClick={() => apply(undefined)}>
            Clear filter
          </button>
        )}
      </div>
    </form>
  );
}
