// A WebAssembly trap in the RDF engine breaks its module instance for good
// (docs/decisions/0014-engine-traps.md): the request that trapped gets an error body, the
// instance is replaced and the store reloaded from IndexedDB, and the next request works
// with every committed triple. The traps here are real — a query too deep for the engine's
// stack, run on the very instance the database uses — set off by a marker in the input,
// because the inputs that trap on their own are refused before the engine now.
import { describe, expect, test } from 'vitest';
import type * as Oxigraph from 'oxigraph';
import { errorResponse, testApi, type TestApi } from '../../test/helpers';
import { freshOxigraph } from '../../test/oxigraph';

type OxigraphModule = typeof Oxigraph;

const MARKER = 'urn:x-test:trap';
const TOO_DEEP = `SELECT * WHERE ${'{ '.repeat(2000)}?s ?p ?o${' }'.repeat(2000)}`;

/** Fresh engine instances whose Store traps for real on input carrying MARKER (and on RDF/XML dumps while `trapDumps`). */
function riggedEngines() {
  const state = { instances: 0, trapDumps: false, current: undefined as OxigraphModule | undefined };
  const trap = (ox: OxigraphModule): never => {
    new ox.Store().query(TOO_DEEP);
    throw new Error('the engine did not trap');
  };
  const rig = (ox: OxigraphModule): OxigraphModule => {
    const proto = ox.Store.prototype;
    const { query, load, dump } = proto;
    proto.query = function (this: Oxigraph.Store, text: string, ...rest: unknown[]) {
      if (text.includes(MARKER)) trap(ox);
      return (query as (...a: unknown[]) => unknown).call(this, text, ...rest);
    } as typeof query;
    proto.load = function (this: Oxigraph.Store, data: string | Uint8Array, ...rest: unknown[]) {
      if ((typeof data === 'string' ? data : new TextDecoder().decode(data)).includes(MARKER)) trap(ox);
      return (load as (...a: unknown[]) => unknown).call(this, data, ...rest);
    } as typeof load;
    proto.dump = function (this: Oxigraph.Store, options: { format: string }, ...rest: unknown[]) {
      if (state.trapDumps && options.format === 'application/rdf+xml') trap(ox);
      return (dump as (...a: unknown[]) => unknown).call(this, options, ...rest);
    } as typeof dump;
    return ox;
  };
  const factory = (broken?: OxigraphModule): OxigraphModule => {
    if (!state.current || state.current === broken) {
      state.current = rig(freshOxigraph());
      state.instances++;
    }
    return state.current;
  };
  return { state, factory };
}

const SEED = `PREFIX ex: <http://example.org/>
INSERT DATA { ex:ada ex:name "Ada" . GRAPH ex:g1 { ex:grace ex:name "Grace" } }`;

async function seeded() {
  const engines = riggedEngines();
  const api = await testApi({ oxigraph: engines.factory });
  expect((await sparql(api, SEED, 'update')).status).toBe(201);
  // Part of the data in the snapshot, part in the log: a reload must replay both.
  await api.db.triples.compact();
  expect((await sparql(api, 'INSERT DATA { GRAPH <http://example.org/g2> { <http://example.org/alan> <http://example.org/name> "Alan" } }', 'update')).status).toBe(201);
  return { api, engines };
}

function sparql(api: TestApi, text: string, kind: 'query' | 'update', accept = 'application/sparql-results+json') {
  return api.fetch('/v1/graphs/sparql', { method: 'POST', headers: { 'content-type': `application/sparql-${kind}`, accept }, body: text });
}

async function names(api: TestApi): Promise<string[]> {
  const res = await sparql(api, 'SELECT ?n WHERE { ?s <http://example.org/name> ?n }', 'query');
  expect(res.status).toBe(200);
  const body = (await res.json()) as { results: { bindings: Array<{ n: { value: string } }> } };
  return body.results.bindings.map((b) => b.n.value).sort();
}

describe('a trap in the RDF engine', () => {
  test.for([
    { name: 'a SPARQL query', send: (api: TestApi) => sparql(api, `SELECT * WHERE { ?s ?p "${MARKER}" }`, 'query') },
    {
      name: 'a SPARQL update (its WHERE)',
      send: (api: TestApi) => sparql(api, `INSERT { ?s <http://example.org/flag> true } WHERE { ?s ?p "${MARKER}" }`, 'update'),
    },
    {
      name: 'a graph PUT (its payload)',
      send: (api: TestApi) =>
        api.fetch('/v1/graphs?graph=http://example.org/g1', { method: 'PUT', headers: { 'content-type': 'text/turtle' }, body: `<${MARKER}> <http://example.org/name> "Trap" .` }),
    },
    {
      name: 'a multipart graph POST (a part)',
      send: (api: TestApi) =>
        api.fetch('/v1/graphs?graph=http://example.org/g1', {
          method: 'POST',
          headers: { 'content-type': 'multipart/form-data; boundary=B' },
          body: `--B\r\nContent-Type: text/turtle\r\n\r\n<${MARKER}> <http://example.org/name> "Trap" .\r\n--B--\r\n`,
        }),
    },
  ])('on the input of $name answers 400 TABULA-ENGINETRAP, changes nothing, and the next request sees every triple', async ({ send }) => {
    const { api, engines } = await seeded();
    const res = await send(api);
    expect(res.status).toBe(400);
    const error = await errorResponse(res);
    expect(error.messageCode).toBe('TABULA-ENGINETRAP');
    expect(error.message).toMatch(/restarted/);
    expect(await names(api)).toEqual(['Ada', 'Alan', 'Grace']);
    expect(engines.state.instances).toBe(2);
    // Writes work on the new instance and last.
    expect((await sparql(api, 'INSERT DATA { <http://example.org/bob> <http://example.org/name> "Bob" }', 'update')).status).toBe(200);
    expect(await names(api)).toEqual(['Ada', 'Alan', 'Bob', 'Grace']);
  });

  test('while writing an answer is the engine’s fault: 500, and the next request works', async () => {
    const { api, engines } = await seeded();
    engines.state.trapDumps = true;
    const res = await api.fetch('/v1/graphs?graph=http://example.org/g1', { headers: { accept: 'application/rdf+xml' } });
    expect(res.status).toBe(500);
    // The error body follows Accept: XML here.
    expect(await res.text()).toContain('<message-code>RESTAPI-INTERNALERROR</message-code>');
    engines.state.trapDumps = false;
    const again = await api.fetch('/v1/graphs?graph=http://example.org/g1', { headers: { accept: 'application/rdf+xml' } });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('Grace');
    expect(await names(api)).toEqual(['Ada', 'Alan', 'Grace']);
    expect(engines.state.instances).toBe(2);
  });
});
