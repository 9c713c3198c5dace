import { useMemo } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { useLabels } from '../../../components/graph-diagram/use-labels';
import { graphsHref, type BrowserState } from '../lib/browser-state';
import { compactIri } from '../lib/prefixes';
import { PAGE_SIZE, useClassCount, useClassInstances } from '../queries/filtered-triples';
import { Pager } from './pager';
import { TermView } from './term-view';
import { ScrollRegion } from '../../../components/scroll-region';

/** The instances of one class in a graph, a page at a time, each with its label and a link to its node. */
export function ClassInstances({ graph, state, cls }: { graph: string; state: BrowserState; cls: string }) {
  const count = useClassCount(graph, cls);
  const instances = useClassInstances(graph, cls, state.page);
  const iris = useMemo(() => (instances.data ?? []).flatMap((t) => (t.type === 'uri' ? [t.value] : [])), [instances.data]);
  const labels = useLabels(useMemo(() => [], []), iris);
  const name = compactIri(cls) ?? cls;

  return (
    <section className="graph-triples" aria-labelledby="class-instances-title">
      <div className="graph-triples__header">
        <h3 id="class-instances-title" className="section-title">
          Instances of <span className="mono" title={cls}>{name}</span>
        </h3>
        <a className="button button--small" href={graphsHref({ graph })}>
          Back to all triples
        </a>
      </div>
      {instances.isPending ? (
        <p className="muted">Loading instances…</p>
      ) : instances.isError ? (
        <ErrorMessage error={instances.error} title="Could not list the instances" />
      ) : (
        <div className={instances.isPlaceholderData ? 'stale' : undefined}>
          {instances.data.length === 0 ? (
            <p className="muted empty">No instances on this page.</p>
          ) : (
            <ScrollRegion label="Instances (scrollable)">
              <table className="table triples" aria-label={`Instances of ${name}`}>
                <thead>
                  <tr>
                    <th scope="col">Instance</th>
                    <th scope="col">Label</th>
                  </tr>
                </thead>
                <tbody>
                  {instances.data.map((term) => (
                    <tr key={`${term.type}:${term.value}`}>
                      <td>
                        <TermView term={term} />
                      </td>
                      <td>{term.type === 'uri' ? (labels.get(term.value) ?? '') : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
          {count.isError && <ErrorMessage error={count.error} title="Could not count the instances" />}
          <Pager page={state.page} size={PAGE_SIZE} shown={instances.data.length} total={count.data} testId="instances-status" href={(page) => graphsHref({ ...state, page })} />
        </div>
      )}
    </section>
  );
}
