import { lazy } from 'react';
import { PageSuspense } from '../../../components/page-suspense';

// The editor brings CodeMirror's SPARQL mode and a SPARQL parser: loaded when the page
// is first opened, so the other pages never wait for them.
const SparqlEditor = lazy(() => import('./sparql-editor'));

export function SparqlEditorRoute() {
  return (
    <PageSuspense loading="Loading the SPARQL editor…">
      <SparqlEditor />
    </PageSuspense>
  );
}
