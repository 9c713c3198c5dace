import { useEffect, useState } from 'react';
import { asSent } from '../../client/create-client';
import { useConnection } from '../lib/connection';
import { requestBase, requestSnippets, type RequestDescription, type RequestKind } from '../lib/request-snippets';

/**
 * The base URL requests go to, absolute: this page's origin when the console talks to its own
 * service worker (followed by the instance's path when it uses another REST instance); and `sent`, a request as the client sends it — with the open transaction's
 * `txid` and the database's `database` where its path takes them (`asSent` in
 * src/client/databases.ts), so a shown or copied request is the one that went out.
 */
export function useRequestBase(): { base: string; sameOrigin: boolean; sent<T extends { path: string; params: URLSearchParams }>(spec: T): T } {
  const { client } = useConnection();
  const scope = { transaction: client.transaction, database: client.databaseName };
  return { ...requestBase(client.baseUrl, window.location.origin), sent: (spec) => asSent(spec, scope) };
}

/**
 * "Copy as curl", "Copy as fetch" and "Copy as Node client call" for the request a panel
 * sent, with a polite status saying whether the clipboard took it.
 */
export function CopyRequest({ request, kind }: { request: RequestDescription; kind: RequestKind }) {
  const { client } = useConnection();
  const [status, setStatus] = useState('');
  const snippets = requestSnippets(request, kind, { user: client.user, sameOrigin: requestBase(client.baseUrl, window.location.origin).sameOrigin });
  const key = snippets.map((s) => s.text).join('\n');
  useEffect(() => setStatus(''), [key]);
  return (
    <div className="copy-request" role="group" aria-label="Copy the request">
      {snippets.map(({ label, text }) => (
        <button
          key={label}
          type="button"
          className="button button--small"
          title={text}
          onClick={() =>
            navigator.clipboard.writeText(text).then(
              () => setStatus('Copied'),
              () => setStatus('Could not copy: the browser refused the clipboard'),
            )
          }
        >
          {label}
        </button>
      ))}
      <span className="hint" role="status" aria-live="polite">
        {status}
      </span>
    </div>
  );
}

/**
 * A folded "Request" section: the method and URL a page sent, its headers and body, and
 * the copy buttons. For pages whose request has no panel of its own (SPARQL, a document).
 */
export function SentRequest({ request, kind }: { request: RequestDescription; kind: RequestKind }) {
  const headers = Object.entries(request.headers);
  return (
    <details className="sent-request">
      <summary className="sent-request__summary">Request</summary>
      <p className="sent-request__line" data-testid="sent-request-line">
        <span className="sent-request__method">{request.method}</span> <code>{request.url}</code>
      </p>
      {headers.length > 0 && <NameValueTable label="Request headers" className="sent-request__headers" rows={headers} />}
      {request.body !== undefined && <pre className="sent-request__body">{request.body}</pre>}
      <CopyRequest request={request} kind={kind} />
    </details>
  );
}

/** A request's parameters or headers, one row per name and value, in their order. */
export function NameValueTable({ label, className, rows }: { label: string; className: string; rows: ReadonlyArray<readonly [string, string]> }) {
  return (
    <table className={`table ${className}`} aria-label={label}>
      <tbody>
        {rows.map(([name, value], i) => (
          <tr key={i}>
            <th scope="row">{name}</th>
            <td>
              <code>{value}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
