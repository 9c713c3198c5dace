import { describe, expect, test } from 'vitest';
import { answerProblem, repeatedPart } from './checks';

describe('the corpus answer checks', () => {
  test.for([
    { message: 'XDMP-JSONDOC: (err:FOER0000) Document is not JSON: Document is not JSON: /a.json', repeated: 'Document is not JSON' },
    { message: 'RESTAPI-NOTFOUND: (err:FOER0000) Not found: graph not found: http://g', repeated: 'Not found' },
    { message: 'RESTAPI-INVALIDCONTENT: (err:FOER0000) Invalid content: part 2: part 2: bad', repeated: undefined },
    { message: 'X: (err:FOER0000) Invalid content: the options are invalid: the options are invalid: x', repeated: 'the options are invalid' },
    { message: 'XDMP-JSONDOC: (err:FOER0000) Document is not JSON: /a.json: Unexpected token', repeated: undefined },
    { message: 'XDMP-ELEMRIDXNOTFOUND: cts:json-property-reference("t") -- No element range index for t', repeated: undefined },
  ])('$message → $repeated', ({ message, repeated }) => {
    expect(repeatedPart(message)).toBe(repeated);
  });

  test('an error body whose message repeats itself is a problem', () => {
    const body = JSON.stringify({ errorResponse: { statusCode: 400, status: 'Bad Request', messageCode: 'XDMP-JSONDOC', message: 'XDMP-JSONDOC: (err:FOER0000) Document is not JSON: Document is not JSON: x' } });
    expect(answerProblem('PUT', '/v1/documents', { status: 400, contentType: 'application/json', body })).toMatch(/repeats/);
  });
});
