import { useEffect, useMemo } from 'react';
import { toCsv } from '../lib/csv';
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
