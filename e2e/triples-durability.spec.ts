/**
 * Durability of the triple store (docs/decisions/0010-triple-store.md): every acknowledged SPARQL update
 * and graph-store write survives the browser stopping the service worker, replay gives
 * back exactly what the first evaluation gave (NOW(), UUID(), STRUUID(), RAND(), BNODE()
 * values and blank-node labels included), a failed request changes nothing, and a log
 * long enough to be compacted comes back the same from its snapshot.
 *
 * Each test records the answers of a fixed set of reads, stops the worker (CDP), reads
 * again through a worker that starts with empty memory and reloads from IndexedDB, and
 * requires the same answers. The checks on what the answers contain are there so that an
 * empty store, which would trivially "survive", cannot pass.
 */
import { randomUUID } from 'node:crypto';
import type { Page, Response } from '@playwright/test';
import { test, expect, openControlledPage, type ApiFetch, type ApiInit, type ApiResponse, type Tabula } from 'tabula/testing';

const EX = 'http://example.org/';
const PREFIX = `PREFIX : <${EX}> `;
const DEFAULT_GRAPH = 'http://marklogic.com/semantics#default-graph';
const CATALOGUE = 'http://marklogic.com/semantics#graphs';
const XSD = 'http://www.w3.org/2001/XMLSchema#';

/** The IndexedDB database of sw/sw.ts (Database.open prefixes `tabula:`); read only to see whether the log was compacted. */
const IDB_NAME = 'tabula:Documents';
/** TripleStore's default `compactAfterEntries` (src/db/triples/triple-store.ts). */
const COMPACT_AFTER_ENTRIES = 1_000;

// ---- requests -----------------------------------------------------------------------

interface Write {
  label: string;
  path: string;
  init: ApiInit;
}

const update = (text: string): Write => ({
  label: text.replace(/\s+/g, ' ').slice(0, 90),
  path: '/v1/graphs/sparql',
  init: { method: 'POST', headers: { 'content-type': 'application/sparql-update' }, body: PREFIX + text },
});

const graphParam = (iri: string) => `graph=${encodeURIComponent(iri)}`;

const graphStore = (method: 'PUT' | 'POST', query: string, body: string, type = 'text/turtle'): Write => ({
  label: `${method} /v1/graphs?${query}`,
  path: `/v1/graphs?${query}`,
  init: { method, headers: { 'content-type': type }, body },
});

async function call(api: ApiFetch, label: string, path: string, init?: ApiInit): Promise<ApiResponse> {
  const res = await api(path, init);
  expect(res.fromServiceWorker, `${label}: answered by the service worker`).toBe(true);
  return res;
}

async function write(api: ApiFetch, w: Write): Promise<void> {
  const res = await call(api, w.label, w.path, w.init);
  expect(res.status, `${w.label}: ${res.text}`).toBeGreaterThanOrEqual(200);
  expect(res.status, `${w.label}: ${res.text}`).toBeLessThan(300);
}

// ---- what is observed -------------------------------------------------------------

const SELECT_ALL = 'SELECT ?g ?s ?p ?o WHERE { { GRAPH ?g { ?s ?p ?o } } UNION { ?s ?p ?o } } ORDER BY ?g ?s ?p ?o';
// The graph of each triple as a triple of its own, so a triple moved between graphs shows.
const CONSTRUCT_ALL = 'CONSTRUCT { ?s ?p ?o . ?s <urn:tabula-e2e:in> ?g } WHERE { GRAPH ?g { ?s ?p ?o } }';

interface SparqlJson {
  head: { vars: string[] };
  results: { bindings: Array<Record<string, { type: string; value: string; datatype?: string; 'xml:lang'?: string }>> };
}

interface Observation {
  /** Every triple of every graph, with its graph: SPARQL results JSON, in ORDER BY order. */
  all: SparqlJson;
  /** GET /v1/graphs, line by line as served. */
  graphs: string[];
  /** The CONSTRUCT as N-Triples lines (a set of triples: its order is not an answer). */
  construct: string[];
  /** GET /v1/graphs?graph= of each listed graph: N-Triples lines and permissions. */
  perGraph: Record<string, { triples: string[]; permissions: unknown }>;
}

const lines = (text: string) => text.split(/\r?\n/).filter((l) => l.trim() !== '');

