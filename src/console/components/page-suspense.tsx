import { Suspense, type ReactNode } from 'react';

/** Holds the place of a page loaded on first opening (`lazy`), saying what is loading. */
export function PageSuspense({ loading, children }: { loading: string; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p className="muted" role="status">
          {loading}
        </p>
      }
    >
      {children}
    </Suspense>
  );
}
