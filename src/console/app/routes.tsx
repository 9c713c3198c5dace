import type { ReactNode } from 'react';
import { DocumentExplorer } from '../features/document-explorer/components/document-explorer';
import { SparqlEditorRoute } from '../features/sparql-editor/components/sparql-editor-route';
import { GraphBrowser } from '../features/graph-browser/components/graph-browser';
import { OptionsRoute } from '../features/query-options/components/options-route';
import { SearchPage } from '../features/search/components/search-page';
import { AnalyticsRoute } from '../features/analytics/components/analytics-route';
import { DatabasesPage } from '../features/databases/components/databases-page';

export interface AppRoute {
  path: string;
  label: string;
  /** What the page is for, in a line: the welcome lists it. */
  summary: string;
  /** The letter after `g` that goes to the page ('g d'): the help lists each. */
  key: string;
  /** Absent: shown in the navigation as coming soon. */
  render?: (params: URLSearchParams) => ReactNode;
}

/** The console's pages, in navigation order. A feature arrives by giving its route a `render`. */
export const routes: readonly AppRoute[] = [
  { path: '/documents', key: 'd', label: 'Documents', summary: 'browse, open, edit and upload documents and their metadata', render: (params) => <DocumentExplorer params={params} /> },
  { path: '/search', key: 's', label: 'Search', summary: 'string queries with suggestions, snippets, facets and the exact request', render: (params) => <SearchPage params={params} /> },
  { path: '/options', key: 'o', label: 'Options', summary: 'query option sets, values definitions and range indexes', render: (params) => <OptionsRoute params={params} /> },
  { path: '/analytics', key: 'a', label: 'Analytics', summary: 'distinct values, frequencies and aggregates as charts and tables', render: (params) => <AnalyticsRoute params={params} /> },
  { path: '/sparql', key: 'q', label: 'SPARQL', summary: 'an editor with completion, results in every format, history and saved queries', render: (params) => <SparqlEditorRoute params={params} /> },
  { path: '/graphs', key: 'g', label: 'Graphs', summary: 'graphs and their triples, a node\'s neighbourhood, RDF import and export', render: (params) => <GraphBrowser params={params} /> },
  { path: '/databases', key: 'b', label: 'Databases', summary: 'the server’s databases and what each holds, its REST instances; create, use and delete databases', render: () => <DatabasesPage /> },
];

export const HOME_PATH = '/documents';
