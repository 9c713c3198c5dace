import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { SparqlTerm } from '../../../../client/sparql';
import { RdfTermView } from './rdf-term-view';

export interface ResultColumn {
  key: string;
  label: string;
}

interface ResultsTableProps<Row> {
  label: string;
  columns: readonly ResultColumn[];
  rows: readonly Row[];
  /** The term of a row in a column; `undefined` for an unbound variable. */
  term(row: Row, column: string): SparqlTerm | undefined;
  prefixes: Record<string, string>;
}

// Cells never wrap (long values are cut with an ellipsis, the whole term is in the
// tooltip), so rows are all this high; each is still measured once shown, so a font
// or zoom that changes the height cannot make the scroll range drift.
const ROW_HEIGHT = 30;

/**
 * Solutions or triples as a table that renders only the rows in view, so a result of
 * a hundred thousand rows scrolls as smoothly as one of ten.
 */
export function ResultsTable<Row>({ label, columns, rows, term: termOf, prefixes }: ResultsTableProps<Row>) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items.length > 0 ? items[0].start : 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;

  return (
    <div className="results-table" ref={scroller} tabIndex={0} role="region" aria-label={`${label} (scrollable)`}>
      <table className="table results-table__table" aria-label={label} aria-rowcount={rows.length + 1}>
        <colgroup>
          <col className="results-table__index-col" />
          {columns.map((c) => (
            <col key={c.key} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" className="results-table__index">
              #
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="mono">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {padTop > 0 && (
            <tr aria-hidden="true" className="results-table__spacer">
              <td colSpan={columns.length + 1} style={{ height: padTop }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            return (
              <tr key={item.key} ref={virtualizer.measureElement} data-index={item.index} aria-rowindex={item.index + 2}>
                <td className="results-table__index">{item.index + 1}</td>
                {columns.map((c) => {
                  const term = termOf(row, c.key);
                  return <td key={c.key}>{term ? <RdfTermView term={term} prefixes={prefixes} /> : <span className="term term--unbound" aria-label="unbound" />}</td>;
                })}
              </tr>
            );
          })}
          {padBottom > 0 && (
            <tr aria-hidden="true" className="results-table__spacer">
              <td colSpan={columns.length + 1} style={{ height: padBottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
