/**
 * Hostile requests for every endpoint family, as fast-check arbitraries of plain
 * descriptions ({@link RequestSpec}) — plain so that the same corpus runs through the
 * handler in Node and, serialised, through the service worker in Chromium.
 *
 * Each family mixes well-formed requests (which may succeed and change the database:
 * that moves the baseline the next refused request is checked against) with malformed
 * and hostile ones: broken and mutated bodies, bodies nested far past the limits,
 * entity bombs, invalid percent-encoding, unknown parameters, absurd numbers, wrong
 * content types, garbage headers.
 */
import fc from 'fast-check';

export interface RequestSpec {
  method: string;
  /** The path, already percent-encoded as it goes on the wire. */
  path: string;
  /** The query string without `?`, already encoded (some generators encode badly on purpose). */
  query: string;
  headers: Array<[string, string]>;
  body?: { text: string } | { bytes: number[] };
}

export const SEED_URIS = ['/seed/a.json', '/seed/b.xml', '/seed/c.txt', '/seed/d.bin'];
export const SEED_GRAPH = 'http://example.org/g1';

// ---- strings -----------------------------------------------------------------------------

const nastyStrings = [
  '', ' ', '%', '%%', '+', '&', '=', '?', '#', '/', '//', '..', '../../x', '\\', '*', ';', ',', '"', "'", '<', '>',
  '\u0000', '\u0001', '\u001F', '\u007F', '\uD800', '\uDFFF', '\uFFFE', '\uFFFF', 'é', '😀', 'Ω\u0301', '\u202E',
  '-1', '0', '1', '2147483648', '9007199254740993', '1e309', '-1e309', 'NaN', 'Infinity', '0x10', '1.5', '01', ' 1',
  'true', 'false', 'null', 'undefined', '[]', '{}', '{"a":', '<a>', '</a>', '<!DOCTYPE a [<!ENTITY x "y">]>', '&x;',
  '${x}', '{{x}}', '%00', '%FF', '%C0%AF', '%ED%A0%80', '%E2%82', 'http://', 'http://example.org/ x', 'urn:x',
  '_:b0', '<http://a>', 'javascript:alert(1)', 'Documents', 'Other', 'default', 'admin', 'rest-reader',
];

const anyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) },
  { weight: 1, arbitrary: fc.nat(3).map((n) => 'a'.repeat(10 ** (n + 1))) },
);

/** A text changed the way a careless or hostile client changes one. */
function mutated(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: base },
    { weight: 2, arbitrary: fc.tuple(base, fc.nat()).map(([s, n]) => s.slice(0, s.length ? n % s.length : 0)) },
    { weight: 2, arbitrary: fc.tuple(base, fc.nat(), anyText).map(([s, n, x]) => { const i = s.length ? n % s.length : 0; return s.slice(0, i) + x + s.slice(i); }) },
    { weight: 1, arbitrary: fc.tuple(base, fc.nat(), fc.nat(20)).map(([s, n, k]) => { const i = s.length ? n % s.length : 0; return s.slice(0, i) + s.slice(i, i + k).repeat(30) + s.slice(i); }) },
    { weight: 1, arbitrary: fc.tuple(base, base).map(([a, b]) => a + b) },
  );
}

/** Depths: a few real ones, some past the limits, a few far past. */
const depth = fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 40 }) }, { weight: 2, arbitrary: fc.integer({ min: 400, max: 700 }) }, { weight: 1, arbitrary: fc.constantFrom(3000, 20_000, 100_000) });

const deepJson = fc.tuple(depth, fc.constantFrom('[', '{"a":'), fc.constantFrom('1', '"x"', '[]', '{}', 'null')).map(([n, open, leaf]) =>
  open.repeat(n) + leaf + (open === '[' ? ']' : '}').repeat(n),
);
const deepXml = fc.tuple(depth, fc.constantFrom('a', 'x:a', 'é')).map(([n, name]) => {
  const ns = name.startsWith('x:') ? ' xmlns:x="urn:x"' : '';
  return `<${name}${ns}>`.repeat(1) + `<${name}>`.repeat(n - 1) + 't' + `</${name}>`.repeat(n);
});

const jsonValue = fc.oneof(
  { weight: 5, arbitrary: fc.json({ maxDepth: 4 }) },
  { weight: 2, arbitrary: mutated(fc.json({ maxDepth: 3 })) },
  { weight: 1, arbitrary: deepJson },
  { weight: 1, arbitrary: anyText },
);