async function observe(api: ApiFetch): Promise<Observation> {
  const sparql = (query: string, accept: string) =>
    call(api, query, '/v1/graphs/sparql', { method: 'POST', headers: { 'content-type': 'application/sparql-query', accept }, body: query });

  const all = await sparql(SELECT_ALL, 'application/sparql-results+json');
  expect(all.status, all.text).toBe(200);
  const construct = await sparql(CONSTRUCT_ALL, 'application/n-triples');
  expect(construct.status, construct.text).toBe(200);
  const list = await call(api, 'graph list', '/v1/graphs', { headers: { accept: 'text/uri-list' } });
  expect(list.status, list.text).toBe(200);
  const graphs = lines(list.text);

  const perGraph: Observation['perGraph'] = {};
  for (const g of graphs) {
    if (g === CATALOGUE) continue;
    const triples = await call(api, `GET ${g}`, `/v1/graphs?${graphParam(g)}`, { headers: { accept: 'application/n-triples' } });
    expect(triples.status, `GET graph ${g}: ${triples.text}`).toBe(200);
    const perms = await call(api, `permissions of ${g}`, `/v1/graphs?${graphParam(g)}&category=permissions&format=json`);
    expect(perms.status, `GET permissions of ${g}: ${perms.text}`).toBe(200);
    perGraph[g] = { triples: lines(triples.text).sort(), permissions: perms.json() };
  }
  return { all: all.json<SparqlJson>(), graphs, construct: lines(construct.text).sort(), perGraph };
}

/** Records the answers, stops the worker, and requires a fresh worker to give the same ones. */
async function expectSurvivesRestart(api: ApiFetch, worker: Pick<Tabula, 'stopWorker'>, when: string): Promise<Observation> {
  const before = await observe(api);
  await worker.stopWorker();
  const after = await observe(api);
  expect(after, `answers after a worker restart, ${when}`).toEqual(before);
  return before;
}

/** The rows of the SELECT-all answer as compact strings, for asserting on content. */
function rows(o: Observation): string[] {
  const term = (t?: { type: string; value: string; datatype?: string }) =>
    !t ? '-' : t.type === 'uri' ? `<${t.value}>` : t.type === 'bnode' ? `_:${t.value}` : `"${t.value}"${t.datatype ? `^^${t.datatype}` : ''}`;
  return o.all.results.bindings.map((b) => [b.g, b.s, b.p, b.o].map(term).join(' '));
}

/** Objects of a predicate over all graphs, each triple once (the union rows, where ?g is unbound). */
const objectsOf = (o: Observation, predicate: string) =>
  o.all.results.bindings.filter((b) => !b.g && b.p.value === EX + predicate).map((b) => b.o);

// ---- the history: updates of every kind, in groups ----------------------------------

