import { useEffect, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorMessage } from '../../../components/error-message';
import { formatAggregate } from '../lib/format';
import type { ValuesRun } from '../queries/values';

/** The aggregates to compute (checkboxes) and their results, or the server's reason for refusing one. */
export function AggregatesPanel({
  offered,
  chosen,
  onChange,
  run,
}: {
  offered: readonly string[];
  chosen: readonly string[];
  onChange(aggregates: string[]): void;
  run: UseQueryResult<ValuesRun>;
}) {
  const results = run.data?.response['values-response']['aggregate-result'] ?? [];
  // The choice lives in the hash, which changes a moment after the click: the boxes show it at once.
  const [ticked, setTicked] = useState(chosen);
  const chosenKey = chosen.join(',');
  useEffect(() => setTicked(chosenKey ? chosenKey.split(',') : []), [chosenKey]);
  const toggle = (name: string, on: boolean) => {
    const next = on ? [...ticked, name] : ticked.filter((a) => a !== name);
    setTicked(next);
    onChange(next);
  };
  return (
    <section className="analytics-section" aria-labelledby="aggregates-title">
      <h2 className="section-title" id="aggregates-title">
        Aggregates
      </h2>
      <fieldset className="aggregates__choices">
        <legend className="visually-hidden">Aggregates to compute</legend>
        {offered.map((name) => (
          <label key={name} className="aggregates__choice">
            <input type="checkbox" checked={ticked.includes(name)} onChange={(e) => toggle(name, e.target.checked)} /> {name}
          </label>
        ))}
      </fieldset>
      {chosen.length === 0 ? (
        <p className="muted">Tick an aggregate to compute it over the values.</p>
      ) : run.error ? (
        <ErrorMessage error={run.error} title="The aggregates could not be computed" />
      ) : run.isPending ? (
        <p className="muted">Computing…</p>
      ) : (
        <dl className="aggregates__results" data-testid="aggregate-results">
          {chosen.map((name) => {
            const result = results.find((r) => r.name === name);
            return (
              <div key={name} className="aggregates__result">
                <dt>{name}</dt>
                {/* An aggregate of nothing (the avg of no values) has no result: the server leaves it out. */}
                <dd data-testid={`aggregate-${name}`} title={result?._value ?? 'No result: there are no values to aggregate'}>
                  {result ? formatAggregate(result._value) : '—'}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}
