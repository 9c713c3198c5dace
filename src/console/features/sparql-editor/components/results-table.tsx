import { useCallback, useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { SparqlTerm } from '../../../../client/sparql';
import type { PrefixMap } from '../../../lib/rdf/prefixes';
import { useShortcut } from '../../../lib/shortcuts';
import {
  cellText,
  clampWidth,
  DEFAULT_WIDTHS,
  estimateColumnWidths,
  filterIndices,
  nextSort,
  sampleIndices,
  searchTexts,
  sortedIndices,
  type SortState,
} from '../lib/result-grid';
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
  prefixes: PrefixMap;
}

// Cells never wrap (long values are cut with an ellipsis, the whole term is in the
// tooltip), so rows are all this high; each is still measured once shown, so a font
// or zoom that changes the height cannot make the scroll range drift.
const ROW_HEIGHT = 30;
const INDEX_WIDTH = 60;
const KEY_STEP = 16;
const KEY_STEP_LARGE = 64;
const MAX_WIDTH = 2000;

/**
 * Solutions or triples as a table that renders only the rows in view, so a result of
 * a hundred thousand rows scrolls as smoothly as one of ten. Columns start as wide as
 * their content (a sample of rows measured) and are resized by dragging or with the
 * arrow keys on a header's edge; a header click sorts in SPARQL's term order; the
 * filter keeps the rows any of whose cells contains it, shortened or whole.
 */