const xmlBombs = [
  '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><lolz>&lol3;</lolz>',
  '<!DOCTYPE r [<!ENTITY e SYSTEM "file:///etc/passwd">]><r>&e;</r>',
  '<?xml version="1.0" encoding="UTF-16"?><r/>',
  '<r xmlns:a="urn:a" xmlns:a="urn:b"/>',
  '<r a="1" a="2"/>',
  '<a:r/>',
  '<r><![CDATA[x]]]]><![CDATA[>]]></r>',
  '<r>&#0;</r>',
  '<r>&#xD800;</r>',
  '<r/><r/>',
  'text<r/>',
  '<r',
  '',
];
const xmlText = fc.oneof(
  { weight: 3, arbitrary: mutated(fc.constantFrom('<r><a x="1">t</a><b/></r>', '<?xml version="1.0"?><r xmlns="urn:x"><c>1</c></r>', '<root><child attr="v">text &amp; more</child></root>')) },
  { weight: 2, arbitrary: fc.constantFrom(...xmlBombs) },
  { weight: 1, arbitrary: deepXml },
  { weight: 1, arbitrary: anyText },
);

const bytes = fc.uint8Array({ maxLength: 64 }).map((b) => Array.from(b));

// ---- headers and parameters --------------------------------------------------------------

/** Header values must be ByteStrings without CR/LF, or `new Request` refuses them before the server sees them. */
const headerValue = (s: string) => s.replace(/[^\t\x20-\x7E\x80-\xFF]/g, '?');

const contentTypes = [
  'application/json', 'application/xml', 'text/xml', 'text/plain', 'application/octet-stream', 'text/turtle',
  'application/n-triples', 'application/n-quads', 'application/trig', 'application/rdf+xml', 'application/ld+json',
  'application/rdf+json', 'text/n3', 'application/sparql-query', 'application/sparql-update',
  'application/x-www-form-urlencoded', 'multipart/mixed; boundary=BOUNDARY', 'multipart/mixed', 'multipart/form-data; boundary=x',
  'application/json; charset=latin1', 'text/plain; charset=utf-16', 'image/png', 'application/vnd.marklogic-document', '*/*', 'garbage', ';;;',
];
const accepts = [
  'application/json', 'application/xml', 'text/html', 'multipart/mixed', 'application/sparql-results+json',
  'application/sparql-results+xml', 'text/csv', 'text/tab-separated-values', 'text/turtle', 'application/n-triples',
  'application/ld+json', 'application/rdf+xml', '*/*', 'text/*', 'application/x-nonsense', ';q=x', 'application/json;q=0',
];

const maybeHeader = (name: string, values: fc.Arbitrary<string>, weight = 1, without = 3): fc.Arbitrary<Array<[string, string]>> =>
  fc.oneof({ weight: without, arbitrary: fc.constant<Array<[string, string]>>([]) }, { weight, arbitrary: values.map((v): Array<[string, string]> => [[name, headerValue(v)]]) });

const extraHeaders = fc
  .tuple(
    maybeHeader('accept', fc.oneof(fc.constantFrom(...accepts), anyText), 2),
    maybeHeader('if-match', fc.oneof(fc.constantFrom('1', '"1"', '*', '0'), anyText), 1, 10),
    maybeHeader('if-none-match', fc.constantFrom('1', '*', 'x'), 1, 10),
    maybeHeader('range', fc.constantFrom('bytes=0-1', 'bytes=5-', 'bytes=-3', 'bytes=9-1', 'bytes=x', 'lines=1-2'), 1, 10),
    maybeHeader('authorization', fc.constantFrom('Basic', 'Basic !!!', 'Basic YWRtaW46eA==', 'Digest', 'Digest username="admin"', 'Bearer x', 'Digest nonce="00", nc=zz'), 1, 40),
    maybeHeader('x-http-method-override', fc.constantFrom('DELETE', 'PUT'), 1, 20),
  )
  .map((parts) => parts.flat());

type Param = [name: string, value: string];

/** Percent-encoding that cannot throw: lone surrogates (which `encodeURIComponent` refuses) become U+FFFD. */
const enc = (s: string): string => encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

/** `name=value` pairs, usually encoded correctly, sometimes raw (invalid escapes, bare `&`, `+`). */
function queryString(params: fc.Arbitrary<Param[]>): fc.Arbitrary<string> {
  return fc.tuple(params, fc.array(fc.boolean(), { minLength: 8, maxLength: 8 })).map(([pairs, raw]) =>
    pairs
      .map(([k, v], i) => (raw[i % 8] && i % 3 === 0 ? `${k}=${v.replace(/[\r\n#\s]/g, '')}` : `${enc(k)}=${enc(v)}`))
      .join('&'),
  );
}

const someOf = (...values: string[]) => fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: anyText });
const param = (name: string, values: fc.Arbitrary<string>): fc.Arbitrary<Param> => values.map((v) => [name, v]);
const common = [
  param('format', someOf('json', 'xml', 'text', 'binary', 'html')),
  param('database', someOf('Documents', 'Other', 'Security')),
  param('txid', someOf('1', 'x')),
  param('timestamp', someOf('1', '0', 'x')),
  fc.tuple(anyText, anyText).map(([k, v]): Param => [k, v]),
];

