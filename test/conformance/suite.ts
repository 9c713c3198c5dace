/**
 * Registering W3C tests with Vitest: one `test` per W3C test, named by its IRI (short
 * form) and name; an expected failure runs as `test.fails` with its reason in the
 * name, a test that cannot run here is skipped with its reason in the name.
 */
import { describe, test } from 'vitest';
import type { Endpoint } from './endpoint';
import { EXPECTED_FAILURES } from './expected-failures';
import { httpEndpoint, httpUnavailable } from './http-endpoint';
import type { TestCase } from './manifest';
import { OxigraphEndpoint } from './oxigraph-endpoint';

const PREFIXES = ['http://www.w3.org/2009/sparql/docs/tests/data-sparql11/', 'http://www.w3.org/2001/sw/DataAccess/tests/data-r2/', 'https://w3c.github.io/rdf-tests/sparql/'];

/** `aggregates/manifest#agg01 (COUNT 1)`. */
export function testTitle(testCase: TestCase): string {
  const prefix = PREFIXES.find((p) => testCase.id.startsWith(p));
  const id = prefix ? testCase.id.slice(prefix.length) : testCase.id;
  return testCase.name && testCase.name !== testCase.id ? `${id} (${testCase.name})` : id;
}

export interface Registration<T extends TestCase> {
  /** Why a test cannot run on this engine or API; undefined when it runs. */
  skip?: (testCase: T) => string | undefined;
  run: (testCase: T) => Promise<void>;
}

export function registerTests<T extends TestCase>(cases: T[], { skip, run }: Registration<T>): void {
  for (const testCase of cases) {
    const title = testTitle(testCase);
    const skipReason = skip?.(testCase);
    const failure = EXPECTED_FAILURES.get(testCase.id);
    if (skipReason) test.skip(`${title} — not applicable: ${skipReason}`, () => {});
    else if (failure) test.fails(`${title} — expected failure: ${failure}`, () => run(testCase));
    else test(title, () => run(testCase));
  }
}

/**
 * Registers a suite in-process against Oxigraph (the harness check) and over HTTP
 * through Tabula's handler — skipped, with the reason in its title, while the SPARQL
 * endpoint is not routed. Query suites also run in-process with a union default
 * graph, which checks the explicit dataset the runner sends to this API.
 */
export async function forEachEndpoint(
  register: (open: () => Promise<Endpoint>) => void,
  options: { unionVariant?: boolean; title?: string } = {},
): Promise<void> {
  const title = (name: string) => (options.title ? `${options.title}: ${name}` : name);
  describe(title('in-process Oxigraph'), () => register(async () => new OxigraphEndpoint()));
  if (options.unionVariant) {
    describe(title('in-process Oxigraph, union default graph, dataset named by the runner'), () => register(async () => new OxigraphEndpoint(true)));
  }
  const unavailable = await httpUnavailable();
  // Each HTTP test has its own database, so they can overlap: most of their time is
  // spent waiting on (fake) IndexedDB, not computing.
  describe.skipIf(unavailable !== undefined).concurrent(title(`HTTP through the Tabula handler${unavailable ? ` — skipped: ${unavailable}` : ''}`), () =>
    register(httpEndpoint),
  );
}
