/**
 * W3C SPARQL 1.1 update-evaluation tests, in-process against Oxigraph to validate
 * the harness, and over HTTP: the dataset loaded with the graph store, the update
 * sent with the protocol, the resulting dataset read back with `GET /v1/graphs` and
 * compared by isomorphism.
 */
import { withEndpoint } from './endpoint';
import { runUpdateEvaluation } from './evaluation';
import { readManifest, type UpdateEvaluationTest } from './manifest';
import { forEachEndpoint, registerTests } from './suite';

const cases = readManifest('sparql11/manifest-all.ttl').filter((t): t is UpdateEvaluationTest => t.kind === 'update-evaluation');

await forEachEndpoint((open) => registerTests(cases, { run: (t) => withEndpoint(open, (endpoint) => runUpdateEvaluation(t, endpoint)) }));