/**
 * Up to four of the endpoint's own parameters, and now and then one of the parameters
 * every endpoint may be sent (`database`, `txid`, `timestamp`, `format`) or a random one.
 */
const params = (...choices: Array<fc.Arbitrary<Param>>) =>
  fc
    .tuple(choices.length ? fc.array(fc.oneof(...choices), { maxLength: 4 }) : fc.constant<Param[]>([]), fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.oneof(...common) }))
    .map(([own, extra]) => (extra ? [...own, extra] : own));
const numbers = someOf('1', '0', '-1', '10', '1000000', '2.5', '1e3', 'x');

// ---- families ----------------------------------------------------------------------------

const methods = (...preferred: string[]) => fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...preferred) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'HEAD', 'PUT', 'POST', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND') });

interface BodyChoice {
  contentType: string;
  body: RequestSpec['body'];
}
const bodyOf = (contentType: fc.Arbitrary<string>, text: fc.Arbitrary<string>): fc.Arbitrary<BodyChoice> =>
  fc.tuple(contentType, text).map(([ct, t]) => ({ contentType: ct, body: { text: t } }));
const anyBody: fc.Arbitrary<BodyChoice> = fc.oneof(
  bodyOf(fc.constantFrom(...contentTypes), fc.oneof(jsonValue, xmlText, anyText)),
  fc.tuple(fc.constantFrom(...contentTypes), bytes).map(([ct, b]) => ({ contentType: ct, body: { bytes: b } })),
);

function assemble(
  method: fc.Arbitrary<string>,
  path: fc.Arbitrary<string>,
  query: fc.Arbitrary<string>,
  body: fc.Arbitrary<BodyChoice | undefined>,
): fc.Arbitrary<RequestSpec> {
  return fc.tuple(method, path, query, body, extraHeaders, fc.boolean()).map(([m, p, q, b, headers, withType]) => {
    const spec: RequestSpec = { method: m, path: p, query: q, headers: [...headers] };
    if (b && m !== 'GET' && m !== 'HEAD') {
      spec.body = b.body;
      if (withType || b.contentType !== 'application/octet-stream') spec.headers.push(['content-type', headerValue(b.contentType)]);
    }
    return spec;
  });
}

const uriValue = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...SEED_URIS, '/new/x.json', '/new/y.xml', '/new/z.txt', '/new/') }, { weight: 2, arbitrary: anyText.map((s) => `/new/${s}`) }, { weight: 1, arbitrary: anyText });

const metadataJson = fc.oneof(
  mutated(fc.constantFrom('{"collections":["c1"],"quality":2,"properties":{"p":1},"metadataValues":{"k":"v"},"permissions":[{"role-name":"rest-reader","capabilities":["read"]}]}')),
  fc.record({ collections: jsonValue, properties: fc.oneof(fc.json({ maxDepth: 3 }), deepJson), quality: jsonValue, permissions: jsonValue }).map((o) => JSON.stringify(o)),
  deepJson.map((d) => `{"properties":{"p":${d}}}`),
);

const multipartBody = fc
  .tuple(metadataJson, jsonValue, uriValue, fc.boolean())
  .map(([meta, content, uri, broken]) => {
    const parts = [
      `--BOUNDARY\r\nContent-Type: application/json\r\nContent-Disposition: inline; category=metadata\r\n\r\n${meta}\r\n`,
      `--BOUNDARY\r\nContent-Type: application/json\r\nContent-Disposition: attachment; filename="${uri.replace(/"/g, '')}"\r\n\r\n${content}\r\n`,
    ];
    return broken ? parts.join('').slice(0, 100) : `${parts.join('')}--BOUNDARY--\r\n`;
  });

const jsonPatch = mutated(
  fc.constantFrom(
    '{"patch":[{"insert":{"context":"/array-node(\'a\')","position":"last-child","content":1}}]}',
    '{"patch":[{"replace":{"select":"/a","content":{"b":2}}}]}',
    '{"patch":[{"delete":{"select":"//node()"}}]}',
    '{"patch":[{"replace-insert":{"select":"/z","context":"/","position":"last-child","content":[]}}]}',
  ),
);

