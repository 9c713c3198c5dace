import { useEffect, useMemo, useState } from 'react';
import { requestUrl, type SearchRequestSpec } from '../../../../client/search';
import { useConnection } from '../../../lib/connection';
import { toCsv } from '../lib/csv';
import { curlCommand } from '../../../lib/request-snippets';
import type { ValueRow } from '../lib/value-rows';

/** "Download CSV" of the rows as shown (in their order): a link to a Blob, released when the rows change. */
export function CsvDownload({ name, columns, rows }: { name: string; columns: readonly string[]; rows: readonly ValueRow[] }) {
  const href = useMemo(() => {
    const csv = toCsv([...columns, 'frequency'], rows.map((r) => [...r.values, r.frequency]));
    return URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  }, [columns, rows]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    <a className="button button--small" href={href} download={`${name}.csv`}>
      Download CSV
    </a>
  );
}

/** Copies the request as a curl command (for a server reachable from a shell: `npm run serve`, or MarkLogic). */
export function CopyCurl({ request }: { request: SearchRequestSpec }) {
  const { client } = useConnection();
  const [status, setStatus] = useState('');
  const command = curlCommand(requestUrl(client.baseUrl || window.location.origin, request), { user: client.user });
  useEffect(() => setStatus(''), [command]);
  return (
    <div className="copy-curl">
      <button
        type="button"
        className="button button--small"
        title={command}
        onClick={() =>
          navigator.clipboard.writeText(command).then(
            () => setStatus('Copied'),
            () => setStatus('Could not copy: the browser refused the clipboard'),
          )
        }
      >
        Copy as curl
      </button>
      <span className="hint" role="status">
        {status}
      </span>
    </div>
  );
}
