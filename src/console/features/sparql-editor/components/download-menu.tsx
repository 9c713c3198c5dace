import { useRef, useState } from 'react';
import type { QueryForm } from '../../../../client/sparql';
import { ErrorMessage } from '../../../components/error-message';
import { useConnection } from '../../../lib/connection';
import { toQueryOptions } from '../lib/request-parameters';
import { downloadName, formatsFor, type ResultFormat } from '../lib/result-formats';
import { QUERY_METHOD, type RunRequest } from '../lib/use-sparql-runs';

/** Downloads the result in any format the form allows: the query runs again with that Accept. */
export function DownloadMenu({ request, form }: { request: RunRequest; form: QueryForm }) {
  const { client } = useConnection();
  const menu = useRef<HTMLDetailsElement>(null);
  const [busy, setBusy] = useState<string | undefined>();
  const [error, setError] = useState<unknown>();

  const download = async (format: ResultFormat) => {
    if (menu.current) menu.current.open = false;
    setBusy(format.label);
    setError(undefined);
    try {
      const { blob } = await client.sparql.queryRaw(request.text, format.mediaType, { ...toQueryOptions(request.parameters), method: QUERY_METHOD });
      saveBlob(blob, downloadName(form, format, new Date()));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <div className="download-menu">
      <details className="menu" ref={menu}>
        <summary className="button button--small" aria-disabled={busy !== undefined}>
          {busy ? `Downloading ${busy}…` : 'Download'}
        </summary>
        <ul className="menu__list" aria-label="Download formats">
          {formatsFor(form).map((format) => (
            <li key={format.mediaType}>
              <button type="button" className="menu__item" disabled={busy !== undefined} onClick={() => void download(format)}>
                {format.label} <span className="muted">.{format.extension}</span>
              </button>
            </li>
          ))}
        </ul>
      </details>
      {error != null && <ErrorMessage error={error} title="Download failed" />}
    </div>
  );
}

function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its own reference once started; a moment later the URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
