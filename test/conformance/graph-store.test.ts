/**
 * W3C SPARQL 1.1 Graph Store HTTP Protocol tests (graph-store-protocol/manifest.ttl),
 * mapped onto `/v1/graphs` (test/conformance/README.md), each over a
 * fresh database (several expect 201 for the first PUT of a graph).
 */
import { describe } from 'vitest';
import { readManifest, type HttpTest } from './manifest';
import { runHttpTest } from './http-exchanges';
import { graphStoreUnavailable } from './http-endpoint';
import { registerTests } from './suite';

const MF = 'http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#';

const cases = readManifest('sparql11/graph-store-protocol/manifest.ttl').filter((t): t is HttpTest => t.kind === 'graph-store');

function skip(t: HttpTest): string | undefined {
  if (t.requires.includes(MF + 'DirectGraphIdentification')) {
    return 'direct graph identification (the graph IRI as the request path): /v1/graphs names graphs with ?graph= and ?default only';
  }
  if (t.requires.includes(MF + 'POSTGraphCreation')) {
    return 'POST /v1/graphs without a graph is MarkLogic\'s quads load (graphs named inline, triples into the default graph), not a graph with a server-chosen name';
  }
  return undefined;
}

const unavailable = await graphStoreUnavailable();
describe.skipIf(unavailable !== undefined)(`HTTP through the Tabula handler${unavailable ? ` — skipped: ${unavailable}` : ''}`, () => {
  registerTests(cases, { skip, run: runHttpTest });
});
