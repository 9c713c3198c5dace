import { lazy } from 'react';
import { PageSuspense } from '../../../components/page-suspense';
import { readDocumentQueryLink } from '../lib/document-query-link';

// The editor brings CodeMirror's SPARQL mode and a SPARQL parser: loaded when the page
// is first opened, so the other pages never wait for them.
const SparqlEditor = lazy(() => import('./sparql-editor'));

/** `params` may carry a document query to open a tab with (lib/document-query-link.ts). */
export function SparqlEditorRoute({ params }: { params: URLSearchParams }) {
  return (
    <PageSuspense loading="Loading the SPARQL editor…">
      <SparqlEditor link={readDocumentQueryLink(params)} />
    </PageSuspense>
  );
}
