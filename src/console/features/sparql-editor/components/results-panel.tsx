import { useEffect, useId, useMemo, useState } from 'react';
import { ApiError } from '../../../../client/create-client';
import type { QueryForm, RdfTriple, SparqlQueryResult } from '../../../../client/sparql';
import { GraphDiagram } from '../../../components/graph-diagram/graph-diagram';
import { SentRequest, useRequestBase } from '../../../components/copy-request';
import { navigate } from '../../../lib/use-hash-route';
import { LoadSampleData } from '../../samples/components/load-sample-data';
import { describeRequest } from '../../../lib/request-snippets';
import { Tabs, tabPanelProps } from '../../../components/tabs';
import { formatDuration } from '../lib/format-run';
import { formatsFor } from '../lib/result-formats';
import { graphBrowserHref } from '../lib/rdf-term-text';
import { diagramTriples } from '../lib/result-graph';
import { describeRunError } from '../lib/run-error';
import { outcomeSummary } from '../lib/run-history-store';
import { sentRequest, type RunRequest, type RunState } from '../lib/use-sparql-runs';
import { DownloadMenu } from './download-menu';
import { RawResult } from './raw-result';
import { ResultsTable } from './results-table';

const updateStatusText: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No Content' };

/** What the last run of a tab gave: its timing and size, and the result itself. */
export function ResultsPanel({
  run,
  runShortcut,
  onShowInEditor,
}: {
  run: RunState | undefined;
  runShortcut: string;
  /** Puts the editor's cursor at an offset of the text that was run. */
  onShowInEditor?(from: number): void;
}) {
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
      {run.status === 'failed' && <RunError request={run.request} error={run.error} onShowInEditor={onShowInEditor} />}
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

/**
 * A failed run: the status in the title, then one sentence. A syntax error names the line
 * and column the editor marks (the same check places both), with a way to go there.
 */
function RunError({ request, error, onShowInEditor }: { request: RunRequest; error: unknown; onShowInEditor?(from: number): void }) {
  const { sentence, problem } = useMemo(() => describeRunError(error, request.text, request.parameters.base), [error, request]);
  const title = request.operation === 'update' ? 'The update failed' : 'The query failed';
  const status = error instanceof ApiError && error.statusCode > 0 ? `${error.statusCode} ${error.status}` : undefined;
  return (
    <div className="error-message run-error" role="alert">
      <div className="error-message__title">
        {title}
        {status ? ` — ${status}` : ''}
      </div>
      <div className="error-message__text" data-testid="run-error">
        {sentence}
      </div>
      {problem && onShowInEditor && (
        <button type="button" className="button button--small run-error__goto" onClick={() => onShowInEditor(problem.from)}>
          Show in editor
        </button>
      )}
    </div>
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

type View = 'result' | 'graph' | 'raw';

function QueryResult({ request, data }: { request: RunRequest; data: SparqlQueryResult }) {
  const id = useId();
  const form: QueryForm = data.kind === 'select' ? 'SELECT' : data.kind === 'ask' ? 'ASK' : request.form === 'DESCRIBE' ? 'DESCRIBE' : 'CONSTRUCT';
  const formats = formatsFor(form);
  const [view, setView] = useState<View>('result');
  // One array per result: the table keeps its column widths for as long as the columns stay.
  const columns = useMemo(() => (data.kind === 'select' ? data.vars.map((v) => ({ key: v, label: `?${v}` })) : tripleColumns), [data]);
  const [mediaType, setMediaType] = useState(formats[0].mediaType);
  const format = formats.find((f) => f.mediaType === mediaType) ?? formats[0];
  const views = [
    { id: 'result' as const, label: data.kind === 'ask' ? 'Answer' : 'Table' },
    ...(data.kind === 'graph' ? [{ id: 'graph' as const, label: 'Graph' }] : []),
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
        ) : view === 'graph' && data.kind === 'graph' ? (
          <ResultGraph triples={data.triples} form={form} />
        ) : data.kind === 'select' ? (
          data.bindings.length === 0 ? (
            <p className="muted empty">No solutions.</p>
          ) : (
            <ResultsTable
              label="Solutions"
              columns={columns}
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

/**
 * CONSTRUCT and DESCRIBE results as a diagram (the console's shared one); a node opens in the
 * graph browser. Quoted triples (SPARQL-star) have no node to draw and are left out, said so.
 */
function ResultGraph({ triples, form }: { triples: readonly RdfTriple[]; form: QueryForm }) {
  const { drawable, quoted } = useMemo(() => diagramTriples(triples), [triples]);
  if (drawable.length === 0) return <p className="muted empty">No triple here can be drawn: each holds a quoted triple.</p>;
  return (
    <div className="result-graph" data-testid="result-graph">
      <GraphDiagram
        triples={drawable}
        ariaLabel={`${form} result as a graph`}
        onOpenNode={(iri) => navigate(graphBrowserHref(iri))}
        note={quoted > 0 ? `${quoted.toLocaleString('en')} ${quoted === 1 ? 'triple holds' : 'triples hold'} a quoted triple and ${quoted === 1 ? 'is' : 'are'} not drawn.` : undefined}
      />
    </div>
  );
}

const tripleColumns = [
  { key: 'subject', label: 'subject' },
  { key: 'predicate', label: 'predicate' },
  { key: 'object', label: 'object' },
];