const documents = fc.oneof(
  assemble(
    methods('GET', 'HEAD', 'DELETE'),
    fc.constant('/v1/documents'),
    queryString(params(param('uri', uriValue), param('category', someOf('content', 'metadata', 'collections', 'permissions', 'properties', 'quality', 'metadata-values')), param('start', numbers), param('pageLength', numbers))),
    fc.constant(undefined),
  ),
  assemble(
    methods('PUT', 'POST'),
    fc.constant('/v1/documents'),
    queryString(
      params(
        param('uri', uriValue),
        param('category', someOf('content', 'metadata', 'collections', 'permissions', 'properties', 'quality')),
        param('collection', anyText),
        param('perm:rest-reader', someOf('read', 'update', 'execute', 'x')),
        param('perm:nosuchrole', someOf('read')),
        param('prop:p', anyText),
        param('quality', numbers),
        param('value:k', anyText),
        param('extension', someOf('json', 'xml', 'x/y')),
        param('directory', someOf('/new/', 'x')),
      ),
    ),
    fc.oneof(
      bodyOf(fc.constantFrom('application/json'), fc.oneof(jsonValue, metadataJson)),
      bodyOf(fc.constantFrom('application/xml', 'text/xml'), xmlText),
      bodyOf(fc.constant('multipart/mixed; boundary=BOUNDARY'), multipartBody),
      anyBody,
    ),
  ),
  assemble(
    fc.constant('PATCH'),
    fc.constant('/v1/documents'),
    queryString(params(param('uri', uriValue), param('category', someOf('content', 'metadata')))),
    fc.oneof(
      bodyOf(fc.constant('application/json'), fc.oneof(jsonPatch, deepJson.map((d) => `{"patch":[{"insert":{"context":"/","position":"last-child","content":${d}}}]}`))),
      bodyOf(fc.constant('application/xml'), fc.oneof(xmlText, deepXml.map((d) => `<rapi:patch xmlns:rapi="http://marklogic.com/rest-api"><rapi:insert context="/r" position="last-child">${d}</rapi:insert></rapi:patch>`))),
      anyBody,
    ),
  ),
);

const structuredQuery = fc.letrec<{ q: string }>((tie) => ({
  q: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(fc.constantFrom('term-query', 'word-query', 'value-query'), anyText).map(([k, t]) => `{"${k}":{"text":${JSON.stringify(t)},"json-property":"a"}}`),
    fc.tuple(fc.constantFrom('range-query'), fc.constantFrom('xs:int', 'xs:string', 'xs:date', 'xs:nonsense', ''), anyText, fc.constantFrom('=', 'LT', 'GE', '!!')).map(
      ([k, t, v, op]) => `{"${k}":{"type":"${t}","json-property":"total","value":${JSON.stringify(v)},"range-operator":"${op}"}}`,
    ),
    fc.tuple(fc.constantFrom('and-query', 'or-query', 'not-query', 'near-query', 'boost-query', 'container-query'), fc.array(tie('q'), { maxLength: 3 })).map(
      ([k, qs]) => `{"${k}":{"queries":[${qs.join(',')}]}}`,
    ),
    fc.tuple(fc.constantFrom('collection-query', 'directory-query', 'document-query'), anyText).map(([k, u]) => `{"${k}":{"uri":[${JSON.stringify(u)}]}}`),
  ),
})).q.map((q) => `{"query":{"queries":[${q}]}}`);

const options = mutated(
  fc.constantFrom(
    '{"options":{"constraint":[{"name":"total","range":{"type":"xs:decimal","json-property":"total"}}]}}',
    '{"options":{"return-facets":true,"page-length":5,"transform-results":{"apply":"snippet"}}}',
    '{"options":{"constraint":[{"name":"tag","value":{"json-property":"tag"}}],"grammar":{"joiner":[{"strength":10,"apply":"infix","token":"AND"}]}}}',
    '<options xmlns="http://marklogic.com/appservices/search"><constraint name="c"><collection/></constraint></options>',
    '{"options":{"sort-order":[{"direction":"ascending","json-property":"total","type":"xs:int"}]}}',
  ),
);

const searchBodies = fc.oneof(
  bodyOf(fc.constant('application/json'), fc.oneof(structuredQuery, mutated(structuredQuery), deepJson.map((d) => `{"query":${d}}`))),
  bodyOf(fc.constant('application/json'), fc.tuple(structuredQuery, options, fc.constantFrom('qtext', 'x')).map(([q, o, k]) => `{"search":{"${k}":"a","query":${JSON.parse(q).query ? JSON.stringify(JSON.parse(q).query) : 'null'},"options":${o.startsWith('{') ? o : '{}'}}}`.replace('{"options":{"options"', '{"options":{"x"'))),
  bodyOf(fc.constant('application/json'), mutated(fc.constantFrom('{"$query":{"a":1}}', '{"$query":{"total":{"$gt":10}}}', '{"$query":{"$and":[{"a":1},{"b":{"$word":"x"}}]},"$validate":true}', '{"$query":{"a":{"$nonsense":1}}}', '{"ctsquery":{"wordQuery":{"text":["a"]}}}'))),
  bodyOf(fc.constant('application/json'), deepJson.map((d) => `{"$query":${d}}`)),
  bodyOf(fc.constant('application/xml'), fc.oneof(xmlText, mutated(fc.constantFrom('<query xmlns="http://marklogic.com/appservices/search"><term-query><text>a</text></term-query></query>', '<q:qbe xmlns:q="http://marklogic.com/appservices/querybyexample"><q:query><a>1</a></q:query></q:qbe>', '<cts:word-query xmlns:cts="http://marklogic.com/cts"><cts:text>a</cts:text></cts:word-query>')))),
  anyBody,
);