const history: Array<{ name: string; writes: Write[]; check: (o: Observation) => void }> = [
  {
    name: 'INSERT DATA with blank nodes into the default graph and named graphs (absolute and path-form IRIs)',
    writes: [
      update(`INSERT DATA {
        :alice :knows _:b1 . _:b1 :name "Bob" ; :knows _:b2 . _:b2 :name "Carol"@en . :alice :age 42 .
        GRAPH :people { :dave :knows [ :name "Eve" ; :age 30 ] . _:b1 :in :people . :alice :p 1 . :frank :knows :dave }
        GRAPH </my/graph> { <marklogic.com/r1> :label "relative" ; :p 1 }
        GRAPH <marklogic.com/people> { <marklogic.com/r2> :p 2 }
      }`),
      update('INSERT DATA { GRAPH :people { :gina :knows _:x . _:x :name "Hal" } }'),
    ],
    check: (o) => {
      expect(o.graphs).toEqual(expect.arrayContaining([DEFAULT_GRAPH, EX + 'people', '/my/graph', 'marklogic.com/people']));
      expect(o.all.results.bindings.some((b) => b.s.type === 'bnode')).toBe(true);
      expect(rows(o)).toContain('<marklogic.com/people> <marklogic.com/r2> <http://example.org/p> "2"^^http://www.w3.org/2001/XMLSchema#integer');
    },
  },
  {
    name: 'DELETE DATA',
    writes: [update('DELETE DATA { :alice :age 42 . GRAPH :people { :alice :p 1 } }')],
    check: (o) => {
      expect(objectsOf(o, 'age').map((t) => t.value)).toEqual(['30']);
      expect(o.perGraph[EX + 'people'].triples.join('\n')).not.toContain('<http://example.org/alice>');
    },
  },
  {
    name: 'DELETE/INSERT WHERE with NOW(), UUID(), STRUUID(), RAND(), BNODE() and blank nodes in the INSERT template',
    writes: [
      update(`DELETE { GRAPH :people { ?s :knows ?o } }
        INSERT { GRAPH :stamped { ?s :seen [ :at ?now ; :id ?uuid ; :sid ?struuid ; :r ?rand ; :node ?bn ; :was ?o ] . ?bn :of ?s } }
        WHERE { GRAPH :people { ?s :knows ?o } BIND(NOW() AS ?now) BIND(UUID() AS ?uuid) BIND(STRUUID() AS ?struuid) BIND(RAND() AS ?rand) BIND(BNODE() AS ?bn) }`),
      update('INSERT { ?s :stamp ?t ; :token ?u . _:n :about ?s ; :r ?r } WHERE { ?s :name ?name BIND(NOW() AS ?t) BIND(STRUUID() AS ?u) BIND(RAND() AS ?r) }'),
    ],
    check: (o) => {
      const ids = objectsOf(o, 'id');
      expect(ids.length).toBeGreaterThanOrEqual(3);
      for (const id of ids) expect(id.value).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
      expect(objectsOf(o, 'at').every((t) => t.datatype === `${XSD}dateTime`)).toBe(true);
      expect(objectsOf(o, 'r').length).toBeGreaterThanOrEqual(ids.length);
      expect(objectsOf(o, 'r').every((t) => t.datatype === `${XSD}double`)).toBe(true);
      expect(objectsOf(o, 'node').every((t) => t.type === 'bnode')).toBe(true);
      expect(objectsOf(o, 'seen').every((t) => t.type === 'bnode')).toBe(true);
      expect(objectsOf(o, 'token').length).toBeGreaterThan(0);
    },
  },
  {
    name: 'WITH',
    writes: [update('WITH </my/graph> DELETE { ?s :label ?l } INSERT { ?s :label ?u ; :copied [ :from ?l ; :when ?t ] } WHERE { ?s :label ?l BIND(UCASE(?l) AS ?u) BIND(NOW() AS ?t) }')],
    check: (o) => {
      expect(objectsOf(o, 'label').map((t) => t.value)).toEqual(['RELATIVE']);
      expect(objectsOf(o, 'copied').map((t) => t.type)).toEqual(['bnode']);
    },
  },
  {
    name: 'CREATE, ADD, MOVE, COPY, CLEAR, DROP',
    writes: [
      update('CREATE GRAPH :empty'),
      update('INSERT DATA { GRAPH :src { :x :y :z . _:q :y :z } GRAPH :dst { :old :y :z } GRAPH :doomed { :d :y :z } }'),
      update('ADD :src TO :added ; COPY :src TO :dst ; MOVE :stamped TO :moved'),
      update('CLEAR GRAPH </my/graph> ; DROP GRAPH :doomed ; CREATE GRAPH <marklogic.com/empty>'),
    ],
    check: (o) => {
      expect(o.graphs).toEqual(expect.arrayContaining([EX + 'empty', EX + 'added', EX + 'dst', EX + 'moved', 'marklogic.com/empty']));
      for (const gone of [EX + 'stamped', EX + 'doomed']) expect(o.graphs).not.toContain(gone);
      expect(o.perGraph[EX + 'empty'].triples).toEqual([]);
      expect(o.perGraph[EX + 'dst'].triples.join('\n')).not.toContain('<http://example.org/old>');
      expect(o.perGraph[EX + 'dst'].triples).toHaveLength(2);
      expect(o.perGraph[EX + 'moved'].triples.join('\n')).toContain('urn:uuid:');
    },
  },
  {
    name: 'graph-store PUT and POST with blank nodes, a PUT of an empty graph, permissions',
    writes: [
      graphStore('PUT', graphParam(EX + 'gs') + '&perm:app-user=read', '@prefix : <http://example.org/> . _:a :p [ :q "nested" ] ; :r ( 1 2 ) .'),
      graphStore('POST', graphParam(EX + 'gs'), '@prefix : <http://example.org/> . _:a :p "a different node than the first _:a" .'),
      graphStore('POST', 'default', '@prefix : <http://example.org/> . [] :kind :Unnamed ; :label "posted to the default graph"@en .'),
      // Relative IRIs in a graph-store payload need a base (without one: 400 XDMP-BASEURI).
      graphStore('PUT', `${graphParam('marklogic.com/people')}&base=${encodeURIComponent(EX)}`, '<marklogic.com/r3> <marklogic.com/p> _:r3 . _:r3 <marklogic.com/p> "replaced" .'),
      // A payload holding no triples deletes the graph (an empty body is 412 RESTAPI-EMPTYBODY).
      graphStore('PUT', graphParam(EX + 'dst'), '# no triples'),
      graphStore('PUT', `${graphParam(EX + 'moved')}&category=permissions`, JSON.stringify({ permissions: [{ 'role-name': 'app-user', capabilities: ['read', 'execute'] }] }), 'application/json'),
      graphStore('POST', `${graphParam(EX + 'gs')}&category=permissions`, JSON.stringify({ permissions: [{ 'role-name': 'rest-admin', capabilities: ['update'] }] }), 'application/json'),
    ],
    check: (o) => {
      expect(o.graphs).not.toContain(EX + 'dst');
      const gs = o.perGraph[EX + 'gs'];
      expect(gs.triples.filter((t) => t.startsWith('_:') && t.includes('<http://example.org/p>'))).toHaveLength(2);
      expect(JSON.stringify(gs.permissions)).toContain('app-user');
      expect(JSON.stringify(gs.permissions)).toContain('rest-admin');
      expect(JSON.stringify(o.perGraph[EX + 'moved'].permissions)).toContain('execute');
      expect(o.perGraph['marklogic.com/people'].triples.join('\n')).toContain('"replaced"');
      expect(o.perGraph['marklogic.com/people'].triples.join('\n')).not.toContain('marklogic.com/r2');
    },
  },
];

