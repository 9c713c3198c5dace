import type { ReactNode } from 'react';

interface PreviewHeadingProps {
  id: string;
  title: string;
  /** An answer for what is on screen is still on its way. */
  updating: boolean;
  /** Controls beside the title. */
  children?: ReactNode;
}

/** The heading of a live preview (results, values), saying when what it shows is being replaced. */
export function PreviewHeading({ id, title, updating, children }: PreviewHeadingProps) {
  return (
    <div className="options-section-header">
      <h3 id={id} className="section-title">
        {title} {updating && <span className="options-preview__updating">updating…</span>}
      </h3>
      {children}
    </div>
  );
}
