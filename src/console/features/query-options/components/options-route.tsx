import { lazy } from 'react';
import { PageSuspense } from '../../../components/page-suspense';

// The page brings CodeMirror's JSON editing and lint: loaded when the page is first
// opened, so the other pages never wait for it.
const OptionsPage = lazy(() => import('./options-page'));

export function OptionsRoute({ params }: { params: URLSearchParams }) {
  return (
    <PageSuspense loading="Loading the options editor…">
      <OptionsPage params={params} />
    </PageSuspense>
  );
}
