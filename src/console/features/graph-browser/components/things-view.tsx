import type { Triple } from '../../../../client/graphs';
import { ErrorMessage } from '../../../components/error-message';
import { useConnection } from '../../../lib/connection';
import { compactIri } from '../lib/prefixes';
import { INCOMING_LIMIT, useNodeTriples } from '../queries/node-triples';
import { NeighbourhoodDiagram } from './neighbourhood-diagram';
import { SourceDocuments } from './source-documents';
import { TermView } from './term-view';

/** A node: the triples it is the subject of, those pointing at it, a diagram of its neighbourhood, and the documents embedding them. */
export function ThingsView({ iri }: { iri: string }) {
  const { client } = useConnection();
  const node = useNodeTriples(iri);
  const own = node.data?.outgoing.filter((t) => t.subject.type === 'uri' && t.subject.value === iri) ?? [];
  // The things service describes blank nodes the node reaches too (a concise bounded description).
  const reached = node.data?.outgoing.filter((t) => !(t.subject.type === 'uri' && t.subject.value === iri)) ?? [];

  return (
    <article className="panel" aria-labelledby="node-title">
      <header className="panel__header">
        <div className="panel__heading">
          <h2 id="node-title" className="panel__title mono">
            {iri}
          </h2>
          {compactIri(iri) && <div className="panel__meta mono">{compactIri(iri)}</div>}
        </div>
        <div className="panel__toolbar">
          <a className="button" href={`${client.baseUrl}/v1/graphs/things?iri=${encodeURIComponent(iri)}`} target="_blank" rel="noreferrer">
            Raw
          </a>
        </div>
      </header>
      <div className="panel__body">
        {node.isPending ? (
          <p className="muted">Loading triples…</p>
        ) : node.isError ? (
          <ErrorMessage error={node.error} title="Could not read the node" />
        ) : node.data.outgoing.length === 0 && node.data.incoming.length === 0 ? (
          <p className="muted empty">No triple mentions this IRI as its subject or object.</p>
        ) : (
          <div className="things">
            <div className="things__tables">
              <section aria-labelledby="outgoing-title">
                <h3 id="outgoing-title" className="section-title">
                  Outgoing <span className="muted">({own.length})</span>
                </h3>
                {own.length === 0 ? (
                  <p className="muted">None: this node is no triple's subject.</p>
                ) : (
                  <TripleTable label="Outgoing triples" triples={own} columns={['predicate', 'object']} />
                )}
                {reached.length > 0 && (
                  <>
                    <h4 className="section-title">Blank nodes it reaches</h4>
                    <TripleTable label="Triples of blank nodes it reaches" triples={reached} columns={['subject', 'predicate', 'object']} />
                  </>
                )}
              </section>
              <section aria-labelledby="incoming-title">
                <h3 id="incoming-title" className="section-title">
                  Incoming <span className="muted">({node.data.incoming.length}{node.data.incoming.length >= INCOMING_LIMIT ? '+' : ''})</span>
                </h3>
                {node.data.incoming.length === 0 ? (
                  <p className="muted">None: no triple has this node as its object.</p>
                ) : (
                  <TripleTable label="Incoming triples" triples={node.data.incoming} columns={['subject', 'predicate']} />
                )}
                {node.data.incoming.length >= INCOMING_LIMIT && <p className="hint">Showing the first {INCOMING_LIMIT}.</p>}
              </section>
            </div>
            <section className="things__diagram" aria-labelledby="diagram-title">
              <h3 id="diagram-title" className="section-title">
                Neighbourhood
              </h3>
              <NeighbourhoodDiagram iri={iri} initial={node.data} />
            </section>
          </div>
        )}
        <SourceDocuments iri={iri} />
      </div>
    </article>
  );
}

type Column = 'subject' | 'predicate' | 'object';
const headings: Record<Column, string> = { subject: 'Subject', predicate: 'Predicate', object: 'Object' };

function TripleTable({ label, triples, columns }: { label: string; triples: readonly Triple[]; columns: readonly Column[] }) {
  return (
    <div className="table-scroll">
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
    </div>
  );
}
