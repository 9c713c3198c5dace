import type { ReactNode } from 'react';
import type { RdfTerm } from '../../../../client/graphs';
import { TermView } from './term-view';
import { ScrollRegion } from '../../../components/scroll-region';

/** A triple as a table shows it. */
export interface TripleRow {
  subject: RdfTerm;
  predicate: RdfTerm;
  object: RdfTerm;
}

/**
 * Triples as a table of subject, predicate and object, each term a link to its node; `extra`
 * adds a column after them (the graph a document's triple is in, say).
 */
export function TripleRows<T extends TripleRow>({ label, triples, extra }: { label: string; triples: readonly T[]; extra?: { header: string; cell: (triple: T) => ReactNode } }) {
  return (
    <ScrollRegion label={`${label} (scrollable)`}>
      <table className="table triples" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Subject</th>
            <th scope="col">Predicate</th>
            <th scope="col">Object</th>
            {extra && <th scope="col">{extra.header}</th>}
          </tr>
        </thead>
        <tbody>
          {triples.map((t, i) => (
            <tr key={i}>
              <td>
                <TermView term={t.subject} />
              </td>
              <td>
                <TermView term={t.predicate} />
              </td>
              <td>
                <TermView term={t.object} />
              </td>
              {extra && <td>{extra.cell(t)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
