import { useEffect, useId, useRef, useState } from 'react';
import * as Plot from '@observablehq/plot';
import { axisValues, chartKinds, isTemporalType, TOP_N, topRows, type ChartKind, type ValueRow } from '../lib/value-rows';
import { formatCount } from '../lib/format';

const KIND_LABELS: Record<ChartKind, string> = { bar: 'Bars', histogram: 'Histogram', heatmap: 'Heat map', scatter: 'Scatter', none: 'None' };

/**
 * The values at a glance: a bar per value (the most frequent when there are many), a
 * histogram of a numeric or date index, a heat map or scatter plot of a two-index tuple.
 * Plot draws SVG outside React; the node is replaced whenever what it shows changes.
 */
export function ValuesChart({ name, rows, types, columns }: { name: string; rows: readonly ValueRow[]; types: readonly string[]; columns: readonly string[] }) {
  const kinds = chartKinds(types);
  const [chosen, setChosen] = useState<ChartKind>();
  const kind = chosen && kinds.includes(chosen) ? chosen : kinds[0];
  const host = useRef<HTMLDivElement>(null);
  const groupId = useId();
  const shown = kind === 'bar' ? topRows(rows) : rows;

  useEffect(() => {
    const node = host.current;
    if (!node || kind === 'none' || rows.length === 0) return;
    const chart = drawChart(kind, name, kind === 'bar' ? topRows(rows) : rows, types, columns);
    node.replaceChildren(chart);
    return () => chart.remove();
  }, [kind, name, rows, types, columns]);

  if (kind === 'none') return <p className="muted">A tuple of {types.length} indexes has no chart here; the table lists it.</p>;
  if (rows.length === 0) return null;
  return (
    <div className="values-chart">
      {kinds.length > 1 && (
        <fieldset className="values-chart__kinds">
          <legend className="field-label">Chart type</legend>
          {kinds.map((k) => (
            <label key={k} className="values-chart__kind">
              <input type="radio" name={groupId} value={k} checked={k === kind} onChange={() => setChosen(k)} /> {KIND_LABELS[k]}
            </label>
          ))}
        </fieldset>
      )}
      <div ref={host} className="values-chart__plot" data-testid="values-chart" />
      {kind === 'bar' && rows.length > shown.length && (
        <p className="hint" data-testid="chart-note">
          The {TOP_N} most frequent of {formatCount(rows.length)} values; the table lists them all.
        </p>
      )}
    </div>
  );
}

/** The chart's description for assistive technology: what it plots and how much. */
export function chartLabel(kind: ChartKind, name: string, rows: readonly ValueRow[], columns: readonly string[]): string {
  switch (kind) {
    case 'bar':
      return `Bar chart of the frequency of each value of ${name}: ${rows.length} bar${rows.length === 1 ? '' : 's'}`;
    case 'histogram':
      return `Histogram of ${name}: how many occurrences fall in each range of values`;
    case 'heatmap':
      return `Heat map of ${name}: the frequency of each pair of ${columns[0]} and ${columns[1]}`;
    case 'scatter':
      return `Scatter plot of ${name}: ${columns[1]} against ${columns[0]}, dot size by frequency`;
    default:
      return name;
  }
}

function drawChart(kind: ChartKind, name: string, rows: readonly ValueRow[], types: readonly string[], columns: readonly string[]): SVGSVGElement | HTMLElement {
  const ariaLabel = chartLabel(kind, name, rows, columns);
  const typed = (i: number) => (row: ValueRow) => (isTemporalType(types[i]) ? new Date(row.values[i]) : Number(row.values[i]));
  const pair = (row: ValueRow) => `${row.values[0]}, ${row.values[1]}: ${row.frequency}`;
  const common = { ariaLabel, width: 760, marginLeft: 56, style: { fontSize: '12px', background: 'transparent' } };
  switch (kind) {
    case 'bar':
      return Plot.plot({
        ...common,
        marginBottom: 80,
        x: { label: columns[0], tickRotate: -40, domain: rows.map((r) => r.values[0]) },
        // Frequencies are whole numbers: no tick between 1 and 2.
        y: { label: 'frequency', grid: true, ticks: Math.min(10, Math.max(...rows.map((r) => r.frequency))) },
        marks: [
          Plot.barY(rows, {
            x: (r: ValueRow) => r.values[0],
            y: 'frequency',
            fill: 'var(--accent, steelblue)',
            ariaLabel: (r: ValueRow) => `${r.values[0]}: ${r.frequency}`,
            title: (r: ValueRow) => `${r.values[0]}: ${formatCount(r.frequency)}`,
          }),
          // The zero line is decoration: hidden from assistive technology, as a group named but without a role is not allowed (ARIA; axe's aria-prohibited-attr).
          Plot.ruleY([0], { ariaHidden: 'true' }),
        ],
      });
    case 'histogram':
      // Each distinct value counts as often as it occurs: the bins add up frequencies, not rows.
      return Plot.plot({
        ...common,
        x: { label: columns[0] },
        y: { label: 'frequency', grid: true },
        marks: [Plot.rectY(rows, Plot.binX<Plot.RectYOptions>({ y: 'sum' }, { x: typed(0), y: 'frequency', fill: 'var(--accent, steelblue)' })), Plot.ruleY([0], { ariaHidden: 'true' })],
      });
    case 'heatmap':
      return Plot.plot({
        ...common,
        marginBottom: 80,
        // Bands in each index's own order (numbers as numbers, not as the strings they arrive as),
        // and colour from zero, so a pair seen once is not drawn as white as an absent one.
        x: { type: 'band', label: columns[0], tickRotate: -40, domain: axisValues(rows, 0, types[0]) },
        y: { type: 'band', label: columns[1], domain: axisValues(rows, 1, types[1]) },
        color: { type: 'linear', scheme: 'blues', legend: true, label: 'frequency', domain: [0, Math.max(...rows.map((r) => r.frequency))] },
        marks: [Plot.cell(rows, { x: (r: ValueRow) => r.values[0], y: (r: ValueRow) => r.values[1], fill: 'frequency', ariaLabel: pair, title: pair })],
      });
    default:
      return Plot.plot({
        ...common,
        grid: true,
        x: { label: columns[0] },
        y: { label: columns[1] },
        r: { label: 'frequency' },
        marks: [Plot.dot(rows, { x: typed(0), y: typed(1), r: 'frequency', fill: 'var(--accent, steelblue)', fillOpacity: 0.6, ariaLabel: pair, title: pair })],
      });
  }
}
