import { useState } from 'react';
import { DEFAULT_GRAPH } from '../../../../client/graphs';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { Tabs, tabPanelProps } from '../../../components/tabs';
import { navigate } from '../../../lib/use-hash-route';
import { graphsHref, type BrowserState, type GraphTab } from '../lib/browser-state';
import { graphLabel } from '../lib/graph-summaries';
import { useDeleteGraph } from '../queries/delete-graph';
import { useGraphCount } from '../queries/graph-triples';
import { ClassInstances } from './class-instances';
import { ExportControl } from './export-control';
import { GraphSummary } from './graph-summary';
import { PermissionsEditor } from './permissions-editor';
import { TriplesTable } from './triples-table';

const tabs = [
  { id: 'triples', label: 'Triples' },
  { id: 'permissions', label: 'Permissions' },
] as const;

/** One open graph: its summary, triples and permissions, with import, export and delete. */
export function GraphPanel({ state, graph }: { state: BrowserState; graph: string }) {
  const count = useGraphCount(graph);
  const remove = useDeleteGraph();
  const [confirming, setConfirming] = useState(false);
  const select = (tab: GraphTab) => navigate(graphsHref({ graph, page: state.page, tab }), { replace: true });
  const triples = count.data === undefined ? undefined : `${count.data.toLocaleString('en')} ${count.data === 1 ? 'triple' : 'triples'}`;

  return (
    <article className="panel" aria-labelledby="graph-title">
      <header className="panel__header">
        <div className="panel__heading">
          <h2 id="graph-title" className={`panel__title${graph === DEFAULT_GRAPH ? '' : ' mono'}`}>
            {graphLabel(graph)}
          </h2>
          <div className="panel__meta">
            {graph === DEFAULT_GRAPH && <span className="mono">{graph}</span>}
            <span data-testid="graph-triple-count">{triples ?? 'Counting…'}</span>
          </div>
        </div>
        <div className="panel__toolbar">
          <a className="button" href={graphsHref({ view: 'import', graph })}>
            Import…
          </a>
          <ExportControl graph={graph} />
          <button type="button" className="button button--danger-outline" onClick={() => setConfirming(true)}>
            Delete
          </button>
        </div>
      </header>

      <Tabs label="Graph views" tabs={tabs} selected={state.tab} onSelect={select} idPrefix="graph" />
      <div className="panel__body" {...tabPanelProps('graph', state.tab)}>
        {state.tab === 'triples' ? (
          <>
            <GraphSummary graph={graph} state={state} />
            {state.class ? <ClassInstances graph={graph} state={state} cls={state.class} /> : <TriplesTable graph={graph} state={state} />}
          </>
        ) : (
          <PermissionsEditor graph={graph} />
        )}
      </div>

      <ConfirmDelete
        open={confirming}
        onClose={() => setConfirming(false)}
        mutation={remove}
        target={graph}
        onDeleted={() => navigate(graphsHref())}
        title="Delete graph?"
        confirmLabel="Delete graph"
      >
        <p>
          <code>{graph}</code>
          {triples ? ` and its ${triples}` : ''} will be deleted. This cannot be undone.
        </p>
      </ConfirmDelete>
    </article>
  );
}
