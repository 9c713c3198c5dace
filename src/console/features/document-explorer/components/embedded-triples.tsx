import { ErrorMessage } from '../../../components/error-message';
import { TripleRows } from '../../graph-browser/components/triple-rows';
import { EMBEDDED_TRIPLES_LIMIT, type EmbeddedTriple } from '../lib/embedded-triples';
import { useEmbeddedTriples } from '../queries/embedded-triples';
import '../document-explorer.css';

/**
 * The triples a JSON or XML document embeds, each IRI a link to its node in the graph
 * browser. `enabled` is false for text and binary documents (they cannot hold any), and
 * until the document's format is known: nothing is asked then.
 */
export function EmbeddedTriples({ uri, enabled }: { uri: string; enabled: boolean }) {
  const triples = useEmbeddedTriples(uri, enabled);
  if (!enabled) return null;
  const count = triples.data ? `${triples.data.triples.length}${triples.data.truncated ? '+' : ''}` : undefined;
  return (
    <section className="embedded-triples" aria-labelledby="embedded-triples-title">
      <h3 id="embedded-triples-title" className="section-title">
        Embedded triples{count !== undefined && <span className="muted"> ({count})</span>}
      </h3>
      {triples.isPending ? (
        <p className="muted">Loading triples…</p>
      ) : triples.isError ? (
        <ErrorMessage error={triples.error} title="Could not read the document's triples" />
      ) : triples.data.triples.length === 0 ? (
        <p className="muted empty" data-testid="no-embedded-triples">
          This document embeds no triples.
        </p>
      ) : (
        <>
          <TripleRows label="Embedded triples" triples={triples.data.triples} extra={{ header: 'Graph', cell: (t: EmbeddedTriple) => <GraphCell graph={t.graph} /> }} />
          {triples.data.truncated && <p className="hint">Showing the first {EMBEDDED_TRIPLES_LIMIT}.</p>}
        </>
      )}
    </section>
  );
}

/** The graph column: the document's collection, or the default graph when it is in none. */
function GraphCell({ graph }: { graph?: string }) {
  return graph ? (
    <span className="mono embedded-triples__graph" title={`The document's collection ${graph}`}>
      {graph}
    </span>
  ) : (
    <span className="muted" title="The document is in no collection">
      default graph
    </span>
  );
}
