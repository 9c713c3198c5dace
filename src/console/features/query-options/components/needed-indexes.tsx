import { useMemo } from 'react';
import type { QueryOptionsJson } from '../../../../client/query-options';
import { ErrorMessage } from '../../../components/error-message';
import { availabilityOf, requiredIndexes, updateAdding, type Availability, type RequiredIndex } from '../lib/required-indexes';
import { optionsHref } from '../lib/options-route';
import { useDatabaseIndexes, useIndexReport, useUpdateIndexes } from '../queries/range-indexes';
import { CollationName } from './collation-name';
import { IndexState } from './index-state';
import { ScrollRegion } from '../../../components/scroll-region';

/**
 * The range indexes the set being edited relies on, and whether the database has each:
 * a search through a missing or unfinished index fails, so this says so first and adds
 * what is missing in one click (the build then runs in the background, shown here).
 */
export function NeededIndexes({ options }: { options: QueryOptionsJson | undefined }) {
  const needed = useMemo(() => (options ? requiredIndexes(options) : []), [options]);
  const settings = useDatabaseIndexes();
  const report = useIndexReport();
  const update = useUpdateIndexes();
  if (needed.length === 0) return null;

  const rows = needed.map((r) => ({ r, availability: settings.data ? availabilityOf(r, settings.data, report.data?.rangeIndexes ?? []) : undefined }));
  const missing = rows.filter((row) => row.availability?.state === 'missing').map((row) => row.r);
  const add = (requirements: RequiredIndex[]) => {
    if (settings.data) update.mutate(updateAdding(settings.data, requirements));
  };

  return (
    <section className="needed-indexes" aria-labelledby="needed-indexes-title">
      <div className="options-section-header">
        <h3 id="needed-indexes-title" className="section-title">
          Range indexes these options need
        </h3>
        {missing.length > 1 && (
          <button type="button" className="button button--small" disabled={update.isPending} onClick={() => add(missing)}>
            Add all {missing.length} missing
          </button>
        )}
      </div>
      {settings.error != null && <ErrorMessage error={settings.error} title="Could not read the database's range indexes" />}
      <ScrollRegion label="Range indexes these options need (scrollable)">
        <table className="table" aria-label="Range indexes these options need">
          <thead>
            <tr>
              <th>Index</th>
              <th>Type</th>
              <th>Collation</th>
              <th>Used by</th>
              <th>State</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ r, availability }) => (
              <tr key={r.key} data-testid="needed-index">
                <td className="mono">{r.label}</td>
                <td>{r.scalarType}</td>
                <td>{r.collation ? <CollationName uri={r.collation} /> : '—'}</td>
                <td>{r.usedBy}</td>
                <td>
                  <NeededState availability={availability} busy={update.isPending} onAdd={() => add([r])} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {update.error != null && <ErrorMessage error={update.error} title="The index could not be added" />}
      <p className="hint">
        Indexes are defined for the whole database: <a href={optionsHref({ kind: 'indexes' })}>edit the range indexes</a>.
      </p>
    </section>
  );
}

function NeededState({ availability, busy, onAdd }: { availability: Availability | undefined; busy: boolean; onAdd(): void }) {
  if (!availability) return <span className="muted">…</span>;
  if (availability.state !== 'missing') return <IndexState state={availability.state} done={'done' in availability ? availability.done : 0} total={'total' in availability ? availability.total : 0} />;
  return (
    <span className="index-state index-state--missing">
      Missing
      <button type="button" className="button button--small" disabled={busy} onClick={onAdd}>
        Add index
      </button>
    </span>
  );
}
