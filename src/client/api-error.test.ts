import { describe, expect, test } from 'vitest';
import { ApiError, apiErrorFromResponse, parseErrorBody } from './api-error';

describe('parseErrorBody', () => {
  test.for([
    {
      name: 'reads the JSON errorResponse the REST layer sends',
      status: 404,
      statusText: 'Not Found',
      type: 'application/json; charset=utf-8',
      body: JSON.stringify({
        errorResponse: {
          statusCode: 404,
          status: 'Not Found',
          messageCode: 'RESTAPI-NODOCUMENT',
          message: 'RESTAPI-NODOCUMENT: (err:FOER0000) Resource or document does not exist:  category: content message: /x.json',
        },
      }),
      expected: {
        statusCode: 404,
        status: 'Not Found',
        messageCode: 'RESTAPI-NODOCUMENT',
        message: 'RESTAPI-NODOCUMENT: (err:FOER0000) Resource or document does not exist:  category: content message: /x.json',
      },
    },
    {
      name: 'reads the XML error-response and unescapes its text',
      status: 400,
      statusText: 'Bad Request',
      type: 'application/xml',
      body:
        '<error-response xmlns="http://marklogic.com/xdmp/error"><status-code>400</status-code><status>Bad Request</status>' +
        '<message-code>XDMP-JSONDOC</message-code><message>XDMP-JSONDOC: bad &lt;json&gt; &amp; more</message></error-response>',
      expected: { statusCode: 400, status: 'Bad Request', messageCode: 'XDMP-JSONDOC', message: 'XDMP-JSONDOC: bad <json> & more' },
    },
    {
      name: 'reads the message paragraph of the HTML error page',
      status: 403,
      statusText: 'Forbidden',
      type: 'text/html',
      body: '<html><head><title>403 Forbidden</title></head><body><p class="message">SEC-PRIV You do not have permission</p></body></html>',
      expected: { statusCode: 403, status: 'Forbidden', messageCode: null, message: 'SEC-PRIV You do not have permission' },
    },
    {
      name: 'falls back to the title of an HTML authentication page',
      status: 401,
      statusText: '',
      type: 'text/html',
      body: '<!DOCTYPE html><html><head><title>401 Unauthorized</title></head><body>nope</body></html>',
      expected: { statusCode: 401, status: 'Unauthorized', messageCode: null, message: '401 Unauthorized' },
    },
    {
      name: 'uses the status line when the body is empty',
      status: 404,
      statusText: 'Not Found',
      type: null,
      body: '',
      expected: { statusCode: 404, status: 'Not Found', messageCode: null, message: '404 Not Found' },
    },
    {
      name: 'keeps a plain-text body as the message',
      status: 502,
      statusText: 'Bad Gateway',
      type: 'text/plain',
      body: 'upstream down\n',
      expected: { statusCode: 502, status: 'Bad Gateway', messageCode: null, message: 'upstream down' },
    },
    {
      name: 'treats JSON without errorResponse as text',
      status: 500,
      statusText: 'Internal Server Error',
      type: 'application/json',
      body: '{"oops":true}',
      expected: { statusCode: 500, status: 'Internal Server Error', messageCode: null, message: '{"oops":true}' },
    },
  ])('$name', ({ status, statusText, type, body, expected }) => {
    expect(parseErrorBody(status, statusText, type, body)).toEqual(expected);
  });
});

test('apiErrorFromResponse makes an ApiError whose message is the server message', async () => {
  const res = new Response(
    JSON.stringify({ errorResponse: { statusCode: 403, status: 'Forbidden', messageCode: 'SEC-PRIV', message: 'You do not have permission to this method and URL.' } }),
    { status: 403, headers: { 'content-type': 'application/json' } },
  );
  const err = await apiErrorFromResponse(res, { method: 'PUT', url: '/v1/documents?uri=/a.json' });
  expect(err).toBeInstanceOf(ApiError);
  expect(err).toBeInstanceOf(Error);
  expect(err.message).toBe('You do not have permission to this method and URL.');
  expect(err.messageCode).toBe('SEC-PRIV');
  expect(err.statusCode).toBe(403);
  expect(err.request).toEqual({ method: 'PUT', url: '/v1/documents?uri=/a.json' });
});