const search = assemble(
  methods('GET', 'POST'),
  fc.constantFrom('/v1/search', '/v1/qbe', '/v1/suggest', '/v1/values/x', '/LATEST/search'),
  queryString(
    params(
      param('q', mutated(fc.constantFrom('a', 'a AND b', 'total GT 10', 'tag:x', '"a b" NEAR/2 c', '-a OR (b', 'c:', '*', 'a?'))),
      param('structuredQuery', structuredQuery),
      param('options', someOf('default', 'shop', 'nosuch')),
      param('start', numbers),
      param('pageLength', numbers),
      param('view', someOf('results', 'facets', 'all', 'none', 'metadata', 'uris', 'structured', 'validate')),
      param('collection', anyText),
      param('directory', anyText),
      param('partial-q', anyText),
      param('cursor-position', numbers),
      param('limit', numbers),
      param('category', someOf('content', 'metadata')),
    ),
  ),
  searchBodies,
);

/** Inline values and tuples definitions, sane and not (a tuple of wide indexes, unknown sources, bad aggregates). */
const valuesOptions = mutated(
  fc.constantFrom(
    '{"values":[{"name":"v","range":{"type":"xs:decimal","json-property":"total"},"aggregate":[{"apply":"sum"},{"apply":"median"}]}]}',
    '{"values":[{"name":"v","range":{"json-property":"total","facet":false},"style":"consistent","values-option":["frequency-order","limit=2"]}]}',
    '{"tuples":[{"name":"v","indexes":[{"range":{"type":"xs:decimal","json-property":"total"}},{"collection":null},{"uri":null}]}]}',
    '{"tuples":[{"name":"v","range":[{"type":"xs:string","json-property":"tag"},{"type":"xs:gYear","json-property":"y"}]}]}',
    '{"values":[{"name":"v","word":{"json-property":"a"}}]}',
    '{"values":[{"name":"v","uri":null,"aggregate":[{"apply":"avg","udf":"plugin/x"}]}]}',
  ),
);

const values = assemble(
  methods('GET', 'POST'),
  fc.oneof(fc.constantFrom('/v1/values', '/v1/values/total', '/v1/values/pairs', '/v1/values/uris', '/v1/values/v', '/LATEST/values/total'), anyText.map((n) => `/v1/values/${enc(n)}`)),
  queryString(
    params(
      param('options', someOf('shop', 'default', 'nosuch')),
      param('aggregate', someOf('sum', 'avg', 'median', 'count', 'correlation', 'covariance-population', 'mode')),
      param('view', someOf('values', 'aggregate', 'all', 'results')),
      param('direction', someOf('ascending', 'descending')),
      param('frequency', someOf('item', 'fragment')),
      param('start', numbers),
      param('pageLength', numbers),
      param('limit', numbers),
      param('q', mutated(fc.constantFrom('word', 'total GT 10', 'tag:x', '(a'))),
      param('collection', anyText),
      param('aggregatePath', anyText),
      param('transform', anyText),
      param('format', someOf('json', 'xml')),
    ),
  ),
  fc.oneof(searchBodies, bodyOf(fc.constant('application/json'), valuesOptions.map((o) => `{"search":{"options":${o},"qtext":"word"}}`))),
);

