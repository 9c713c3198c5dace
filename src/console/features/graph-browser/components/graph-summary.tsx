import { useState } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { compactIri } from '../lib/prefixes';
import { graphsHref, type BrowserState } from '../lib/browser-state';
import { SUMMARY_LIMIT, useGraphSummary, type TermCount } from '../queries/graph-summary';

/** Rows each list shows before "Show all". */
const FIRST_ROWS = 10;

/**
 * What a graph holds, at a glance: its classes with their instance counts and its
 * predicates with their usage counts, largest first. A class opens its instances; a
 * predicate filters the triples below.
 */
export function GraphSummary({ graph, state }: { graph: string; state: BrowserState }) {
  return (
    <section className="graph-summary" aria-label="Summary">
      <SummaryList
        graph={graph}
        part="classes"
        title="Classes"
        unit="instances"
        empty="No class: no triple in this graph has rdf:type."
        selected={state.class}
        href={(iri) => graphsHref({ graph, class: iri })}
      />
      <SummaryList
        graph={graph}
        part="predicates"
        title="Predicates"
        unit="triples"
        empty="No predicates: the graph is empty."
        selected={state.class ? undefined : state.predicate}
        href={(iri) => graphsHref({ graph, predicate: iri })}
      />
    </section>
  );
}

function SummaryList({
  graph,
  part,
  title,
  unit,
  empty,
  selected,
  href,
}: {
  graph: string;
  part: 'classes' | 'predicates';
  title: string;
  unit: string;
  empty: string;
  selected?: string;
  href: (iri: string) => string;
}) {
  const summary = useGraphSummary(graph, part);
  const [all, setAll] = useState(false);
  const id = `summary-${part}`;
  const rows: TermCount[] = summary.data ?? [];
  const shown = all ? rows : rows.slice(0, FIRST_ROWS);
  return (
    <div className="graph-summary__part">
      <h3 id={id} className="section-title">
        {title}{' '}
        {summary.data && (
          <span className="muted" data-testid={`${part}-total`}>
            ({rows.length.toLocaleString('en')}
            {rows.length >= SUMMARY_LIMIT ? '+' : ''})
          </span>
        )}
      </h3>
      {summary.isPending ? (
        <p className="muted">Counting…</p>
      ) : summary.isError ? (
        <ErrorMessage error={summary.error} title={`Could not count the ${part}`} />
      ) : rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <>
          <ul className="graph-summary__list" aria-labelledby={id}>
            {shown.map((row) => (
              <li key={row.iri}>
                <a className={`graph-summary__item${row.iri === selected ? ' graph-summary__item--selected' : ''}`} href={href(row.iri)} title={row.iri} aria-current={row.iri === selected ? 'true' : undefined}>
                  <span className="graph-summary__name">{compactIri(row.iri) ?? row.iri}</span>
                  <span className="graph-count">
                    {row.count.toLocaleString('en')}
                    <span className="visually-hidden"> {row.count === 1 ? unit.replace(/s$/, '') : unit}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
          {rows.length > FIRST_ROWS && (
            <button type="button" className="button button--small button--ghost" onClick={() => setAll((a) => !a)} aria-expanded={all}>
              {all ? `Show the first ${FIRST_ROWS}` : `Show all ${rows.length.toLocaleString('en')}`}
            </button>
          )}
        </>
      )}
    </div>
  );
}
