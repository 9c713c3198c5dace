/**
 * "26–50 of 400" with Prev and Next, for any list paged by SPARQL LIMIT/OFFSET.
 * Links when the page lives in the URL (a graph's triples), buttons when it is the
 * view's own state (a node's incoming triples).
 */
export interface PagerProps {
  page: number;
  size: number;
  /** Items on this page. */
  shown: number;
  /** Items in all, once counted. */
  total?: number;
  testId: string;
  /** What the buttons page through, for their accessible names ("incoming triples"). */
  what?: string;
  href?: (page: number) => string;
  onPage?: (page: number) => void;
}

export function Pager({ page, size, shown, total, testId, what, href, onPage }: PagerProps) {
  const first = (page - 1) * size + 1;
  const last = first + shown - 1;
  // Without the count yet, a full page is the only sign of more.
  const more = total === undefined ? shown === size : last < total;
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / size), page);
  const status = shown === 0 ? (total === undefined ? '' : `0 of ${total.toLocaleString('en')}`) : `${first.toLocaleString('en')}–${last.toLocaleString('en')}${total === undefined ? '' : ` of ${total.toLocaleString('en')}`}`;
  // The visible text starts the accessible name (WCAG's label in name), the list it pages ends it.
  const name = (label: string) => (what ? `${label} ${what}` : undefined);
  const step = (to: number, label: string, enabled: boolean) =>
    href ? (
      <a className={`button button--small${enabled ? '' : ' button--disabled'}`} aria-disabled={!enabled} href={enabled ? href(to) : undefined} aria-label={name(label)}>
        {label}
      </a>
    ) : (
      <button type="button" className="button button--small" disabled={!enabled} onClick={() => onPage?.(to)} aria-label={name(label)}>
        {label}
      </button>
    );
  return (
    <div className="pager">
      <span className="pager__status" data-testid={testId}>
        {status}
      </span>
      {(page > 1 || more) && (
        <span className="pager__buttons">
          {step(page - 1, '‹ Prev', page > 1)}
          <span className="pager__page">
            {page}
            {pages !== undefined && ` / ${pages}`}
          </span>
          {step(page + 1, 'Next ›', more)}
        </span>
      )}
    </div>
  );
}
