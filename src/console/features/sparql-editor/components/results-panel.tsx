import { useEffect, useId, useState } from 'react';
import type { QueryForm, RdfTriple, SparqlQueryResult } from '../../../../client/sparql';
import { SentRequest, useRequestBase } from '../../../components/copy-request';
import { ErrorMessage } from '../../../components/error-message';
import { LoadSampleData } from '../../samples/components/load-sample-data';
import { describeRequest } from '../../../lib/request-snippets';
import { Tabs, tabPanelProps } from '../../../components/tabs';
import { formatDuration } from '../lib/format-run';
import { formatsFor } from '../lib/result-formats';
import { outcomeSummary } from '../lib/run-history-store';
import { sentRequest, type RunRequest, type RunState } from '../lib/use-sparql-runs';
import { DownloadMenu } from './download-menu';
import { RawResult } from './raw-result';
import { ResultsTable } from './results-table';

const updateStatusText: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No Content' };

/** What the last run of a tab gave: its timing and size, and the result itself. */
export function ResultsPanel({ run, runShortcut }: { run: RunState | undefined; runShortcut: string }) {
  if (!run) {
    return (
      <section className="sparql-results sparql-results--empty" aria-label="Results">
        <p className="muted">Run the query ({runShortcut}) to see its results here.</p>
        <LoadSampleData onlyWhenDatabaseEmpty />
      </section>
    );
  }
  return (
    <section className="sparql-results" aria-label="Results" aria-busy={run.status === 'running'}>
      <header className="sparql-results__status" role="status" data-testid="run-status">
        <RunStatus run={run} />
      </header>
      <RunRequestSection request={run.request} />
      {run.status === 'failed' && <ErrorMessage error={run.error} title={run.request.operation === 'update' ? 'The update failed' : 'The query failed'} />}
      {run.status === 'done' && run.result.kind === 'update' && (
        <div className="update-result" data-testid="update-result">
          <strong>Update applied</strong>
          <span className="update-result__status">
            {run.result.status} {updateStatusText[run.result.status] ?? ''}
          </span>
        </div>
      )}
      {run.status === 'done' && run.result.kind === 'query' && <QueryResult request={run.request} data={run.result.data} />}
    </section>
  );
}

/** The HTTP request the run sent, to read and copy. */
function RunRequestSection({ request }: { request: RunRequest }) {
  const { base, sent } = useRequestBase();
  let spec;
  try {
    spec = sent(sentRequest(request));
  } catch {
    // A binding the client refuses: nothing was sent, and the run's error says why.
    return null;
  }
  return <SentRequest request={describeRequest(base, spec)} kind="sparql" />;
}

function RunStatus({ run }: { run: RunState }) {
  switch (run.status) {
    case 'running':
      return (
        <span className="sparql-results__running">
          <span className="spinner" aria-hidden="true" /> Running… <Elapsed since={run.startedAt} />
        </span>
      );
    case 'cancelled':
      return <span>Cancelled after {formatDuration(run.durationMs)}</span>;
    case 'failed':
      return <span>Failed after {formatDuration(run.durationMs)}</span>;
    case 'done': {
      const { result } = run;
      const summary =
        result.kind === 'update'
          ? 'Done'
          : result.data.kind === 'select'
            ? outcomeSummary({ kind: 'solutions', count: result.data.bindings.length })
            : result.data.kind === 'graph'
              ? outcomeSummary({ kind: 'triples', count: result.data.triples.length })
              : 'ASK answered';
      return (
        <span>
          <span data-testid="result-count">{summary}</span> in <span data-testid="elapsed">{formatDuration(run.durationMs)}</span>
        </span>
      );
    }
  }
}

/** Time since `since` (a performance.now() value), ticking while it shows. */
function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(timer);
  }, []);
  return <span data-testid="elapsed">{formatDuration(Math.max(0, now - since))}</span>;
}

type View = 'result' | 'raw';

function QueryResult({ request, data }: { request: RunRequest; data: SparqlQueryResult }) {
  const id = useId();
  const form: QueryForm = data.kind === 'select' ? 'SELECT' : data.kind === 'ask' ? 'ASK' : request.form === 'DESCRIBE' ? 'DESCRIBE' : 'CONSTRUCT';
  const formats = formatsFor(form);
  const [view, setView] = useState<View>('result');
  const [mediaType, setMediaType] = useState(formats[0].mediaType);
  const format = formats.find((f) => f.mediaType === mediaType) ?? formats[0];
  const views = [
    { id: 'result' as const, label: data.kind === 'select' ? 'Table' : data.kind === 'ask' ? 'Answer' : 'Triples' },
    { id: 'raw' as const, label: 'Raw' },
  ];

  return (
    <div className="sparql-results__body">
      <div className="sparql-results__toolbar">
        <Tabs<View> label="Result views" tabs={views} selected={view} onSelect={setView} idPrefix={`${id}-view`} />
        {view === 'raw' && (
          <label className="sparql-results__format">
            <span className="field-label">Format</span>
            <select className="input input--compact" value={format.mediaType} onChange={(e) => setMediaType(e.target.value)} aria-label="Raw format">
              {formats.map((f) => (
                <option key={f.mediaType} value={f.mediaType}>
                  {f.label} ({f.mediaType})
                </option>
              ))}
            </select>
          </label>
        )}
        <DownloadMenu request={request} form={form} />
      </div>
      <div className="sparql-results__view" {...tabPanelProps(`${id}-view`, view)}>
        {view === 'raw' ? (
          <RawResult request={request} format={format} />
        ) : data.kind === 'select' ? (
          data.bindings.length === 0 ? (
            <p className="muted empty">No solutions.</p>
          ) : (
            <ResultsTable
              label="Solutions"
              columns={data.vars.map((v) => ({ key: v, label: `?${v}` }))}
              rows={data.bindings}
              term={(solution, v) => solution[v]}
              prefixes={request.prefixes}
            />
          )
        ) : data.kind === 'ask' ? (
          <p className={`boolean-result boolean-result--${data.boolean}`} data-testid="ask-result">
            {String(data.boolean)}
          </p>
        ) : data.triples.length === 0 ? (
          <p className="muted empty">No triples.</p>
        ) : (
          <ResultsTable label="Triples" columns={tripleColumns} rows={data.triples} term={(triple, part) => triple[part as keyof RdfTriple]} prefixes={request.prefixes} />
        )}
      </div>
    </div>
  );
}

const tripleColumns = [
  { key: 'subject', label: 'subject' },
  { key: 'predicate', label: 'predicate' },
  { key: 'object', label: 'object' },
];
