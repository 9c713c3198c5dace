import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { formatCount } from '../lib/format';
import type { SortKey, SortOrder, ValueRow } from '../lib/value-rows';

// Cells never wrap (long values are cut with an ellipsis, the whole value is in the tooltip), so rows are all this high.
const ROW_HEIGHT = 30;

/**
 * The distinct values and their frequencies, sortable by either, rendering only the rows in
 * view (a lexicon can hold a great many values). A value that leads somewhere is a link to
 * the documents that have it.
 */
export function ValuesTable({
  rows,
  columns,
  order,
  onSort,
  hrefOf,
}: {
  rows: readonly ValueRow[];
  columns: readonly string[];
  order: SortOrder;
  onSort(order: SortOrder): void;
  hrefOf(row: ValueRow): string | undefined;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const items = virtualizer.getVirtualItems();
  const padTop = items.length > 0 ? items[0].start : 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const span = columns.length + 1;

  const header = (key: SortKey, label: string, i?: number) => {
    const active = order.key === key && (key === 'frequency' || i === 0);
    const next: SortOrder = { key, direction: active && order.direction === 'ascending' ? 'descending' : 'ascending' };
    return (
      <th key={`${key}-${i ?? ''}`} scope="col" aria-sort={active ? order.direction : 'none'} className={key === 'frequency' ? 'values-table__frequency' : 'mono'}>
        {i === undefined || i === 0 ? (
          <button type="button" className="values-table__sort" onClick={() => onSort(next)} title={`Sort by ${label}`}>
            {label}
            <span aria-hidden="true">{active ? (order.direction === 'ascending' ? ' ▲' : ' ▼') : ''}</span>
          </button>
        ) : (
          label
        )}
      </th>
    );
  };

  return (
    <div className="results-table" ref={scroller} tabIndex={0} role="region" aria-label="Values (scrollable)">
      <table className="table results-table__table" aria-label="Values" aria-rowcount={rows.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((c, i) => header('value', c, i))}
            {header('frequency', 'Frequency')}
          </tr>
        </thead>
        <tbody>
          {padTop > 0 && (
            <tr aria-hidden="true" className="results-table__spacer">
              <td colSpan={span} style={{ height: padTop }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            const href = hrefOf(row);
            return (
              <tr key={item.key} ref={virtualizer.measureElement} data-index={item.index} aria-rowindex={item.index + 2}>
                {row.values.map((v, i) => (
                  <td key={i} className="mono" title={v}>
                    {href && i === 0 ? (
                      <a href={href} title={`The documents with ${row.values.join(', ')}`}>
                        {v}
                      </a>
                    ) : (
                      v
                    )}
                  </td>
                ))}
                <td className="values-table__frequency">{formatCount(row.frequency)}</td>
              </tr>
            );
          })}
          {padBottom > 0 && (
            <tr aria-hidden="true" className="results-table__spacer">
              <td colSpan={span} style={{ height: padBottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
