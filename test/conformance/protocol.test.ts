/**
 * W3C SPARQL 1.1 Protocol tests (protocol/manifest.ttl), mapped onto
 * `/v1/graphs/sparql` as test/conformance/README.md describes, each over
 * a fresh database (several run CLEAR ALL / DROP ALL).
 */
import { describe } from 'vitest';
import { readManifest, type HttpTest } from './manifest';
import { runHttpTest } from './http-exchanges';
import { httpUnavailable } from './http-endpoint';
import { registerTests } from './suite';

const cases = readManifest('sparql11/protocol/manifest.ttl').filter((t): t is HttpTest => t.kind === 'protocol');

/** Where MarkLogic parity wins over the W3C test, and why. */
const NOT_APPLICABLE: Record<string, string> = {
  bad_query_wrong_media_type:
    'MarkLogic routes a text/plain POST body to the query handler (rewriter.xml), and Tabula follows it (src/api/sparql-request.ts), so this 4xx is not expected here',
};

const skip = (t: HttpTest): string | undefined => NOT_APPLICABLE[t.id.replace(/^.*#/, '')];

const unavailable = await httpUnavailable();
describe.skipIf(unavailable !== undefined)(`HTTP through the Tabula handler${unavailable ? ` — skipped: ${unavailable}` : ''}`, () => {
  registerTests(cases, { skip, run: runHttpTest });
});