const configs = fc.oneof(
  assemble(
    methods('GET', 'PUT', 'POST', 'DELETE'),
    fc.oneof(fc.constantFrom('/v1/config/query', '/v1/config/query/shop', '/v1/config/query/default', '/v1/config/query/shop/constraint', '/v1/config/indexes', '/v1/config/indexes/shop'), anyText.map((n) => `/v1/config/query/${enc(n)}`)),
    queryString(params()),
    fc.oneof(bodyOf(fc.constantFrom('application/json', 'application/xml'), fc.oneof(options, deepJson.map((d) => `{"options":{"constraint":${d}}}`))), anyBody),
  ),
  assemble(
    methods('GET', 'PUT', 'DELETE'),
    fc.oneof(fc.constantFrom('/v1/config/properties', '/v1/config/properties/debug', '/v1/config/properties/update-policy'), anyText.map((n) => `/v1/config/properties/${enc(n)}`)),
    queryString(params()),
    fc.oneof(
      bodyOf(fc.constant('application/json'), fc.oneof(mutated(fc.constantFrom('{"debug":true}', '{"update-policy":"version-optional"}', '{"validate-options":false}', '{"debug":"x"}')), deepJson.map((d) => `{"debug":${d}}`))),
      bodyOf(fc.constant('application/xml'), mutated(fc.constant('<properties xmlns="http://marklogic.com/rest-api"><debug>true</debug></properties>'))),
      anyBody,
    ),
  ),
  assemble(
    methods('GET', 'PUT'),
    fc.constantFrom('/manage/v2/databases/Documents/properties', '/manage/v2/databases/Other/properties'),
    queryString(params()),
    fc.oneof(
      bodyOf(
        fc.constant('application/json'),
        fc.oneof(
          mutated(fc.constant('{"range-element-index":[{"scalar-type":"int","namespace-uri":"","localname":"total","collation":"","range-value-positions":false,"invalid-values":"reject"}]}')),
          fc.tuple(fc.nat(200), anyText).map(([n, name]) => JSON.stringify({ 'range-element-index': Array.from({ length: n }, (_, i) => ({ 'scalar-type': 'string', 'namespace-uri': '', localname: `${name}${i}`, collation: 'http://marklogic.com/collation/', 'range-value-positions': false, 'invalid-values': 'ignore' })) })),
        ),
      ),
      anyBody,
    ),
  ),
  assemble(
    methods('GET', 'POST', 'PUT', 'DELETE'),
    fc.oneof(fc.constantFrom('/manage/v2/users', '/manage/v2/users/alice', '/manage/v2/users/admin', '/manage/v2/users/alice/properties'), anyText.map((n) => `/manage/v2/users/${enc(n)}`)),
    queryString(params()),
    fc.oneof(bodyOf(fc.constant('application/json'), mutated(fc.constantFrom('{"user-name":"alice","password":"pw","role":["rest-reader"]}', '{"user-name":"admin"}', '{"role":["nosuch"]}', '{"user-name":"bob","password":"pw","role":["sales"],"permission":[{"role-name":"sales","capability":"read"}]}'))), anyBody),
  ),
  assemble(
    methods('GET', 'POST', 'PUT', 'DELETE'),
    fc.oneof(fc.constantFrom('/manage/v2/roles', '/manage/v2/roles/sales', '/manage/v2/roles/sales/properties', '/manage/v2/roles/rest-reader', '/manage/v2/roles/admin/properties'), anyText.map((n) => `/manage/v2/roles/${enc(n)}`)),
    queryString(params()),
    fc.oneof(
      bodyOf(fc.constant('application/json'), mutated(fc.constantFrom('{"role-name":"sales","description":"d","role":["rest-reader"],"permission":[{"role-name":"sales","capability":"read"}]}', '{"role-name":"sales","role":["sales"]}', '{"role-name":"rest-reader"}', '{"role-name":"x","privilege":[{"privilege-name":"p","action":"a","kind":"execute"}]}'))),
      bodyOf(fc.constant('application/json'), deepJson.map((d) => `{"role-name":"deep","description":${d}}`)),
      anyBody,
    ),
  ),
);

const turtle = mutated(
  fc.constantFrom(
    '<http://example.org/s> <http://example.org/p> "o" .',
    '@prefix ex: <http://example.org/> . ex:s ex:p ex:o , "x"@en , "5"^^<http://www.w3.org/2001/XMLSchema#unsignedLong> .',
    '<a> <b> <c> .',
    '_:b <http://example.org/p> ( 1 2 3 ) .',
    '<http://example.org/s> <http://example.org/p> "x"^^<http://www.w3.org/2001/XMLSchema#nonsense> .',
  ),
);
// Lists: small ones that load, and one far past maxRdfListItems that must be refused. Lists
// near the limit load too, but a store grown by many of them makes whole-store updates
// (INSERT … WHERE { ?s ?p ?o }) take seconds — a speed matter, not a hang (see the issue
// on speed), which would make the hang bound flaky.
const rdfBodies = fc.oneof(
  bodyOf(fc.constantFrom('text/turtle', 'application/n-triples', 'application/n-quads', 'application/trig', 'text/n3'), fc.oneof(turtle, fc.constantFrom(10, 100, 1000, 100_000).map((n) => `<http://e/s> <http://e/p> (${' 1'.repeat(n)} ) .`))),
  bodyOf(fc.constant('application/rdf+xml'), fc.oneof(xmlText, mutated(fc.constant('<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:e="http://e/"><rdf:Description rdf:about="http://e/s"><e:p>o</e:p></rdf:Description></rdf:RDF>')), fc.constant(`<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:e="http://e/"><rdf:Description rdf:about="http://e/s"><e:p>&b;</e:p></rdf:Description></rdf:RDF>`))),
  bodyOf(fc.constantFrom('application/ld+json', 'application/rdf+json'), fc.oneof(jsonValue, mutated(fc.constant('{"http://e/s":{"http://e/p":[{"type":"literal","value":"o"}]}}')))),
  anyBody,
);
const graphs = assemble(
  methods('GET', 'HEAD', 'PUT', 'POST', 'DELETE'),
  fc.constant('/v1/graphs'),
  queryString(params(param('graph', someOf(SEED_GRAPH, 'http://example.org/new', 'http://marklogic.com/semantics#default-graph', 'relative', '')), param('default', fc.constant('')), param('category', someOf('content', 'permissions', 'metadata')), param('perm:rest-reader', someOf('read', 'update')), param('base', anyText))),
  rdfBodies,
);

