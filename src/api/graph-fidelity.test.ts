/**
 * Graph data as sent and request parameters as MarkLogic reads them: bindings checked
 * against their XSD type, the default graph's reserved IRI, relative IRIs, IRI-valued
 * parameters, database=, empty bodies, timestamps.
 */
import { describe, expect, test } from 'vitest';
import { testApi, type TestApi } from '../../test/helpers';

const JSON_RESULTS = { accept: 'application/sparql-results+json' };

async function errorOf(res: Response) {
  return (await res.json()).errorResponse as { statusCode: number; messageCode: string; message: string };
}

const sparqlGet = (api: TestApi, query: string, extra = '') =>
  api.fetch(`/v1/graphs/sparql?query=${encodeURIComponent(query)}${extra}`, { headers: JSON_RESULTS });

async function allTriples(api: TestApi): Promise<string[]> {
  const res = await sparqlGet(api, 'SELECT * WHERE { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }');
  return (await res.json()).results.bindings.map((b: Record<string, { value: string }>) => `${b.s.value} ${b.p.value} ${b.o.value}`);
}

describe('bind: values typed by name', () => {
  test.for([
    { param: 'bind:u:nosuchtype=5', why: 'nosuchtype is not an XSD datatype' },
    { param: 'bind:u:unsignedLong=abc', why: '"abc" is not a valid xsd:unsignedLong' },
    { param: 'bind:u:unsignedLong=-1', why: '"-1" is not a valid xsd:unsignedLong' },
    { param: 'bind:u:byte=128', why: '"128" is not a valid xsd:byte' },
    { param: 'bind:u:int=2147483648', why: '"2147483648" is not a valid xsd:int' },
    { param: 'bind:u:decimal=1e3', why: '"1e3" is not a valid xsd:decimal' },
    { param: 'bind:u:boolean=yes', why: '"yes" is not a valid xsd:boolean' },
    { param: 'bind:u:date=2021-02-30', why: '"2021-02-30" is not a valid xsd:date' },
    { param: 'bind:u:dateTime=2021-01-01', why: '"2021-01-01" is not a valid xsd:dateTime' },
    { param: 'bind:u:integer=%205', why: '" 5" is not a valid xsd:integer' },
  ])('$param is 400 REST-INVALIDPARAM saying why', async ({ param, why }) => {
    const api = await testApi();
    const res = await sparqlGet(api, 'SELECT ?u WHERE {}', `&${param}`);
    expect(res.status).toBe(400);
    const err = await errorOf(res);
    expect(err.messageCode).toBe('REST-INVALIDPARAM');
    expect(err.message).toContain(why);
  });

  test.for([
    'bind:u:unsignedLong=18446744073709551615',
    'bind:u:int=-2147483648',
    'bind:u:decimal=-.5',
    'bind:u:double=-INF',
    'bind:u:float=1.5E-3',
    'bind:u:boolean=0',
    'bind:u:date=2024-02-29Z',
    'bind:u:dateTime=2021-01-01T24:00:00%2B14:00',
    'bind:u:time=13:20:00.5',
    'bind:u:duration=P1Y2MT3.5S',
    'bind:u:gYearMonth=2021-12',
    'bind:u:string=%20any%20thing%20',
    'bind:u:hexBinary=0FB7',
    'bind:u:language=en-GB',
  ])('%s is a value of its type and binds', async (param) => {
    const api = await testApi();
    const res = await sparqlGet(api, 'SELECT ?u WHERE {}', `&${param}`);
    expect(res.status).toBe(200);
  });

  test('an update with an invalid binding is 400 and changes nothing', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/graphs/sparql?bind:v:int=x', {
      method: 'POST',
      headers: { 'content-type': 'application/sparql-update' },
      body: 'INSERT DATA { <http://s> <http://p> "o" } ; INSERT { <http://s> <http://q> ?v } WHERE {}',
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).messageCode).toBe('REST-INVALIDPARAM');
    expect(await allTriples(api)).toEqual([]);
  });
});
