import type { ReactNode } from 'react';

interface ScrollRegionProps {
  /** Its accessible name, e.g. "Databases (scrollable)"; or name it by an element with `labelledBy`. */
  label?: string;
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}

/**
 * What can be wider than the screen (a table on a phone) scrolls sideways inside this
 * container, so the page itself never does (WCAG 1.4.10, Reflow). The container can be focused
 * and is named, so a keyboard user can reach it and scroll it with the arrow keys, and a
 * screen reader says what it holds (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollRegion({ label, labelledBy, className, children }: ScrollRegionProps) {
  return (
    <div className={className ? `scroll-region ${className}` : 'scroll-region'} role="region" tabIndex={0} aria-label={label} aria-labelledby={labelledBy}>
      {children}
    </div>
  );
}
