import { useEffect, useMemo, useState } from 'react';
import { valuesRequest } from '../../../../client/values';
import { ErrorMessage } from '../../../components/error-message';
import { LoadSampleData } from '../../samples/components/load-sample-data';
import { formatHash } from '../../../lib/hash-route';
import { navigate } from '../../../lib/use-hash-route';
import { RequestPanel } from '../../search/components/request-panel';
import { SearchBar } from '../../search/components/search-bar';
import { useConstraints } from '../../search/queries/option-sets';
import { aggregatesQueryOf, analyticsHref, readAnalyticsState, valuesQueryOf, type AnalyticsState } from '../lib/analytics-state';
import { formatCount } from '../lib/format';
import { definitionSources, sourceLabel, valueHref } from '../lib/value-link';
import { aggregatesFor, columnTypes, sortRows, valueRows, type SortOrder, type ValueRow } from '../lib/value-rows';
import { useOptionSetJson, useValuesDefinitions, useValuesRead } from '../queries/values';
import { AggregatesPanel } from './aggregates-panel';
import { CsvDownload } from './export-links';
import { ValuesChart } from './values-chart';
import { ValuesTable } from './values-table';
import '../analytics.css';

/**
 * Analytics: a values or tuples definition of an option set at a glance — its distinct
 * values with their frequencies as a chart and a table, aggregates, restricted by a string
 * query. What is shown is the hash (lib/analytics-state.ts); every control changes the
 * hash, and the page follows it.
 */
export default function AnalyticsPage({ params }: { params: URLSearchParams }) {
  const state = readAnalyticsState(params);
  const go = (next: Partial<AnalyticsState>) => navigate(analyticsHref({ ...state, ...next }));
  const constraints = useConstraints(state.options);
  const definitions = useValuesDefinitions(state.options);
  const optionSet = useOptionSetJson(state.options);

  return (
    <div className="analytics-page">
      <SearchBar
        state={{ q: state.q, options: state.options, start: 1, pageLength: 10 }}
        constraints={constraints}
        // Another option set has other definitions: the one chosen does not carry over.
        onRun={(q, options) => go(options === state.options ? { q } : { q, options, name: '', aggregates: [] })}
      />
      <div className="analytics-page__definition">
        <label className="definition-picker">
          <span className="field-label">Definition</span>
          <select
            className="input input--compact"
            value={state.name}
            disabled={!definitions.data || definitions.data.length === 0}
            onChange={(e) => go({ name: e.target.value, aggregates: [] })}
          >
            <option value="">Choose values or tuples…</option>
            {(definitions.data ?? []).map((d) => (
              <option key={d.name} value={d.name}>
                {d.name}
              </option>
            ))}
            {state.name && definitions.data && !definitions.data.some((d) => d.name === state.name) && <option value={state.name}>{state.name}</option>}
          </select>
        </label>
      </div>
      {definitions.error ? (
        <ErrorMessage error={definitions.error} title="Could not list the values definitions" />
      ) : definitions.isPending ? (
        <p className="muted">Loading the definitions…</p>
      ) : definitions.data.length === 0 ? (
        <>
          <p className="empty muted">
            The option set “{state.options}” defines no values or tuples. Add some on the <a href={formatHash('/options', { set: state.options })}>Options</a> page.
          </p>
          <LoadSampleData />
        </>
      ) : !state.name ? (
        <p className="empty muted">Choose a definition to see its values.</p>
      ) : (
        <DefinitionView key={`${state.options}\n${state.name}`} state={state} options={optionSet.data} onAggregates={(aggregates) => go({ aggregates })} />
      )}
    </div>
  );
}

function DefinitionView({ state, options, onAggregates }: { state: AnalyticsState; options: unknown; onAggregates(aggregates: string[]): void }) {
  const query = useMemo(() => valuesQueryOf(state), [state]);
  const request = useMemo(() => valuesRequest(state.name, query), [state.name, query]);
  const run = useValuesRead(state.name, query);
  const aggregates = useValuesRead(state.name, aggregatesQueryOf(state), state.aggregates.length > 0);
  const [order, setOrder] = useState<SortOrder>({ key: 'frequency', direction: 'descending' });

  const response = run.data?.response;
  const rows = useMemo(() => (response ? valueRows(response) : []), [response]);
  const types = useMemo(() => (response ? columnTypes(response) : []), [response]);
  const sources = useMemo(() => definitionSources(options, state.name), [options, state.name]);
  const columns = useMemo(() => types.map((_, i) => sourceLabel(sources?.[i], types.length === 1 ? 'value' : `value ${i + 1}`)), [types, sources]);
  const sorted = useMemo(() => sortRows(rows, types, order), [rows, types, order]);
  const hrefOf = (row: ValueRow) => (sources ? valueHref(sources, row.values, state.options, state.q) : undefined);
  const total = rows.reduce((sum, r) => sum + r.frequency, 0);

  // The table's order belongs to the data shown: a new definition starts from the most frequent.
  useEffect(() => setOrder({ key: 'frequency', direction: 'descending' }), [state.name]);

  return (
    <>
      {run.error ? (
        <ErrorMessage error={run.error} title="Could not read the values" />
      ) : run.isPending ? (
        <p className="muted">Reading the values…</p>
      ) : rows.length === 0 ? (
        <p className="empty muted" data-testid="values-empty">
          No values: {state.q.trim() ? 'no document matching the query has one' : 'no document has one yet'}.
        </p>
      ) : (
        <>
          <p className="hint" data-testid="values-summary">
            {formatCount(rows.length)} distinct {types.length > 1 ? 'tuples' : 'values'} · {formatCount(total)} occurrences · {types.join(' × ')}
          </p>
          <section className={`analytics-section${run.isPlaceholderData ? ' analytics-section--stale' : ''}`} aria-labelledby="chart-title">
            <h2 className="section-title" id="chart-title">
              Chart
            </h2>
            <ValuesChart name={state.name} rows={rows} types={types} columns={columns} />
          </section>
        </>
      )}
      <AggregatesPanel offered={aggregatesFor(types.length || sources?.length || 1)} chosen={state.aggregates} onChange={onAggregates} run={aggregates} />
      {rows.length > 0 && (
        <section className={`analytics-section${run.isPlaceholderData ? ' analytics-section--stale' : ''}`} aria-labelledby="table-title">
          <div className="analytics-section__head">
            <h2 className="section-title" id="table-title">
              Values
            </h2>
            <CsvDownload name={state.name} columns={columns} rows={sorted} />
          </div>
          <ValuesTable rows={sorted} columns={columns} order={order} onSort={setOrder} hrefOf={hrefOf} />
        </section>
      )}
      <div className="analytics-page__request">
        <RequestPanel request={request} run={run} kind="values" />
      </div>
    </>
  );
}
