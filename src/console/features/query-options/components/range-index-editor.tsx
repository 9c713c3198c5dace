/**
 * The database's range element indexes (a JSON property is an element in no namespace):
 * edit the list, save it whole (the API replaces the list with what is sent), and watch
 * each new index being built in the background until it is ready.
 */
import { useId, useMemo, useRef, useState } from 'react';
import type { DatabaseIndexes } from '../../../../client/indexes';
import { ErrorMessage } from '../../../components/error-message';
import {
  collationChoices,
  editRow,
  entriesOf,
  isStringType,
  newRow,
  rowProblems,
  rowProgress,
  rowsChanged,
  rowsOf,
  typeChoices,
  type IndexRow,
} from '../lib/range-index-draft';
import { useWarnBeforeLeaving } from '../lib/use-warn-before-leaving';
import { useDatabaseIndexes, useIndexReport, useUpdateIndexes } from '../queries/range-indexes';
import { IndexState } from './index-state';
import { ScrollRegion } from '../../../components/scroll-region';

export function RangeIndexEditor() {
  const settings = useDatabaseIndexes();
  if (settings.isPending) return <p className="muted options-detail__loading">Loading the range indexes…</p>;
  if (settings.error) {
    return (
      <div className="options-detail__body">
        <ErrorMessage error={settings.error} title="Could not read the database's range indexes" />
      </div>
    );
  }
  // Keyed by what is stored: a save (or another tab's) starts the rows afresh from it.
  return <RangeIndexTable key={JSON.stringify(settings.data['range-element-index'])} settings={settings.data} />;
}

