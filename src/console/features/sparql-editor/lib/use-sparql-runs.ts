/**
 * Running the text of a tab: one run per tab at a time (a new run abandons the one in
 * flight), timed, abandonable, and recorded in the history however it ends. Results
 * are kept per tab in memory for as long as the page lives, outside React, so opening
 * an IRI in the graph browser and coming back finds them (and a run still going)
 * where they were. They are a snapshot of one run, not live data: nothing refetches them.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { ApiError } from '../../../../client/create-client';
import { sparqlQueryRequest, sparqlUpdateRequest, type QueryForm, type SparqlQueryResult, type SparqlRequestSpec } from '../../../../client/sparql';
import { useConnection } from '../../../lib/connection';
import { toQueryOptions, toUpdateOptions, type RequestParameters } from './request-parameters';
import type { HistoryEntry, RunOutcome } from './run-history-store';
import { describeRunError } from './run-error';
import { analyseSparql, declaredPrefixes, type Operation } from './sparql-syntax';

/** What was sent: the results views re-run exactly this, never the editor's current text. */
export interface RunRequest {
  text: string;
  parameters: RequestParameters;
  operation: Operation;
  form?: QueryForm;
  /** Declared by the text; used to shorten IRIs in the results. */
  prefixes: Record<string, string>;
  /** When it started, ms since the epoch. */
  time: number;
}

/**
 * Queries go by GET when they fit in a URL: a query is safe to repeat, and the service
 * worker takes every POST for a write and tells every tab to refetch what it shows.
 */
export const QUERY_METHOD = 'auto';

/** The HTTP request a run sends (the same options as `execute` below), for the page to show and copy; it throws as the run would for a bad binding. */
export function sentRequest(request: Pick<RunRequest, 'text' | 'parameters' | 'operation' | 'form'>): SparqlRequestSpec {
  if (request.operation === 'update') return sparqlUpdateRequest(request.text, toUpdateOptions(request.parameters));
  return sparqlQueryRequest(request.text, { ...toQueryOptions(request.parameters), form: request.form, method: QUERY_METHOD });
}

export type RunResult = { kind: 'query'; data: SparqlQueryResult } | { kind: 'update'; status: number };

export type RunState =
  | { status: 'running'; request: RunRequest; startedAt: number }
  | { status: 'done'; request: RunRequest; durationMs: number; result: RunResult }
  | { status: 'failed'; request: RunRequest; durationMs: number; error: unknown }
  | { status: 'cancelled'; request: RunRequest; durationMs: number };

export interface SparqlRuns {
  runs: Partial<Record<string, RunState>>;
  run(tabId: string, text: string, parameters: RequestParameters): void;
  cancel(tabId: string): void;
}

type Runs = Partial<Record<string, RunState>>;

/** The page's runs, by tab id, and the controllers of those in flight. */
const store = {
  runs: {} as Runs,
  controllers: new Map<string, AbortController>(),
  /** The server-side names of the queries in flight, by tab: cancelling one ends its work, not only its wait. */
  requestIds: new Map<string, string>(),
  listeners: new Set<() => void>(),
  set(tabId: string, state: RunState) {
    this.runs = { ...this.runs, [tabId]: state };
    for (const listener of this.listeners) listener();
  },
};

const subscribe = (listener: () => void) => {
  store.listeners.add(listener);
  return () => store.listeners.delete(listener);
};
const snapshot = () => store.runs;

export function useSparqlRuns(record: (entry: HistoryEntry) => Promise<void>, onRecordError: (err: unknown) => void): SparqlRuns {
  const { client, settings } = useConnection();
  const runs = useSyncExternalStore(subscribe, snapshot);
  const controllers = store.controllers;

  // Ends the tab's run: the answer is abandoned here, and on this browser's database the
  // query itself is stopped (docs/decisions/0028-engine-host.md); a remote server is only left.
  const stop = useCallback(
    (tabId: string) => {
      controllers.get(tabId)?.abort();
      const requestId = store.requestIds.get(tabId);
      store.requestIds.delete(tabId);
      if (requestId) client.sparql.cancel(requestId).catch(() => false);
    },
    [client, controllers],
  );

  const run = useCallback<SparqlRuns['run']>(
    (tabId, text, parameters) => {
      stop(tabId);
      const controller = new AbortController();
      controllers.set(tabId, controller);
      const requestId = settings.target === 'local' ? crypto.randomUUID() : undefined;
      if (requestId) store.requestIds.set(tabId, requestId);
      const analysis = analyseSparql(text, parameters.base);
      // Text the editor cannot classify still goes to the server, which has the last word.
      const operation = analysis.operation ?? 'query';
      const request: RunRequest = { text, parameters, operation, form: analysis.form, prefixes: declaredPrefixes(text), time: Date.now() };
      const startedAt = performance.now();
      const set = (state: RunState) => {
        if (controllers.get(tabId) === controller) store.set(tabId, state);
      };
      set({ status: 'running', request, startedAt });

      const execute = async (): Promise<RunResult> => {
        const signal = controller.signal;
        if (operation === 'update') {
          const { status } = await client.sparql.update(text, { ...toUpdateOptions(parameters), signal });
          return { kind: 'update', status };
        }
        const data = await client.sparql.query(text, { ...toQueryOptions(parameters), form: analysis.form, method: QUERY_METHOD, signal, requestId });
        return { kind: 'query', data };
      };

      void execute()
        .then(
          (result) => {
            const durationMs = performance.now() - startedAt;
            set({ status: 'done', request, durationMs, result });
            return { durationMs, outcome: resultOutcome(result) };
          },
          (error: unknown) => {
            const durationMs = performance.now() - startedAt;
            if (controller.signal.aborted) {
              set({ status: 'cancelled', request, durationMs });
              return { durationMs, outcome: { kind: 'cancelled' } as const };
            }
            set({ status: 'failed', request, durationMs, error });
            return { durationMs, outcome: errorOutcome(error, text, parameters.base) };
          },
        )
        .then(({ durationMs, outcome }) => {
          if (controllers.get(tabId) === controller) controllers.delete(tabId);
          if (requestId && store.requestIds.get(tabId) === requestId) store.requestIds.delete(tabId);
          return record({ text, parameters, operation, form: request.form, time: request.time, durationMs, outcome });
        })
        .catch(onRecordError);
    },
    [client, settings.target, controllers, record, onRecordError, stop],
  );

  return { runs, run, cancel: stop };
}

function resultOutcome(result: RunResult): RunOutcome {
  if (result.kind === 'update') return { kind: 'update', status: result.status };
  const { data } = result;
  if (data.kind === 'select') return { kind: 'solutions', count: data.bindings.length };
  if (data.kind === 'ask') return { kind: 'boolean', value: data.boolean };
  return { kind: 'triples', count: data.triples.length };
}

/** The history's record of a failure: the same sentence the results show. */
function errorOutcome(error: unknown, text: string, base: string): RunOutcome {
  const statusCode = error instanceof ApiError && error.statusCode > 0 ? error.statusCode : undefined;
  return { kind: 'error', message: describeRunError(error, text, base).sentence, ...(statusCode ? { statusCode } : {}) };
}
