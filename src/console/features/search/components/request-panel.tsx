import { useId, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../../../../client/create-client';
import { requestUrl, withFormat, type SearchRequestSpec } from '../../../../client/search';
import { CodeEditor } from '../../../components/code-editor';
import { CopyRequest, NameValueTable, useRequestBase } from '../../../components/copy-request';
import { ErrorMessage } from '../../../components/error-message';
import { Tabs, tabPanelProps } from '../../../components/tabs';
import { formatBytes } from '../../../lib/format-bytes';
import { describeSearchRequest } from '../../../lib/request-snippets';
import { indentXml } from '../lib/indent-xml';
import { useRawAnswer, type SearchRun } from '../queries/run-search';

type View = 'json' | 'xml';

const views = [
  { id: 'json' as const, label: 'JSON' },
  { id: 'xml' as const, label: 'XML' },
];

/** What the panel reads of a run: the answer's text as received (the Analytics page's runs carry it too). */
type RawRun = Pick<SearchRun, 'text' | 'contentType'>;

/**
 * The request the page sent, and what came back: the JSON it read, or the same request
 * sent again with format=xml for the server's XML. A failed search shows its error body.
 * The request can be copied as curl, fetch or a Node client call (`kind` picks the call).
 */
export function RequestPanel({ request: described, run, kind = 'search' }: { request: SearchRequestSpec; run: UseQueryResult<RawRun>; kind?: 'search' | 'values' }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>('json');
  const { base, sent } = useRequestBase();
  // As it went out: with the open transaction's txid and the database in use.
  const request = sent(described);
  const params = [...request.params];

  return (
    <details className="request-panel" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="request-panel__summary">Request and response</summary>
      {open && (
        <div className="request-panel__body">
          <h3 className="section-title">Request</h3>
          <p className="request-panel__line" data-testid="request-line">
            <span className="request-panel__method">{request.method}</span> <code>{requestUrl(base, request)}</code>
          </p>
          <CopyRequest request={describeSearchRequest(base, request)} kind={kind} />
          {params.length > 0 && <NameValueTable label="Parameters" className="request-panel__params" rows={params} />}
          {request.body !== undefined && (
            <>
              <h4 className="section-title">Body ({request.contentType})</h4>
              <pre className="request-panel__request-body">{request.body}</pre>
            </>
          )}
          <div className="request-panel__response-head">
            <h3 className="section-title">Response</h3>
            <Tabs<View> label="Response format" tabs={views} selected={view} onSelect={setView} idPrefix={`${id}-format`} />
          </div>
          <div {...tabPanelProps(`${id}-format`, view)}>
            {view === 'json' ? <JsonAnswer run={run} /> : <XmlAnswer request={withFormat(request, 'xml')} />}
          </div>
        </div>
      )}
    </details>
  );
}

function JsonAnswer({ run }: { run: UseQueryResult<RawRun> }) {
  if (run.isPending) return <p className="muted">{run.isFetching ? 'Waiting for the answer…' : 'Stopped before the answer came.'}</p>;
  if (run.error) {
    const body = run.error instanceof ApiError ? JSON.stringify({ errorResponse: run.error.errorResponse }, null, 2) : String(run.error);
    const status = run.error instanceof ApiError && run.error.statusCode > 0 ? `${run.error.statusCode} ${run.error.status}` : 'No answer';
    return <Answer head={status} text={body} language="json" />;
  }
  const { text, contentType } = run.data;
  return <Answer head={`200 · ${contentType} · ${formatBytes(new TextEncoder().encode(text).byteLength)}`} text={prettyJson(text)} language="json" />;
}

function XmlAnswer({ request }: { request: SearchRequestSpec }) {
  const raw = useRawAnswer(request, true);
  if (raw.isPending) return <p className="muted">Asking for XML…</p>;
  if (raw.error) return <ErrorMessage error={raw.error} title="Could not get the XML response" />;
  const { text, contentType, status } = raw.data;
  return <Answer head={`${status} · ${contentType} · ${formatBytes(new TextEncoder().encode(text).byteLength)}`} text={indentXml(text)} language="xml" />;
}

function Answer({ head, text, language }: { head: string; text: string; language: 'json' | 'xml' }) {
  return (
    <div className="request-panel__answer">
      <p className="hint" data-testid="response-head">
        {head}
      </p>
      <CodeEditor value={text} language={language} label={`Response as ${language.toUpperCase()}`} readOnly maxHeight="50vh" testId="raw-response" />
    </div>
  );
}

/** The server writes compact JSON; indented, it can be read. Text that is not JSON is shown as it came. */
function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