async function runHistory(api: ApiFetch, worker?: Pick<Tabula, 'stopWorker'>): Promise<void> {
  for (const group of history) {
    for (const w of group.writes) await write(api, w);
    if (!worker) continue;
    const seen = await expectSurvivesRestart(api, worker, `after ${group.name}`);
    group.check(seen);
  }
}

// ---- many updates from inside the page -----------------------------------------------

const BATCH_HEADER = 'x-tabula-e2e-batch';

/**
 * Sends the updates one after the other from inside the page (one `page.evaluate`, not a
 * round trip to the test runner per update, which would take most of the time budget),
 * and checks Chromium saw every response come from the service worker.
 */
async function updatesFromPage(page: Page, updates: string[]): Promise<void> {
  const batch = randomUUID();
  const fromWorker: boolean[] = [];
  const onResponse = (r: Response) => {
    if (r.request().headers()[BATCH_HEADER] === batch) fromWorker.push(r.fromServiceWorker());
  };
  page.on('response', onResponse);
  try {
    const failures = await page.evaluate(
      async ({ updates, header, batch }) => {
        const bad: string[] = [];
        for (const body of updates) {
          const res = await fetch('/v1/graphs/sparql', { method: 'POST', headers: { 'content-type': 'application/sparql-update', [header]: batch }, body });
          const text = await res.text();
          if (!res.ok) bad.push(`${res.status} ${text} for ${body}`);
        }
        return bad;
      },
      { updates, header: BATCH_HEADER, batch },
    );
    expect(failures).toEqual([]);
    await expect.poll(() => fromWorker.length, { message: 'a response event for every update' }).toBe(updates.length);
    expect(fromWorker.filter((fromSw) => !fromSw)).toEqual([]);
  } finally {
    page.off('response', onResponse);
  }
}

/** Entries in the triple store's change log and pieces of its snapshot, read from the page. */
function storedLog(page: Page): Promise<{ log: number; snapshot: number } | null> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase | null>((resolve, reject) => {
      const open = indexedDB.open(name);
      // Never create the database (nor a version of it) the worker has not created itself.
      open.onupgradeneeded = () => open.transaction?.abort();
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => (open.error?.name === 'AbortError' ? resolve(null) : reject(open.error));
    });
    if (!db) return null;
    try {
      const tx = db.transaction(['triples-log', 'triples-snapshot'], 'readonly');
      const count = (store: string) =>
        new Promise<number>((resolve, reject) => {
          const req = tx.objectStore(store).count();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
      return { log: await count('triples-log'), snapshot: await count('triples-snapshot') };
    } finally {
      db.close();
    }
  }, IDB_NAME);
}

// ---- tests ------------------------------------------------------------------------

test('updates of every kind give the same answers after the worker restarts, NOW/UUID/RAND values and blank-node labels included', async ({ tabula }) => {
  await runHistory(tabula.fetch, tabula);
  expect(tabula.workerStatuses()).toContain('running');
});