const sparqlText = mutated(
  fc.constantFrom(
    'SELECT * WHERE { ?s ?p ?o } LIMIT 5',
    'ASK { ?s ?p ?o }',
    'CONSTRUCT { ?s ?p ?o } WHERE { GRAPH ?g { ?s ?p ?o } }',
    'DESCRIBE <http://example.org/s>',
    'SELECT (COUNT(*) AS ?c) WHERE { ?s ?p ?o }',
    'SELECT ?x WHERE { ?x <http://example.org/p>/<http://example.org/p>* ?y } LIMIT 3',
    'PREFIX ex: <http://example.org/> SELECT ?o WHERE { ex:s ex:p ?o FILTER(regex(str(?o), "^o")) }',
    'SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }',
    'SELECT * FROM <http://marklogic.com/semantics#default-graph> WHERE { ?s ?p ?o }',
  ),
);
const sparqlUpdate = mutated(
  fc.constantFrom(
    'INSERT DATA { <http://example.org/s> <http://example.org/p> "new" }',
    'INSERT DATA { GRAPH <http://example.org/g2> { <http://e/s> <http://e/p> 1 } }',
    'DELETE WHERE { ?s <http://example.org/p> "new" }',
    'CLEAR GRAPH <http://example.org/nosuch>',
    'CREATE GRAPH <http://example.org/g1>',
    'LOAD <http://example.org/remote>',
    'INSERT { ?s ?p ?o } WHERE { ?s ?p ?o }',
  ),
);
const deepSparql = fc.tuple(depth, fc.constantFrom('{ ', '( ', '(')).map(([n, o]) =>
  o.startsWith('{') ? `SELECT * WHERE ${o.repeat(n)}?s ?p ?o${' }'.repeat(n)}` : `SELECT * WHERE { ?s ?p ?o FILTER ${'('.repeat(n)}1${')'.repeat(n)} }`,
);
const sparql = fc.oneof(
  assemble(
    methods('GET', 'POST'),
    fc.constant('/v1/graphs/sparql'),
    queryString(params(param('query', fc.oneof(sparqlText, deepSparql)), param('default-graph-uri', someOf(SEED_GRAPH, 'http://marklogic.com/semantics#default-graph', '\u0000', 'rel')), param('named-graph-uri', someOf(SEED_GRAPH, '\u0000', '')), param('bind:x', anyText), param('bind:u:unsignedLong', someOf('5', 'abc')), param('bind:u:nosuchtype', someOf('5')), param('base', anyText))),
    fc.oneof(
      bodyOf(fc.constant('application/sparql-query'), fc.oneof(sparqlText, deepSparql)),
      bodyOf(fc.constant('application/sparql-update'), sparqlUpdate),
      bodyOf(fc.constant('application/x-www-form-urlencoded'), fc.oneof(sparqlText, sparqlUpdate).map((t) => `query=${enc(t)}`)),
      bodyOf(fc.constant('application/x-www-form-urlencoded'), sparqlUpdate.map((t) => `update=${enc(t)}`)),
      anyBody,
    ),
  ),
  assemble(
    methods('GET'),
    fc.constant('/v1/graphs/things'),
    queryString(params(param('iri', someOf('http://example.org/s', '\u0000', '<>', 'relative')))),
    fc.constant(undefined),
  ),
);

/** Multi-statement transactions: opens with hostile names and limits, and ids and results of every kind. */
const transactions = fc.oneof(
  assemble(
    methods('POST'),
    fc.constantFrom('/v1/transactions', '/LATEST/transactions'),
    queryString(params(param('name', someOf('order', '', 'a b', '\u0000')), param('timeLimit', numbers))),
    fc.oneof(fc.constant(undefined), anyBody),
  ),
  assemble(
    methods('GET', 'POST'),
    fc.oneof(fc.constantFrom('/v1/transactions/1', '/v1/transactions/18446744073709551615', '/v1/transactions/x'), anyText.map((s) => `/v1/transactions/${enc(s)}`)),
    queryString(params(param('result', someOf('commit', 'rollback', 'maybe')))),
    fc.constant(undefined),
  ),
);

