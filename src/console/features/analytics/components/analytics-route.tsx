import { lazy } from 'react';
import { PageSuspense } from '../../../components/page-suspense';

// The page brings the chart library: loaded when the page is first opened, so the other pages never wait for it.
const AnalyticsPage = lazy(() => import('./analytics-page'));

export function AnalyticsRoute({ params }: { params: URLSearchParams }) {
  return (
    <PageSuspense loading="Loading analytics…">
      <AnalyticsPage params={params} />
    </PageSuspense>
  );
}