test('a failed update or graph write changes nothing, before and after a restart', async ({ tabula }) => {
  await write(tabula.fetch, update('INSERT DATA { :kept :p 1 . GRAPH :existing { :kept :p 2 . _:b :p 3 } GRAPH :other { :o :p 4 } }'));
  const before = await observe(tabula.fetch);

  // Syntax fine; the first operations succeed in memory, the last one fails.
  const failed = await call(tabula.fetch, 'failing update', '/v1/graphs/sparql', {
    method: 'POST',
    headers: { 'content-type': 'application/sparql-update' },
    body: PREFIX + 'INSERT DATA { :added :p 1 . GRAPH :fresh { :added :p 2 } } ; DROP GRAPH :other ; CREATE GRAPH :existing',
  });
  expect(failed.status, failed.text).toBe(400);
  expect(failed.json().errorResponse.messageCode).toBe('XDMP-SPQLGRAPHEXIST');

  // A payload that fails to parse half-way must not replace the graph either.
  const badTurtle = await call(tabula.fetch, 'bad Turtle', `/v1/graphs?${graphParam(EX + 'existing')}`, {
    method: 'PUT',
    headers: { 'content-type': 'text/turtle' },
    body: '<http://example.org/a> <http://example.org/p> "fine" .\n<http://example.org/b> <http://example.org/p> "unterminated .',
  });
  expect(badTurtle.status, badTurtle.text).toBe(400);

  expect(await observe(tabula.fetch), 'answers right after the failed requests').toEqual(before);
  const after = await expectSurvivesRestart(tabula.fetch, tabula, 'after the failed requests');
  expect(after).toEqual(before);
  expect(after.graphs).not.toContain(EX + 'fresh');
  expect(after.graphs).toContain(EX + 'other');
  expect(rows(after).join('\n')).not.toContain(`${EX}added`);
  expect(after.perGraph[EX + 'existing'].triples).toHaveLength(2);
});

test('a log long enough to be compacted comes back the same from its snapshot, and so do writes made after it', async ({ page, tabula }) => {
  // The console re-reads what it shows after every write the worker announces: ~1,000
  // writes would double the requests. A precached static file is a page the worker
  // controls too, with no console in it.
  await openControlledPage(page, '/favicon.svg');
  await runHistory(tabula.fetch);
  const beforeBatch = await storedLog(page);
  expect(beforeBatch, 'a log and no snapshot before the log is long').toEqual({ log: expect.any(Number), snapshot: 0 });
  expect(beforeBatch!.log).toBeGreaterThan(0);

  // Enough small updates, each with a blank node and a STRUUID(), to cross the threshold.
  const count = COMPACT_AFTER_ENTRIES + 5;
  await updatesFromPage(
    page,
    Array.from({ length: count }, (_, i) => `${PREFIX}INSERT { GRAPH :many { :item${i} :n ${i} ; :tag [ :uuid ?u ] } } WHERE { BIND(STRUUID() AS ?u) }`),
  );
  // Compaction runs in the background after the write that crossed the threshold.
  await expect
    .poll(async () => (await storedLog(page))?.snapshot ?? 0, { message: 'the log was compacted into a snapshot', timeout: 20_000 })
    .toBeGreaterThan(0);
  const compacted = await storedLog(page);
  expect(compacted!.log).toBeLessThan(COMPACT_AFTER_ENTRIES);

  const fromSnapshot = await expectSurvivesRestart(tabula.fetch, tabula, 'from the snapshot');
  expect(fromSnapshot.perGraph[EX + 'many'].triples).toHaveLength(count * 3);
  expect(fromSnapshot.graphs).toEqual(expect.arrayContaining([EX + 'empty', 'marklogic.com/empty']));
  expect(JSON.stringify(fromSnapshot.perGraph[EX + 'moved'].permissions)).toContain('execute');

  // The snapshot plus a log on top of it.
  await write(tabula.fetch, update('DELETE { GRAPH :many { ?s :n ?n } } INSERT { GRAPH :many { ?s :n ?m ; :again [ :at ?t ] } } WHERE { GRAPH :many { ?s :n ?n FILTER(?n < 3) } BIND(?n + 100 AS ?m) BIND(NOW() AS ?t) }'));
  await write(tabula.fetch, graphStore('POST', graphParam(EX + 'gs'), '_:late <http://example.org/p> "after the snapshot" .'));
  const after = await expectSurvivesRestart(tabula.fetch, tabula, 'from the snapshot and the log after it');
  expect(after.perGraph[EX + 'gs'].triples.join('\n')).toContain('after the snapshot');
  expect(objectsOf(after, 'n').filter((t) => Number(t.value) < 3)).toEqual([]);
  expect(objectsOf(after, 'again')).toHaveLength(3);
});
