import { describe, expect, test } from 'vitest';
import { documentReadRequest } from '../../client/create-client';
import { postSearchRequest, searchRequest } from '../../client/search';
import { sparqlQueryRequest } from '../../client/sparql';
import { curlSnippet, describeRequest, describeSearchRequest, fetchSnippet, jsString, nodeSnippet, requestBase, requestSnippets, shellQuote, type RequestDescription } from './request-snippets';

const get: RequestDescription = {
  method: 'GET',
  url: 'http://127.0.0.1:4173/v1/search?q=soup+cuisine%3Afrench&options=recipes&format=json',
  headers: { Accept: 'application/json' },
};
const tricky = `SELECT * WHERE { ?s ?p "it's \\"quoted\\"" }\n# naïve — 🙂 ${'\u2028'}end\t$HOME \`x\``;
const post: RequestDescription = {
  method: 'POST',
  url: 'http://127.0.0.1:8000/v1/graphs/sparql?default-graph-uri=http%3A%2F%2Fg&bind:who@en=Zo%C3%AB',
  headers: { 'Content-Type': 'application/sparql-query', Accept: 'application/sparql-results+json' },
  body: tricky,
};

/** The words of a command as a POSIX shell splits them: single quotes only, as shellQuote writes them. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (c === ' ') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === "'") {
      const end = command.indexOf("'", i + 1);
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (c === '\\') {
      word = (word ?? '') + command[++i];
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** What curl would send, read back from its words. */
function curlRequest(command: string) {
  const words = shellWords(command);
  expect(words[0]).toBe('curl');
  const out = { method: 'GET', headers: {} as Record<string, string>, body: undefined as string | undefined, url: '', user: undefined as string | undefined };
  for (let i = 1; i < words.length; i++) {
    const w = words[i];
    if (w === '-X') out.method = words[++i];
    else if (w === '-H') {
      const [name, ...rest] = words[++i].split(': ');
      out.headers[name] = rest.join(': ');
    } else if (w === '--data-binary' || w === '--data-raw') {
      out.body = words[++i];
      if (out.method === 'GET') out.method = 'POST';
    } else if (w === '-u') out.user = words[++i];
    else if (w === '--anyauth') continue;
    else out.url = w;
  }
  return out;
}

/** The arguments the fetch snippet passes, by running it with a fetch that records them. */
function fetchArgs(snippet: string): unknown[] {
  let args: unknown[] = [];
  new Function('fetch', snippet)((...a: unknown[]) => {
    args = a;
  });
  return args;
}

describe('curl', () => {
  test('a GET: the URL and Accept, no password; with a user, --anyauth -u', () => {
    expect(curlSnippet(get)).toBe(`curl -H 'Accept: application/json' '${get.url}'`);
    expect(curlSnippet(get, { user: "o'brien" })).toBe(`curl --anyauth -u 'o'\\''brien' -H 'Accept: application/json' '${get.url}'`);
    expect(curlRequest(curlSnippet(get, { user: "o'brien" }))).toEqual({ method: 'GET', headers: get.headers, body: undefined, url: get.url, user: "o'brien" });
  });

  test('a POST with quotes, newlines and unicode parses back to the same request', () => {
    const command = curlSnippet(post, { user: 'rest-reader' });
    expect(command).toContain('--data-binary');
    expect(command).not.toMatch(/password/i);
    expect(curlRequest(command)).toEqual({ method: 'POST', headers: post.headers, body: tricky, url: post.url, user: 'rest-reader' });
    expect(curlRequest(curlSnippet(post)).user).toBeUndefined();
  });

  test('a PUT names its method; a body starting with @ is not read as a file name', () => {
    expect(curlRequest(curlSnippet({ ...post, method: 'PUT' })).method).toBe('PUT');
    const at = curlSnippet({ ...post, body: '@/etc/passwd' });
    expect(at).toContain(`--data-raw '@/etc/passwd'`);
    expect(curlRequest(at).body).toBe('@/etc/passwd');
  });
});