export function ResultsTable<Row>({ label, columns, rows, term: termOf, prefixes }: ResultsTableProps<Row>) {
  const id = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const filterBox = useRef<HTMLInputElement>(null);
  const [sort, setSort] = useState<SortState>();
  const [filterInput, setFilterInput] = useState('');
  // Filtering a hundred thousand rows may take a frame or two: typing must not wait for it.
  const filter = useDeferredValue(filterInput);
  const keys = useMemo(() => columns.map((c) => c.key), [columns]);

  const order = useMemo(() => {
    if (!sort) return rows.map((_, i) => i);
    return sortedIndices(rows, (row) => termOf(row, sort.column), sort.direction);
    // termOf is a plain accessor of the row's shape; rows and the column decide the order.
  }, [rows, sort]);

  // The filter's texts are read once per result, and only once someone filters.
  const filtering = filter.trim() !== '';
  const texts = useMemo(
    () => (filtering ? searchTexts(rows.map((row) => keys.map((k) => cellText(termOf(row, k), prefixes)))) : undefined),
    [filtering, rows, keys, prefixes],
  );
  const visible = useMemo(() => (texts ? filterIndices(order, texts, filter) : order), [order, texts, filter]);

  const [widths, setWidths] = useColumnWidths(scroller, columns, rows, termOf, prefixes);

  useShortcut({ keys: 'mod+shift+f', description: 'Filter the results', group: 'SPARQL' }, () => filterBox.current?.focus(), { allowInInputs: true });

  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items.length > 0 ? items[0].start : 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const tableWidth = INDEX_WIDTH + widths.reduce((a, b) => a + b, 0);

  const resize = (column: number, width: number) => setWidths((current) => current.map((w, i) => (i === column ? clampWidth(width) : w)));

  return (
    <div className="results-grid">
      <div className="results-grid__toolbar">
        <input
          ref={filterBox}
          type="search"
          className="input input--compact results-grid__filter"
          placeholder="Filter rows"
          aria-label={`Filter ${label.toLowerCase()}`}
          aria-describedby={`${id}-count`}
          value={filterInput}
          onChange={(e) => setFilterInput(e.target.value)}
        />
        <span id={`${id}-count`} className="results-grid__count" role="status" data-testid="filter-count">
          {filtering ? `${visible.length.toLocaleString('en')} of ${rows.length.toLocaleString('en')} ${rows.length === 1 ? 'row' : 'rows'} match` : ''}
        </span>
      </div>
      <div className="results-table results-grid__scroller" ref={scroller} tabIndex={0} role="region" aria-label={`${label} (scrollable)`}>
        <table className="table results-table__table results-grid__table" aria-label={label} aria-rowcount={visible.length + 1} style={{ width: tableWidth }}>
          <colgroup>
            <col style={{ width: INDEX_WIDTH }} />
            {columns.map((c, i) => (
              <col key={c.key} style={{ width: widths[i] }} />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col" className="results-table__index">
                #
              </th>
              {columns.map((c, i) => {
                const direction = sort?.column === c.key ? sort.direction : undefined;
                return (
                  <th key={c.key} scope="col" className="mono results-grid__header" aria-sort={direction ?? 'none'}>
                    <button type="button" className="results-grid__sort" onClick={() => setSort((s) => nextSort(s, c.key))}>
                      <span className="results-grid__label">{c.label}</span>
                      <span className={`results-grid__arrow${direction ? ` results-grid__arrow--${direction}` : ''}`} aria-hidden="true" />
                    </button>
                    <ResizeHandle label={c.label} width={widths[i]} onResize={(w) => resize(i, w)} onReset={() => resize(i, estimateFor(c, i))} />
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {padTop > 0 && (
              <tr aria-hidden="true" className="results-table__spacer">
                <td colSpan={columns.length + 1} style={{ height: padTop }} />
              </tr>
            )}
            {items.map((item) => {
              const row = rows[visible[item.index]];
              return (
                <tr key={item.key} ref={virtualizer.measureElement} data-index={item.index} aria-rowindex={item.index + 2}>
                  <td className="results-table__index">{item.index + 1}</td>
                  {columns.map((c) => {
                    const term = termOf(row, c.key);
                    return (
                      <td key={c.key} className="results-grid__cell">
                        {term ? (
                          <>
                            <RdfTermView term={term} prefixes={prefixes} />
                            <CopyButton term={term} />
                          </>
                        ) : (
                          <span className="term term--unbound" aria-label="unbound" />
                        )}
                      </td>
                    );
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
        {filtering && visible.length === 0 && <p className="muted empty">No rows match “{filter.trim()}”.</p>}
      </div>
    </div>
  );

  function estimateFor(column: ResultColumn, index: number): number {
    const sample = sampleIndices(rows.length).map((r) => [cellText(termOf(rows[r], column.key), prefixes).shown]);
    return estimateColumnWidths([column.label], sample, textMeasure(scroller.current))[0] ?? widths[index];
  }
}

/**
 * The columns' widths: estimated from a sample of rows when the result arrives, then the
 * person's to change. A result that does not fill the panel gives the room left to the
 * columns whose text was cut, up to what they need.
 */
function useColumnWidths<Row>(
  scroller: React.RefObject<HTMLDivElement | null>,
  columns: readonly ResultColumn[],
  rows: readonly Row[],
  termOf: (row: Row, column: string) => SparqlTerm | undefined,
  prefixes: PrefixMap,
) {
  const [widths, setWidths] = useState<number[]>(() => columns.map(() => DEFAULT_WIDTHS.min * 2));
  // By the columns' names, not the array: a parent's re-render must not undo a resize.
  const columnKeys = columns.map((c) => `${c.key}\u0000${c.label}`).join('\u0001');
  useLayoutEffect(() => {
    const measure = textMeasure(scroller.current);
    const sample = sampleIndices(rows.length).map((r) => columns.map((c) => cellText(termOf(rows[r], c.key), prefixes).shown));
    const headers = columns.map((c) => c.label);
    const start = estimateColumnWidths(headers, sample, measure);
    const needed = estimateColumnWidths(headers, sample, measure, { ...DEFAULT_WIDTHS, max: Number.POSITIVE_INFINITY });
    let room = (scroller.current?.clientWidth ?? 0) - INDEX_WIDTH - start.reduce((a, b) => a + b, 0);
    const grown = start.map((w, i) => {
      const more = Math.min(Math.max(0, room), needed[i] - w);
      room -= more;
      return w + more;
    });
    // What is still left goes to the last column, so the table spans the panel.
    if (room > 0 && grown.length > 0) grown[grown.length - 1] += Math.floor(room);
    setWidths(grown);
    // termOf reads the row's shape; the rows and columns decide the widths.
  }, [columnKeys, rows, prefixes]);
  return [widths, setWidths] as const;
}

/** A text's width in the table's monospace font (IRIs are set in it, and it is the wider). */
function textMeasure(element: HTMLElement | null): (text: string) => number {
  const context = typeof document !== 'undefined' ? document.createElement('canvas').getContext('2d') : null;
  if (!context || !element) return (text) => text.length * 8;
  const style = getComputedStyle(element);
  const mono = style.getPropertyValue('--mono').trim() || 'monospace';
  context.font = `${parseFloat(style.fontSize) * 0.92 || 13}px ${mono}`;
  return (text) => context.measureText(text).width;
}

/** The edge of a header: dragged, or focused and moved with the arrow keys; a double-click or Enter fits the content again. */
function ResizeHandle({ label, width, onResize, onReset }: { label: string; width: number; onResize(width: number): void; onReset(): void }) {
  const drag = useRef<{ x: number; width: number } | null>(null);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, width };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) onResize(drag.current.width + e.clientX - drag.current.x);
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
    if (e.key === 'ArrowLeft') onResize(width - step);
    else if (e.key === 'ArrowRight') onResize(width + step);
    else if (e.key === 'Enter') onReset();
    else return;
    e.preventDefault();
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize column ${label}`}
      aria-valuenow={width}
      aria-valuemin={clampWidth(0)}
      aria-valuemax={MAX_WIDTH}
      tabIndex={0}
      title="Drag or use the arrow keys to resize; double-click or Enter fits the content"
      className="results-grid__resize"
      data-testid="column-resize"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDoubleClick={onReset}
      onKeyDown={onKeyDown}
    />
  );
}

/** Copies a cell's whole value: an IRI as itself, a literal's text, a blank node's label. */
function CopyButton({ term }: { term: SparqlTerm }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1200);
    return () => clearTimeout(timer);
  }, [copied]);
  const value = copyValue(term);
  const copy = useCallback(() => {
    void navigator.clipboard?.writeText(value).then(() => setCopied(true));
  }, [value]);
  return (
    // An icon, not a character: the row's text (what a person selects and copies) stays the values alone.
    <button type="button" className="results-grid__copy" aria-label={copied ? 'Copied' : `Copy ${term.type === 'uri' ? 'IRI' : 'value'}`} title={`Copy ${value}`} onClick={copy}>
      <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
        {copied ? (
          <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.8" />
        ) : (
          <>
            <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
            <path d="M10.5 3.5v-.5a1.5 1.5 0 0 0-1.5-1.5H4A1.5 1.5 0 0 0 2.5 3v5A1.5 1.5 0 0 0 4 9.5h.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
          </>
        )}
      </svg>
    </button>
  );
}

function copyValue(term: SparqlTerm): string {
  switch (term.type) {
    case 'bnode':
      return `_:${term.value}`;
    case 'triple':
      return cellText(term, {}).full;
    default:
      return term.value;
  }
}
