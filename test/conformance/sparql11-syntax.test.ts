/**
 * W3C SPARQL 1.1 syntax tests (query, update, federation syntax): a positive test
 * must be accepted, a negative one refused as a syntax error — in-process by
 * Oxigraph's parser, over HTTP as 400 RESTAPI-INVALIDCONTENT.
 */
import { withEndpoint } from './endpoint';
import { runSyntax } from './evaluation';
import { readManifest, type SyntaxTest } from './manifest';
import { forEachEndpoint, registerTests } from './suite';

const cases = readManifest('sparql11/manifest-all.ttl').filter((t): t is SyntaxTest => t.kind === 'syntax');

await forEachEndpoint((open) => registerTests(cases, { run: (t) => withEndpoint(open, (endpoint) => runSyntax(t, endpoint)) }));