describe('fetch', () => {
  test('a GET to this page’s service worker takes the URL relative to the origin', () => {
    const snippet = fetchSnippet(get, { sameOrigin: true });
    expect(fetchArgs(snippet)).toEqual(['/v1/search?q=soup+cuisine%3Afrench&options=recipes&format=json', { method: 'GET', headers: get.headers }]);
  });

  test('a POST to a remote server: absolute URL, the body as sent', () => {
    expect(fetchArgs(fetchSnippet(post))).toEqual([post.url, { method: 'POST', headers: post.headers, body: tricky }]);
  });

  test('with a user: a comment says which, and the password is not written', () => {
    const snippet = fetchSnippet(post, { user: 'rest-reader\nalert(1)' });
    expect(snippet.split('\n')[0]).toMatch(/^\/\/ .*rest-reader alert\(1\)/);
    expect(fetchArgs(snippet)).toEqual([post.url, { method: 'POST', headers: post.headers, body: tricky }]);
  });

  test('string literals survive every character', () => {
    const all = Array.from({ length: 0x80 }, (_, i) => String.fromCharCode(i)).join('') + '\u2028\u2029é🙂';
    expect(new Function(`return ${jsString(all)}`)()).toBe(all);
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });
});

describe('Node client', () => {
  /** Runs a Node snippet against a stand-in for the client and returns what it was asked to do. */
  function nodeCalls(snippet: string) {
    const calls: Array<{ kind: string; args: unknown[] }> = [];
    const result = () => ({ result: () => ({ then: () => undefined }) });
    const db = {
      graphs: { sparql: (...args: unknown[]) => (calls.push({ kind: 'sparql', args }), result()) },
      internal: {
        sendRequest: (path: string, options?: (o: Record<string, unknown>) => void, operation?: (o: Record<string, unknown>) => void) => {
          const o: Record<string, unknown> = {};
          const op: Record<string, unknown> = {};
          options?.(o);
          operation?.(op);
          calls.push({ kind: 'sendRequest', args: [path, o, op] });
          return result();
        },
      },
    };
    const marklogic = { createDatabaseClient: (c: unknown) => (calls.push({ kind: 'connect', args: [c] }), db) };
    new Function('require', snippet)((name: string) => (name === 'marklogic' ? marklogic : undefined));
    return calls;
  }

  test('a search by GET goes as sent, with a comment on why not documents.query', () => {
    const snippet = nodeSnippet(get, 'search', { user: 'rest-reader' });
    expect(snippet).toContain(`const marklogic = require('marklogic');`);
    expect(snippet).toContain('db.documents.query');
    expect(nodeCalls(snippet)).toEqual([
      { kind: 'connect', args: [{ host: '127.0.0.1', port: 4173, user: 'rest-reader', password: '…', authType: 'DIGEST' }] },
      { kind: 'sendRequest', args: ['/v1/search?q=soup+cuisine%3Afrench&options=recipes&format=json', { method: 'GET', headers: get.headers }, {}] },
    ]);
  });

  test('without a user, the snippet says the browser’s database acts as admin', () => {
    const snippet = nodeSnippet(get, 'values');
    expect(snippet).toMatch(/acts as admin/);
    expect(nodeCalls(snippet)[0].args[0]).toMatchObject({ user: 'admin' });
  });

  test('a SPARQL POST is db.graphs.sparql with its graphs, bindings and text', () => {
    const calls = nodeCalls(nodeSnippet(post, 'sparql'));
    expect(calls[1]).toEqual({
      kind: 'sparql',
      args: [{ contentType: 'application/sparql-results+json', defaultGraphs: ['http://g'], bindings: { who: { value: 'Zoë', lang: 'en' } }, query: tricky }],
    });
  });

  test('a SPARQL POST naming a database names it in the connection', () => {
    const calls = nodeCalls(nodeSnippet({ ...post, url: `${post.url}&database=demo` }, 'sparql'));
    expect(calls[0].args[0]).toMatchObject({ database: 'demo' });
    expect(calls[1]).toMatchObject({ kind: 'sparql', args: [{ defaultGraphs: ['http://g'], query: tricky }] });
  });

  test('a request sent as it was keeps its database in its URL, not in the connection', () => {
    const calls = nodeCalls(nodeSnippet({ ...get, url: `${get.url}&database=demo` }, 'search'));
    expect(calls[0].args[0]).not.toHaveProperty('database');
    expect(new URL(String(calls[1].args[0]), 'http://x').searchParams.get('database')).toBe('demo');
  });

  test('a SPARQL POST to a REST instance’s path in this browser is sent as it was, prefix included', () => {
    const url = new URL(post.url);
    const inShop = { ...post, url: `${url.origin}/tabula/instances/shop${url.pathname}${url.search}` };
    const snippet = nodeSnippet(inShop, 'sparql');
    expect(snippet).toContain("REST instance's path in this browser (/tabula/instances/shop/…)");
    expect(nodeCalls(snippet)[1]).toEqual({ kind: 'sendRequest', args: [`/tabula/instances/shop${url.pathname}${url.search}`, { method: 'POST', headers: post.headers }, { requestBody: tricky }] });
  });

  test('a SPARQL GET has no client call of its own: sent as it was, and the comment says so', () => {
    const sparqlGet: RequestDescription = { method: 'GET', url: 'http://127.0.0.1:4173/v1/graphs/sparql?query=ASK%7B%7D', headers: { Accept: 'application/sparql-results+json' } };
    const snippet = nodeSnippet(sparqlGet, 'sparql');
    expect(snippet).toMatch(/\/\/ db\.graphs\.sparql\(\) sends a query by POST/);
    expect(nodeCalls(snippet)[1].args.slice(0, 2)).toEqual(['/v1/graphs/sparql?query=ASK%7B%7D', { method: 'GET', headers: sparqlGet.headers }]);
  });

  test('a parameter db.graphs.sparql cannot send falls back to sendRequest with the body', () => {
    const paged = { ...post, url: `${post.url}&pageLength=5` };
    const calls = nodeCalls(nodeSnippet(paged, 'sparql'));
    expect(calls[1]).toEqual({ kind: 'sendRequest', args: [new URL(paged.url).pathname + new URL(paged.url).search, { method: 'POST', headers: post.headers }, { requestBody: tricky }] });
  });

  test('a document read goes as sent; https asks for ssl', () => {
    const doc: RequestDescription = { method: 'GET', url: 'https://ml.example:8443/v1/documents?uri=%2Fa.json', headers: {} };
    const calls = nodeCalls(nodeSnippet(doc, 'document', { user: 'admin' }));
    expect(calls[0].args[0]).toMatchObject({ host: 'ml.example', port: 8443, ssl: true });
    expect(calls[1].args.slice(0, 2)).toEqual(['/v1/documents?uri=%2Fa.json', { method: 'GET', headers: {} }]);
  });

  test('the three, by label', () => {
    expect(requestSnippets(get, 'search').map((s) => s.label)).toEqual(['Copy as curl', 'Copy as fetch', 'Copy as Node client call']);
  });
});

