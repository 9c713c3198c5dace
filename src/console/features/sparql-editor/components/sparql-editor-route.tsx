import { lazy, Suspense } from 'react';

// The editor brings CodeMirror's SPARQL mode and a SPARQL parser: loaded when the page
// is first opened, so the other pages never wait for them.
const SparqlEditor = lazy(() => import('./sparql-editor'));

export function SparqlEditorRoute() {
  return (
    <Suspense
      fallback={
        <p className="muted" role="status">
          Loading the SPARQL editor…
        </p>
      }
    >
      <SparqlEditor />
    </Suspense>
  );
}
