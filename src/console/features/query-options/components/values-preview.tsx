import { useMemo, useState } from 'react';
import type { QueryOptionsJson } from '../../../../client/query-options';
import type { ValuesResponse } from '../../../../wire/values';
import { ErrorMessage } from '../../../components/error-message';
import { definitionsIn } from '../lib/values-draft';
import { useDatabaseIndexes, useIndexReport } from '../queries/range-indexes';
import { PreviewHeading } from './preview-heading';
import { usePreviewValues, VALUES_PREVIEW_LENGTH } from '../queries/preview-values';
import { ScrollRegion } from '../../../components/scroll-region';

interface ValuesPreviewProps {
  /** The options as last settled (the preview's own debounce); undefined while unreadable. */
  options: QueryOptionsJson | undefined;
  /** The text changed and its answer has not been asked yet. */
  waiting: boolean;
  /** The server refused the options themselves (their problems are shown with the editor). */
  optionsRefused: boolean;
}

/**
 * The first values of one of the set's definitions, with the options as they are in the
 * editor, saved or not: each distinct value (or tuple) with its frequency, and the
 * aggregates the definition applies.
 */
export function ValuesPreview({ options, waiting, optionsRefused }: ValuesPreviewProps) {
  const names = useMemo(() => (options ? definitionsIn(options).map((e) => e.name).filter((n) => n !== '') : []), [options]);
  const [picked, setPicked] = useState('');
  const name = names.includes(picked) ? picked : (names[0] ?? '');
  // The answer depends on the database's indexes too: a new or finished index asks again.
  const settings = useDatabaseIndexes();
  const report = useIndexReport();
  const indexEpoch = JSON.stringify([settings.data, report.data?.rangeIndexes.map((s) => s.state)]);
  const preview = usePreviewValues(optionsRefused ? undefined : options, name, indexEpoch);
  if (names.length === 0) return null;
  const { data, error, isFetching, isPlaceholderData } = preview;
  const stale = waiting || isFetching || isPlaceholderData;

  return (
    <section className="values-preview" aria-labelledby="values-preview-title">
      <PreviewHeading id="values-preview-title" title="Values with these options" updating={stale && !optionsRefused}>
        <label className="values-form__inline">
          Definition{' '}
          <select className="input input--compact" value={name} onChange={(e) => setPicked(e.target.value)} aria-label="Definition to preview">
            {names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </PreviewHeading>
      {optionsRefused ? (
        <p className="muted">The server refuses these options (see the problems above), so there are no values to show.</p>
      ) : error != null ? (
        <ErrorMessage error={error} title={`The values of ${name} could not be listed`} />
      ) : data ? (
        <ValuesAnswer response={data} stale={stale} />
      ) : (
        <p className="muted">Running…</p>
      )}
    </section>
  );
}

function ValuesAnswer({ response, stale }: { response: ValuesResponse; stale: boolean }) {
  const answer = response['values-response'];
  const tuples = answer.tuple;
  const values = answer['distinct-value'];
  const types = answer.types?.type ?? (answer.type ? [answer.type] : []);
  const rows: Array<{ cells: string[]; frequency: number }> = tuples
    ? tuples.map((t) => ({ cells: t['distinct-value'], frequency: t.frequency }))
    : (values ?? []).map((v) => ({ cells: [v._value], frequency: v.frequency }));
  return (
    <div className={`values-preview__answer${stale ? ' options-preview__answer--stale' : ''}`}>
      {rows.length === 0 ? (
        <p className="muted" data-testid="values-preview-empty">
          No values.
        </p>
      ) : (
        <ScrollRegion label="Preview values (scrollable)">
          <table className="table values-preview__table" aria-label="Preview values">
            <thead>
              <tr>
                {(types.length > 0 ? types : rows[0].cells.map(() => '')).map((t, i) => (
                  <th key={i}>{t ? `Value (${t})` : 'Value'}</th>
                ))}
                <th>Frequency</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i} data-testid="values-preview-row">
                  {row.cells.map((c, j) => (
                    <td key={j} className="mono">
                      {c}
                    </td>
                  ))}
                  <td>{row.frequency}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {rows.length === VALUES_PREVIEW_LENGTH && <p className="hint">The first {VALUES_PREVIEW_LENGTH} shown.</p>}
      {(answer['aggregate-result'] ?? []).length > 0 && (
        <ul className="values-preview__aggregates" aria-label="Aggregates">
          {answer['aggregate-result']!.map((a) => (
            <li key={a.name} data-testid="values-preview-aggregate">
              <span className="mono">{a.name}</span> = <span className="mono">{a._value}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
