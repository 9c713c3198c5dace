import { useId, useState } from 'react';
import { addColumn, moveColumn, removeColumn } from '../lib/column-prefs';
import { availableFields, type FieldRecord } from '../lib/field-columns';
import type { ColumnChoice } from '../lib/use-column-choice';

interface ColumnPickerProps {
  records: readonly FieldRecord[];
  /** The columns shown now. */
  columns: readonly string[];
  /** What automatic would show for this page. */
  auto: readonly string[];
  choice: ColumnChoice;
}

/**
 * Which fields the listing shows, and in what order: a disclosure with a checkbox per field
 * of the page's documents (the shown ones first, with buttons to move them) and a way back to
 * the automatic choice. A choice is remembered for the database.
 */
export function ColumnPicker({ records, columns, auto, choice }: ColumnPickerProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const fields = [...columns, ...availableFields(records).filter((f) => !columns.includes(f))];
  const set = (next: string[]) => choice.set(next);

  return (
    <div className="column-picker">
      <button type="button" className="button button--small" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        Columns{choice.columns ? '' : ': automatic'}
      </button>
      <div id={panelId} className="column-picker__panel" hidden={!open}>
        <p className="hint">
          {choice.columns
            ? 'Your columns for this database, in this order.'
            : `Chosen from this page's documents: ${auto.length > 0 ? auto.join(', ') : 'none have short fields in common'}.`}
        </p>
        {fields.length === 0 ? (
          <p className="muted">The documents on this page have no fields to show (text, binary, or nested only).</p>
        ) : (
          <ul className="column-picker__list" aria-label="Fields">
            {fields.map((field) => {
              const shown = columns.includes(field);
              const at = columns.indexOf(field);
              return (
                <li key={field} className="column-picker__item">
                  <label className="column-picker__label">
                    <input type="checkbox" checked={shown} onChange={() => set(shown ? removeColumn(columns, field) : addColumn(columns, field))} />
                    <span className="mono">{field}</span>
                  </label>
                  {shown && (
                    <span className="column-picker__moves">
                      <button type="button" className="button button--ghost button--small" disabled={at === 0} onClick={() => set(moveColumn(columns, field, -1))}>
                        ←<span className="visually-hidden"> Move {field} left</span>
                      </button>
                      <button type="button" className="button button--ghost button--small" disabled={at === columns.length - 1} onClick={() => set(moveColumn(columns, field, 1))}>
                        →<span className="visually-hidden"> Move {field} right</span>
                      </button>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {choice.columns && (
          <button type="button" className="button button--small" onClick={() => choice.set(undefined)}>
            Back to automatic
          </button>
        )}
      </div>
    </div>
  );
}
