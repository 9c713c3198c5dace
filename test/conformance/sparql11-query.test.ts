/**
 * W3C SPARQL 1.1 query-evaluation tests (manifest-all.ttl: the query language,
 * CSV/TSV and JSON results), in-process against Oxigraph to validate the harness,
 * and over HTTP through Tabula's `/v1/graphs` and `/v1/graphs/sparql`.
 */
import { withEndpoint } from './endpoint';
import { runQueryEvaluation } from './evaluation';
import { readManifest, type QueryEvaluationTest } from './manifest';
import { forEachEndpoint, registerTests } from './suite';

const cases = readManifest('sparql11/manifest-all.ttl').filter((t): t is QueryEvaluationTest => t.kind === 'query-evaluation');

const skip = (t: QueryEvaluationTest): string | undefined =>
  t.entailment
    ? 'needs an entailment regime; Oxigraph has none'
    : t.service || t.id.includes('/service/manifest#')
      ? 'needs SERVICE (federated query); Oxigraph in WebAssembly has no HTTP client'
      : undefined;

await forEachEndpoint((open) => registerTests(cases, { skip, run: (t) => withEndpoint(open, (endpoint) => runQueryEvaluation(t, endpoint)) }), {
  unionVariant: true,
});