/** Databases, instances and modules: hostile names, payloads, ports, asset paths and database= values. */
const dbName = someOf('Documents', 'Modules', 'd1', 'shop', 'shop-modules', '', '.x', 'a/b', 'x'.repeat(80));
const databases = fc.oneof(
  assemble(
    methods('POST'),
    fc.constant('/manage/v2/databases'),
    queryString(params(param('format', someOf('json', 'xml')))),
    fc.oneof(
      bodyOf(fc.constant('application/json'), fc.tuple(dbName, fc.oneof(fc.constant(''), fc.constant(',"range-element-index":[]'), jsonValue.map((v) => `,"x":${v}`))).map(([n, extra]) => `{"database-name":${JSON.stringify(n)}${extra}}`)),
      anyBody,
    ),
  ),
  assemble(methods('GET', 'DELETE'), dbName.map((n) => `/manage/v2/databases/${enc(n)}`), queryString(params(param('view', someOf('counts', 'default', 'status')), param('format', someOf('json', 'xml')))), fc.constant(undefined)),
  assemble(
    methods('POST'),
    fc.constant('/v1/rest-apis'),
    queryString(params()),
    fc.oneof(
      bodyOf(
        fc.constantFrom('application/json', 'application/xml'),
        fc
          .record({ name: dbName, port: fc.oneof(numbers, fc.constantFrom('8003', '8000', '65536')), database: dbName, 'error-format': someOf('json', 'xml', 'html') }, { requiredKeys: [] })
          .map((r) => JSON.stringify({ 'rest-api': r })),
      ),
      anyBody,
    ),
  ),
  assemble(methods('GET', 'DELETE'), dbName.map((n) => `/v1/rest-apis/${enc(n)}`), queryString(params(param('include', someOf('content', 'modules', 'forests')), param('format', someOf('json', 'xml')))), fc.constant(undefined)),
  assemble(
    methods('GET', 'PUT', 'DELETE'),
    fc.oneof(fc.constantFrom('/v1/ext', '/v1/ext/', '/v1/ext/a/', '/v1/ext/a/b.xqy', '/LATEST/ext/a/b.json'), anyText.map((s) => `/v1/ext/${enc(s)}`), anyText.map((s) => `/v1/ext/a/${enc(s)}/`)),
    queryString(params(param('format', someOf('json', 'xml', 'binary')), param('perm:rest-reader', someOf('read', 'execute', 'fly')))),
    anyBody,
  ),
  assemble(
    methods('GET', 'PUT', 'POST'),
    fc.tuple(dbName, fc.constantFrom('/v1/documents', '/v1/search', '/v1/graphs', '/v1/config/query', '/tabula/v1/status', '/v1/ping')).map(([n, p]) => `/tabula/instances/${enc(n)}${p}`),
    queryString(params(param('uri', uriValue), param('database', dbName))),
    anyBody,
  ),
  assemble(
    methods('GET', 'PUT', 'POST', 'DELETE'),
    fc.constantFrom('/v1/documents', '/v1/search', '/v1/graphs', '/v1/graphs/sparql', '/v1/values', '/v1/config/properties', '/v1/transactions', '/tabula/v1/idle'),
    queryString(params(param('database', dbName), param('uri', uriValue), param('q', someOf('a', 'b')))),
    anyBody,
  ),
);

const anywhere = assemble(
  methods('GET', 'POST', 'PUT', 'DELETE'),
  fc.oneof(anyText.map((s) => `/v1/${enc(s)}`), fc.constantFrom('/v1', '/v1/', '/v1/ping', '/x/ping', '/manage/v2', '/v1/documents/x', '/v1/graphs/sparql/x', '/v1/transactions', '/v1/resources/x', '/v1/eval', '/v1/rest-apis')),
  queryString(params()),
  anyBody,
);

/** One request of any family. */
export const hostileRequest: fc.Arbitrary<RequestSpec> = fc.oneof(
  { weight: 4, arbitrary: documents },
  { weight: 3, arbitrary: search },
  { weight: 2, arbitrary: values },
  { weight: 2, arbitrary: configs },
  { weight: 2, arbitrary: graphs },
  { weight: 3, arbitrary: sparql },
  { weight: 1, arbitrary: transactions },
  { weight: 1, arbitrary: databases },
  { weight: 1, arbitrary: anywhere },
);

/** The `fetch` options of a request (its URL is `path?query`). */
export function initOf(spec: RequestSpec): RequestInit {
  const body = spec.body === undefined ? undefined : 'text' in spec.body ? spec.body.text : new Uint8Array(spec.body.bytes);
  return { method: spec.method, headers: spec.headers, body };
}

/** A request line to print when a check fails. */
export const describeSpec = (spec: RequestSpec): string => {
  const body = spec.body === undefined ? '' : 'text' in spec.body ? ` body(${spec.body.text.length}): ${JSON.stringify(spec.body.text.slice(0, 160))}` : ` bytes(${spec.body.bytes.length})`;
  const headers = spec.headers.map(([k, v]) => `${k}: ${v.slice(0, 60)}`).join('; ');
  return `${spec.method} ${spec.path}?${spec.query.slice(0, 240)} [${headers}]${body}`;
};
