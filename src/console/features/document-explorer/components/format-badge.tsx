import type { DocumentFormat } from '../../../../client/create-client';

export function FormatBadge({ format }: { format: DocumentFormat | string }) {
  return <span className={`badge badge--${format}`}>{format}</span>;
}
