import { useMemo, useState } from 'react';
import type { Triple } from '../../../../client/graphs';
import { ErrorMessage } from '../../../components/error-message';
import { useLabels } from '../../../components/graph-diagram/use-labels';
import { useConnection } from '../../../lib/connection';
import { compactIri } from '../lib/prefixes';
import { NODE_PAGE_SIZE, useNeighbourhood, useNodeCount, useNodeSide, useReachedBlankNodes, type Side } from '../queries/node-triples';
import { NeighbourhoodDiagram } from './neighbourhood-diagram';
import { Pager } from './pager';
import { SourceDocuments } from './source-documents';
import { TermView } from './term-view';
import { ScrollRegion } from '../../../components/scroll-region';

/**
 * A node: the triples it is the subject of and those pointing at it, each side counted
 * and paged on its own (a node with thousands of links shows one page of each), a
 * diagram of its neighbourhood, and the documents embedding them.
 */
export function ThingsView({ iri }: { iri: string }) {
  const { client } = useConnection();
  const neighbourhood = useNeighbourhood(iri);
  const label = useLabels(
    useMemo(() => [], []),
    useMemo(() => [iri], [iri]),
  ).get(iri);
  const compact = compactIri(iri);

  return (
    <article className="panel" aria-labelledby="node-title">
      <header className="panel__header">
        <div className="panel__heading">
          <h2 id="node-title" className="panel__title mono">
            {iri}
          </h2>
          {(label || compact) && (
            <div className="panel__meta">
              {label && <span data-testid="node-label">{label}</span>}
              {compact && <span className="mono">{compact}</span>}
            </div>
          )}
        </div>
        <div className="panel__toolbar">
          <a className="button" href={`${client.baseUrl}/v1/graphs/things?iri=${encodeURIComponent(iri)}`} target="_blank" rel="noreferrer">
            Raw
          </a>
        </div>
      </header>
      <div className="panel__body">
        <div className="things__tables">
          <NodeSide iri={iri} side="outgoing" />
          <NodeSide iri={iri} side="incoming" />
        </div>
        <ReachedBlankNodes iri={iri} />
        <section className="things__diagram" aria-labelledby="diagram-title">
          <h3 id="diagram-title" className="section-title">
            Neighbourhood
          </h3>
          {neighbourhood.isPending ? (
            <p className="muted">Loading the neighbourhood…</p>
          ) : neighbourhood.isError ? (
            <ErrorMessage error={neighbourhood.error} title="Could not read the neighbourhood" />
          ) : neighbourhood.data.triples.length === 0 ? (
            <p className="muted empty">No triple mentions this IRI as its subject or object.</p>
          ) : (
            <NeighbourhoodDiagram iri={iri} initial={neighbourhood.data} />
          )}
        </section>
        <SourceDocuments iri={iri} />
      </div>
    </article>
  );
}

const sides = {
  outgoing: { title: 'Outgoing', table: 'Outgoing triples', columns: ['predicate', 'object'], none: "None: this node is no triple's subject." },
  incoming: { title: 'Incoming', table: 'Incoming triples', columns: ['subject', 'predicate'], none: 'None: no triple has this node as its object.' },
} as const;

/** One side of a node, a page at a time, with its total in the heading. */
function NodeSide({ iri, side }: { iri: string; side: Side }) {
  const [page, setPage] = useState(1);
  const rows = useNodeSide(iri, side, page);
  const count = useNodeCount(iri, side);
  const { title, table, columns, none } = sides[side];
  const id = `${side}-title`;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="section-title">
        {title}{' '}
        <span className="muted" data-testid={`${side}-count`}>
          ({count.data === undefined ? '…' : count.data.toLocaleString('en')})
        </span>
      </h3>
      {rows.isPending ? (
        <p className="muted">Loading triples…</p>
      ) : rows.isError ? (
        <ErrorMessage error={rows.error} title={`Could not read the ${side} triples`} />
      ) : rows.data.length === 0 && page === 1 ? (
        <p className="muted">{none}</p>
      ) : (
        <div className={rows.isPlaceholderData ? 'stale' : undefined}>
          <TripleTable label={table} triples={rows.data} columns={columns} />
          <Pager page={page} size={NODE_PAGE_SIZE} shown={rows.data.length} total={count.data} testId={`${side}-status`} what={table.toLowerCase()} onPage={setPage} />
        </div>
      )}
      {count.isError && <ErrorMessage error={count.error} title={`Could not count the ${side} triples`} />}
    </section>
  );
}

function ReachedBlankNodes({ iri }: { iri: string }) {
  const reached = useReachedBlankNodes(iri);
  if (!reached.data || reached.data.length === 0) return null;
  return (
    <section aria-labelledby="reached-title">
      <h3 id="reached-title" className="section-title">
        Blank nodes it reaches
      </h3>
      <TripleTable label="Triples of blank nodes it reaches" triples={reached.data} columns={['subject', 'predicate', 'object']} />
    </section>
  );
}

type Column = 'subject' | 'predicate' | 'object';
const headings: Record<Column, string> = { subject: 'Subject', predicate: 'Predicate', object: 'Object' };

function TripleTable({ label, triples, columns }: { label: string; triples: readonly Triple[]; columns: readonly Column[] }) {
  return (
    <ScrollRegion label={`${label} (scrollable)`}>
      <table className="table triples" aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {headings[c]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {triples.map((t, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c}>
                  <TermView term={t[c]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
