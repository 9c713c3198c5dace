import type { ReactNode } from 'react';
import { DocumentExplorer } from '../features/document-explorer/components/document-explorer';
import { SparqlEditorRoute } from '../features/sparql-editor/components/sparql-editor-route';
import { GraphBrowser } from '../features/graph-browser/components/graph-browser';
import { OptionsRoute } from '../features/query-options/components/options-route';
import { SearchPage } from '../features/search/components/search-page';
import { AnalyticsRoute } from '../features/analytics/components/analytics-route';

export interface AppRoute {
  path: string;
  label: string;
  /** Absent: shown in the navigation as coming soon. */
  render?: (params: URLSearchParams) => ReactNode;
}

/** The console's pages, in navigation order. A feature arrives by giving its route a `render`. */
export const routes: readonly AppRoute[] = [
  { path: '/documents', label: 'Documents', render: (params) => <DocumentExplorer params={params} /> },
  { path: '/search', label: 'Search', render: (params) => <SearchPage params={params} /> },
  { path: '/options', label: 'Options', render: (params) => <OptionsRoute params={params} /> },
  { path: '/analytics', label: 'Analytics', render: (params) => <AnalyticsRoute params={params} /> },
  { path: '/sparql', label: 'SPARQL', render: () => <SparqlEditorRoute /> },
  { path: '/graphs', label: 'Graphs', render: (params) => <GraphBrowser params={params} /> },
];

export const HOME_PATH = '/documents';
