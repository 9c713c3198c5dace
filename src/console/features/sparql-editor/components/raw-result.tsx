import { useEffect, useState } from 'react';
import { CodeEditor } from '../../../components/code-editor';
import { ErrorMessage } from '../../../components/error-message';
import { formatBytes } from '../../../lib/format-bytes';
import { useConnection } from '../../../lib/connection';
import { toQueryOptions } from '../lib/request-parameters';
import type { ResultFormat } from '../lib/result-formats';
import { QUERY_METHOD, type RunRequest } from '../lib/use-sparql-runs';

// An editor holding many megabytes of text slows the page for little gain: past this,
// the view shows the start and the download has the rest.
const MAX_SHOWN_CHARS = 1_000_000;

type Raw = { state: 'loading' } | { state: 'done'; text: string; contentType: string; size: number } | { state: 'failed'; error: unknown };

/** The result as the server serialises it in `format`: the query is run again with that Accept. */
export function RawResult({ request, format }: { request: RunRequest; format: ResultFormat }) {
  const { client } = useConnection();
  const [raw, setRaw] = useState<Raw>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setRaw({ state: 'loading' });
    client.sparql
      .queryRaw(request.text, format.mediaType, { ...toQueryOptions(request.parameters), method: QUERY_METHOD, signal: controller.signal })
      .then(async ({ blob, contentType }) => setRaw({ state: 'done', text: await blob.text(), contentType, size: blob.size }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setRaw({ state: 'failed', error });
      });
    return () => controller.abort();
  }, [client, request, format]);

  if (raw.state === 'loading') return <p className="muted">Asking for {format.label}…</p>;
  if (raw.state === 'failed') return <ErrorMessage error={raw.error} title={`Could not get the result as ${format.label}`} />;
  const cut = raw.text.length > MAX_SHOWN_CHARS;
  return (
    <div className="raw-result">
      <p className="hint" data-testid="raw-result-type">
        {raw.contentType} · {formatBytes(raw.size)}
        {cut && ' · showing the beginning; download for the whole result'}
      </p>
      <CodeEditor
        value={cut ? raw.text.slice(0, MAX_SHOWN_CHARS) : raw.text}
        language={format.language}
        label={`Result as ${format.label}`}
        readOnly
        maxHeight="60vh"
        testId="raw-result"
      />
    </div>
  );
}
