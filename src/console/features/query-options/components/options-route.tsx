import { lazy, Suspense } from 'react';

// The page brings CodeMirror's JSON editing and lint: loaded when the page is first
// opened, so the other pages never wait for it.
const OptionsPage = lazy(() => import('./options-page'));

export function OptionsRoute({ params }: { params: URLSearchParams }) {
  return (
    <Suspense
      fallback={
        <p className="muted" role="status">
          Loading the options editor…
        </p>
      }
    >
      <OptionsPage params={params} />
    </Suspense>
  );
}
