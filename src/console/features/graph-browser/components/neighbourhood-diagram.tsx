import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Triple } from '../../../../client/graphs';
import { ErrorMessage } from '../../../components/error-message';
import { GraphDiagram } from '../../../components/graph-diagram/graph-diagram';
import { useConnection } from '../../../lib/connection';
import { navigate } from '../../../lib/use-hash-route';
import { nodeHref } from '../lib/browser-state';
import { grow } from '../lib/neighbourhood';
import { neighbourhoodQueryOptions, type Neighbourhood } from '../queries/node-triples';

interface Growth {
  triples: readonly Triple[];
  expanded: ReadonlySet<string>;
  /** Links of expanded nodes not drawn: beyond the first page of each side, or past the diagram's cap. */
  notDrawn: number;
}

/**
 * A node's neighbourhood as a diagram that grows as you click: each node expanded
 * adds the first links of both its sides. The diagram itself (layout, filter, labels,
 * full screen) is the shared GraphDiagram.
 */
export function NeighbourhoodDiagram({ iri, initial }: { iri: string; initial: Neighbourhood }) {
  const connection = useConnection();
  const queryClient = useQueryClient();
  const [growth, setGrowth] = useState<Growth>(() => ({ triples: initial.triples, expanded: new Set([iri]), notDrawn: initial.total - initial.triples.length }));
  const [expanding, setExpanding] = useState<string>();
  const [error, setError] = useState<unknown>(null);

  const expand = useCallback(
    async (node: string) => {
      setExpanding(node);
      setError(null);
      try {
        const data = await queryClient.fetchQuery(neighbourhoodQueryOptions(connection, node));
        setGrowth((g) => {
          const grown = grow(g.triples, data.triples);
          return { triples: grown.triples, expanded: new Set([...g.expanded, node]), notDrawn: g.notDrawn + data.total - data.triples.length + grown.leftOut };
        });
      } catch (err) {
        setError(err);
      } finally {
        setExpanding(undefined);
      }
    },
    [connection, queryClient],
  );

  return (
    <>
      <GraphDiagram
        triples={growth.triples}
        focus={iri}
        ariaLabel={`Neighbourhood of ${iri}`}
        onOpenNode={(node) => navigate(nodeHref(node))}
        onExpandNode={(node) => void expand(node)}
        expandedNodes={growth.expanded}
        expandingNode={expanding}
        note={growth.notDrawn > 0 ? `${growth.notDrawn.toLocaleString('en')} more ${growth.notDrawn === 1 ? 'link' : 'links'} of the expanded nodes ${growth.notDrawn === 1 ? 'is' : 'are'} in the tables, not drawn.` : undefined}
      />
      {error != null && <ErrorMessage error={error} title="Could not expand the node" />}
    </>
  );
}
