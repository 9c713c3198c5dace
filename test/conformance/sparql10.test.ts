/**
 * The W3C SPARQL 1.0 suite (manifest.ttl: query evaluation and syntax), run the
 * same way as the 1.1 suites: in-process against Oxigraph, and over HTTP.
 */
import { withEndpoint } from './endpoint';
import { runQueryEvaluation, runSyntax } from './evaluation';
import { readManifest, type QueryEvaluationTest, type SyntaxTest } from './manifest';
import { forEachEndpoint, registerTests } from './suite';

const all = readManifest('sparql10/manifest.ttl');
const evaluation = all.filter((t): t is QueryEvaluationTest => t.kind === 'query-evaluation');
const syntax = all.filter((t): t is SyntaxTest => t.kind === 'syntax');

await forEachEndpoint((open) => registerTests(evaluation, { run: (t) => withEndpoint(open, (endpoint) => runQueryEvaluation(t, endpoint)) }), {
  unionVariant: true,
  title: 'query evaluation',
});
await forEachEndpoint((open) => registerTests(syntax, { run: (t) => withEndpoint(open, (endpoint) => runSyntax(t, endpoint)) }), { title: 'syntax' });