describe('the requests pages send, described', () => {
  test('a search by GET and by POST: Accept from format, the Content-Type and body as sent', () => {
    expect(describeSearchRequest('http://h', searchRequest({ q: 'soup' }))).toEqual({ method: 'GET', url: 'http://h/v1/search?q=soup&format=json', headers: { Accept: 'application/json' } });
    const posted = describeSearchRequest('http://h', postSearchRequest({ query: { queries: [] } }));
    expect(posted).toMatchObject({ method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: '{"query":{"queries":[]}}' });
  });

  test('a SPARQL query and a document read', () => {
    expect(describeRequest('http://h', sparqlQueryRequest('ASK {}', { method: 'auto', form: 'ASK' }))).toEqual({
      method: 'GET',
      url: 'http://h/v1/graphs/sparql?query=ASK+%7B%7D',
      headers: { Accept: 'application/sparql-results+json' },
    });
    expect(describeRequest('', documentReadRequest('/a b.json'))).toEqual({ method: 'GET', url: '/v1/documents?uri=%2Fa+b.json', headers: {} });
    expect(describeRequest('http://h', documentReadRequest('/a.json', 'metadata')).url).toBe('http://h/v1/documents?uri=%2Fa.json&category=metadata&format=json');
  });
});

describe('where the requests shown went', () => {
  test.for([
    { name: 'this page’s origin', clientBase: '', base: 'http://127.0.0.1:4173', sameOrigin: true },
    { name: 'a REST instance’s path on it', clientBase: '/tabula/instances/shop', base: 'http://127.0.0.1:4173/tabula/instances/shop', sameOrigin: true },
    { name: 'a remote server', clientBase: 'http://h:8003', base: 'http://h:8003', sameOrigin: false },
  ])('$name', ({ clientBase, base, sameOrigin }) => {
    expect(requestBase(clientBase, 'http://127.0.0.1:4173')).toEqual({ base, sameOrigin });
  });

  test('a request to an instance’s path: absolute for curl, relative for fetch, prefix kept', () => {
    const { base, sameOrigin } = requestBase('/tabula/instances/shop', 'http://127.0.0.1:4173');
    const request = describeRequest(base, documentReadRequest('/a.json'));
    expect(request.url).toBe('http://127.0.0.1:4173/tabula/instances/shop/v1/documents?uri=%2Fa.json');
    expect(curlRequest(curlSnippet(request)).url).toBe(request.url);
    expect(fetchArgs(fetchSnippet(request, { sameOrigin }))[0]).toBe('/tabula/instances/shop/v1/documents?uri=%2Fa.json');
  });
});