function RangeIndexTable({ settings }: { settings: DatabaseIndexes }) {
  const saved = settings['range-element-index'];
  const [rows, setRows] = useState(() => rowsOf(saved));
  // A row shows its index's state only while it says what is stored.
  const storedEntries = useMemo(() => new Set(entriesOf(rowsOf(saved)).map((e) => JSON.stringify(e))), [saved]);
  const report = useIndexReport();
  const update = useUpdateIndexes();
  const problems = useMemo(() => rowProblems(rows), [rows]);
  const changed = rowsChanged(rows, saved);
  const valid = Object.keys(problems).length === 0;
  const table = useRef<HTMLTableElement>(null);
  useWarnBeforeLeaving(changed);

  const edit = (id: string, patch: Partial<Omit<IndexRow, 'id'>>) => setRows((all) => all.map((r) => (r.id === id ? editRow(r, patch) : r)));
  const add = () => {
    const row = newRow();
    setRows((all) => [...all, row]);
    // Focus the new row's name once it is rendered.
    requestAnimationFrame(() => table.current?.querySelector<HTMLInputElement>(`[data-row="${row.id}"] input[name="localname"]`)?.focus());
  };
  const states = report.data?.rangeIndexes ?? [];
  const attributeCount = settings['range-element-attribute-index'].length;

  return (
    <div className="options-detail" data-testid="range-index-editor">
      <header className="panel__header">
        <div className="panel__heading">
          <h2 className="panel__title">Range indexes</h2>
          <div className="panel__meta">
            <span>
              Database <span className="mono">{settings['database-name']}</span>
            </span>
            <span data-testid="index-save-state">{changed ? 'Unsaved changes' : 'Saved'}</span>
          </div>
        </div>
        <div className="panel__toolbar">
          <button type="button" className="button" disabled={!changed || update.isPending} onClick={() => setRows(rowsOf(saved))}>
            Discard changes
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!changed || !valid || update.isPending}
            onClick={() => update.mutate({ 'range-element-index': entriesOf(rows) })}
          >
            {update.isPending ? 'Saving…' : 'Save indexes'}
          </button>
        </div>
      </header>
      <div className="options-detail__body">
        <p className="hint">
          Range constraints, facets and sorting need a range index of the same type (and collation) on the property or element. After a save, new
          indexes are built from the existing documents in the background; until one is ready, searches that need it fail.
        </p>
        {update.error != null && <ErrorMessage error={update.error} title="The indexes were not saved" />}
        {report.error != null && <ErrorMessage error={report.error} title="Could not read the re-indexing progress" />}
        <ScrollRegion label="Range element indexes (scrollable)">
          <table className="table range-index-table" ref={table} aria-label="Range element indexes">
            <thead>
              <tr>
                <th>JSON property or element</th>
                <th>Namespace</th>
                <th>Type</th>
                <th title="String order and equality: root (Unicode collation, the default) or codepoint">Collation</th>
                <th>Invalid values</th>
                <th title="range-value-positions: also keep where each value occurs (more index space)">Positions</th>
                <th>State</th>
                <th>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && (
                <tr>
                  <td colSpan={8} className="muted">
                    No range indexes yet.
                  </td>
                </tr>
              )}
              {rows.map((row, i) => (
                <RangeIndexRow
                  key={row.id}
                  row={row}
                  number={i + 1}
                  problems={problems[row.id]}
                  progress={storedEntries.has(JSON.stringify(entriesOf([row])[0])) ? rowProgress(row, states) : undefined}
                  onEdit={(patch) => edit(row.id, patch)}
                  onRemove={() => setRows((all) => all.filter((r) => r.id !== row.id))}
                />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
        <div className="panel__actions panel__actions--start">
          <button type="button" className="button" onClick={add}>
            Add index
          </button>
        </div>
        {attributeCount > 0 && (
          <p className="hint">
            {attributeCount === 1 ? 'One element-attribute index is' : `${attributeCount} element-attribute indexes are`} defined too; they are kept as they are.
          </p>
        )}
      </div>
    </div>
  );
}

interface RangeIndexRowProps {
  row: IndexRow;
  number: number;
  problems: ReturnType<typeof rowProblems>[string] | undefined;
  /** Undefined for a row not saved as it is shown. */
  progress: ReturnType<typeof rowProgress> | undefined;
  onEdit(patch: Partial<Omit<IndexRow, 'id'>>): void;
  onRemove(): void;
}

function RangeIndexRow({ row, number, problems, progress, onEdit, onRemove }: RangeIndexRowProps) {
  const errorId = useId();
  const stringType = isStringType(row.scalarType);
  const message = problems && Object.values(problems).join('; ');
  return (
    <tr data-row={row.id} data-testid="range-index-row" className={problems ? 'range-index-table__row--invalid' : undefined}>
      <td>
        <input
          name="localname"
          className="input input--mono input--compact"
          value={row.localname}
          placeholder="price"
          aria-label={`Row ${number}: JSON property or element name`}
          aria-invalid={problems?.localname !== undefined}
          aria-describedby={message ? errorId : undefined}
          onChange={(e) => onEdit({ localname: e.target.value })}
          spellCheck={false}
        />
        {message && (
          <p className="field-error" id={errorId}>
            {message}
          </p>
        )}
      </td>
      <td>
        <input
          className="input input--mono input--compact"
          value={row.namespaceUri}
          placeholder="none (JSON)"
          aria-label={`Row ${number}: namespace URI`}
          onChange={(e) => onEdit({ namespaceUri: e.target.value })}
          spellCheck={false}
        />
      </td>
      <td>
        <select className="input input--compact" value={row.scalarType} aria-label={`Row ${number}: type`} onChange={(e) => onEdit({ scalarType: e.target.value })}>
          {!typeChoices.includes(row.scalarType) && <option value={row.scalarType}>{row.scalarType}</option>}
          {typeChoices.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </td>
      <td>
        <select
          className="input input--compact"
          value={stringType ? row.collation : ''}
          disabled={!stringType}
          aria-label={`Row ${number}: collation`}
          onChange={(e) => onEdit({ collation: e.target.value })}
        >
          {!stringType && <option value="">—</option>}
          {stringType && !collationChoices.some((c) => c.uri === row.collation) && <option value={row.collation}>{row.collation || 'none'}</option>}
          {stringType &&
            collationChoices.map((c) => (
              <option key={c.uri} value={c.uri}>
                {c.label}
              </option>
            ))}
        </select>
      </td>
      <td>
        <select
          className="input input--compact"
          value={row.invalidValues}
          aria-label={`Row ${number}: invalid values`}
          title="reject: a write whose value cannot be cast to the type fails; ignore: the value is left out of the index"
          onChange={(e) => onEdit({ invalidValues: e.target.value === 'ignore' ? 'ignore' : 'reject' })}
        >
          <option value="reject">reject</option>
          <option value="ignore">ignore</option>
        </select>
      </td>
      <td>
        <input type="checkbox" checked={row.rangeValuePositions} aria-label={`Row ${number}: range value positions`} onChange={(e) => onEdit({ rangeValuePositions: e.target.checked })} />
      </td>
      <td className="range-index-table__state">{progress ? <IndexState {...progress} /> : <span className="muted">Not saved</span>}</td>
      <td>
        <button type="button" className="button button--small button--ghost" aria-label={`Remove row ${number}`} title="Remove" onClick={onRemove}>
          ✕
        </button>
      </td>
    </tr>
  );
}
