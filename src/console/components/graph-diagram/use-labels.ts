/**
 * Labels for the IRIs a diagram shows: those its own triples give, and — for the
 * rest — those the database knows, looked up by SPARQL in batches (the IRIs travel
 * as repeated `bind:s` values, never spliced into the query text). Answers are
 * kept per IRI while the diagram is shown, so an expansion only asks about new nodes;
 * a diagram shown anew asks again, so labels added meanwhile appear.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { selectBindings, type Triple } from '../../../client/graphs';
import { useConnection } from '../../lib/connection';
import { bestLabels, LABEL_PREDICATES, userLanguages } from '../../lib/rdf/labels';

const BATCH = 40;
const QUERY = `SELECT ?s ?p ?o WHERE { ?s ?p ?o . FILTER(isLiteral(?o) && ?p IN (${LABEL_PREDICATES.map((p) => `<${p}>`).join(', ')})) }`;

export async function fetchLabels(send: (iris: readonly string[]) => Promise<Triple[]>, iris: readonly string[], preferred: readonly string[]): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  for (let i = 0; i < iris.length; i += BATCH) {
    const batch = iris.slice(i, i + BATCH);
    const labels = bestLabels(await send(batch), preferred);
    for (const iri of batch) out.set(iri, labels.get(iri) ?? null);
  }
  return out;
}

/** Best labels for `iris`: from `triples` first, then from the database. */
export function useLabels(triples: readonly Triple[], iris: readonly string[]): ReadonlyMap<string, string> {
  const { client } = useConnection();
  const preferred = useMemo(() => userLanguages(), []);
  const fromTriples = useMemo(() => bestLabels(triples, preferred), [triples, preferred]);
  // IRI → its best label, or null when it has none; `version` counts the answers merged in.
  const cache = useRef(new Map<string, string | null>()).current;
  const [version, setVersion] = useState(0);

  const missing = iris.filter((iri) => !fromTriples.has(iri) && !cache.has(iri));
  const missingKey = missing.join('\n');

  useEffect(() => {
    if (missing.length === 0) return;
    const controller = new AbortController();
    const send = async (batch: readonly string[]) => {
      const result = await client.sparql.query(QUERY, { bindings: batch.map((value) => ({ name: 's', value })), form: 'SELECT', signal: controller.signal });
      if (result.kind !== 'select') return [];
      return selectBindings({ results: { bindings: result.bindings } }).flatMap((r) => (r.s && r.p && r.o ? [{ subject: r.s, predicate: r.p, object: r.o }] : []));
    };
    fetchLabels(send, missing, preferred)
      .then((found) => {
        for (const [iri, label] of found) cache.set(iri, label);
        setVersion((v) => v + 1);
      })
      // A label is a nicety: without one the node keeps its prefixed name.
      .catch(() => undefined);
    return () => controller.abort();
    // `missingKey` stands for `missing`, which is a new array every render.
  }, [missingKey, client]);

  return useMemo(() => {
    const out = new Map(fromTriples);
    for (const iri of iris) {
      const label = cache.get(iri);
      if (!out.has(iri) && label) out.set(iri, label);
    }
    return out;
  }, [fromTriples, iris, cache, version]);
}
