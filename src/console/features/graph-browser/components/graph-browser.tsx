import { readBrowserState, graphsHref } from '../lib/browser-state';
import { GraphList } from './graph-list';
import { GraphPanel } from './graph-panel';
import { ImportPanel } from './import-panel';
import { OpenNodeForm } from './open-node-form';
import { ThingsView } from './things-view';
import '../graph-browser.css';

/** The graphs on the left; the open graph, node or import form on the right. */
export function GraphBrowser({ params }: { params: URLSearchParams }) {
  const state = readBrowserState(params);
  return (
    <div className="explorer graph-browser">
      <aside className="explorer__browse" aria-label="Browse graphs">
        <a className="button button--primary" href={graphsHref({ view: 'import' })}>
          Import RDF…
        </a>
        <OpenNodeForm iri={state.view ? undefined : state.iri} />
        <GraphList state={state} />
      </aside>
      <section className="explorer__detail" aria-label="Graph details">
        {state.view === 'import' ? (
          // Keyed by target so a new import starts from a clean form.
          <ImportPanel key={state.graph ?? ''} target={state.graph} />
        ) : state.iri ? (
          <ThingsView key={state.iri} iri={state.iri} />
        ) : state.graph ? (
          <GraphPanel key={state.graph} state={state} graph={state.graph} />
        ) : (
          <div className="placeholder">
            <p>Select a graph to see its triples and permissions,</p>
            <p>open a node by its IRI, or import RDF.</p>
          </div>
        )}
      </section>
    </div>
  );
}
