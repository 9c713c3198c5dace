import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../../client/create-client';
import { describeRunError, jisonSentence, serverMessage, syntaxSentence } from './run-error';
import { analyseSparql, describeExpected } from './sparql-syntax';

const apiError = (statusCode: number, message: string, messageCode: string | null = 'RESTAPI-INVALIDCONTENT') =>
  new ApiError({ statusCode, status: statusCode === 400 ? 'Bad Request' : 'Internal Server Error', messageCode, message });

// As this server words a syntax error (src/db/triples/sparql-text.ts): the parser's message,
// placed at the start of the last token the parser accepted.
const serverSyntax = (line: number, column: number, got: string, expecting: string) =>
  apiError(
    400,
    `RESTAPI-INVALIDCONTENT: (err:FOER0000) Invalid content: SPARQL syntax error (line ${line}, column ${column}): Parse error on line ${line}:\n...\n---^\nExpecting ${expecting}, got '${got}'`,
  );

describe('a failed run in one sentence', () => {
  test('a syntax error is placed where the editor marks it, not where the server says', () => {
    const text = 'PREFIX ex: <http://e/>\nSELECT * WHERE {\n  ?s ?p ?o . FILTER(?x = }';
    const summary = describeRunError(serverSyntax(3, 20, '}', "'VAR', 'IRIREF'"), text);
    const marked = analyseSparql(text).error!;
    expect(summary.problem).toEqual(marked);
    const column = text.split('\n')[2].indexOf('}') + 1;
    expect([marked.line, marked.column]).toEqual([3, column]);
    expect(summary.sentence).toBe(`Syntax error at line 3, column ${column}: unexpected '}' — expected an expression`);
    expect(summary.sentence).not.toContain('\n');
  });

  test('columns count UTF-16 units, as the editor does', () => {
    const text = 'SELECT * WHERE { ?s ?p "😀" . FILTER(?x = }';
    const { problem } = describeRunError(serverSyntax(1, 34, '}', "'VAR'"), text);
    expect(problem!.from).toBe(text.lastIndexOf('}'));
    expect(problem!.column).toBe(text.lastIndexOf('}') + 1);
  });

  test('a syntax error only the server finds is read from its message, summarised', () => {
    const summary = describeRunError(serverSyntax(1, 39, '}', "'IRIREF', 'VAR', 'FUNC_ARITY1', 'STRING_LITERAL1'"), 'SELECT * WHERE { ?s ?p ?o }');
    expect(summary).toEqual({ sentence: "Syntax error near line 1, column 39: unexpected '}' — expected an expression" });
  });

  test('any other server error is its message once, without the codes in front', () => {
    const summary = describeRunError(apiError(500, 'XDMP-OOPS: (err:FOER0000) Out of memory while joining', 'XDMP-OOPS'), 'SELECT * {}');
    expect(summary).toEqual({ sentence: 'Out of memory while joining' });
    expect(serverMessage(apiError(400, 'RESTAPI-INVALIDCONTENT: RESTAPI-INVALIDCONTENT: twice'))).toBe('twice');
  });

  test('an error without a body is not its status line twice', () => {
    expect(serverMessage(apiError(400, '400 Bad Request', null))).toBe('Bad Request');
    expect(describeRunError(new Error('Could not reach the server'), 'ASK {}').sentence).toBe('Could not reach the server');
  });

  test('a message that is not a Jison one gives no syntax sentence', () => {
    expect(jisonSentence('Unknown prefix: foaf')).toBeUndefined();
    expect(syntaxSentence({ line: 2, column: 6, message: 'Unknown prefix: foaf' })).toBe('Syntax error at line 2, column 6: unknown prefix: foaf');
  });
});

describe("the parser's expected tokens in words", () => {
  test.for([
    { expected: ['VAR', 'IRIREF', 'FUNC_ARITY1', 'STRING_LITERAL1', '(', '!'], words: 'an expression' },
    { expected: ['IRIREF', 'PNAME_LN', 'FUNC_ARITY1', 'REGEX', '('], words: "a function call or '('" },
    { expected: ['IRIREF', 'PNAME_NS', '(', 'VAR', 'a', '!', '^', 'PNAME_LN'], words: "a predicate (variable, IRI, 'a' or a property path)" },
    { expected: ['IRIREF', 'VAR', 'INTEGER', 'STRING_LITERAL2', 'BLANK_NODE_LABEL', 'ANON', '[', '<<', 'NIL'], words: 'a term (variable, IRI, literal or blank node)' },
    {
      expected: ['VAR', 'IRIREF', 'STRING_LITERAL1', '[', '{', '}', 'GRAPH', 'OPTIONAL', 'FILTER', 'BIND', 'MINUS', 'SERVICE'],
      words: "a triple pattern, a graph pattern or '}'",
    },
    { expected: ['EOF', '}', 'OFFSET', 'VALUES'], words: "'}', 'OFFSET', 'VALUES' or the end of the query" },
    { expected: ['GROUP', 'ORDER', 'EOF'], words: "'GROUP BY', 'ORDER BY' or the end of the query" },
    { expected: ['INTEGER'], words: 'a number' },
    { expected: ['BY'], words: "'BY'" },
    { expected: ['=', '!=', '<', '+', '-', 'INTEGER_POSITIVE', 'AS', ')'], words: "an operator, 'AS' or ')'" },
    { expected: [], words: 'something else' },
  ])('$words', ({ expected, words }) => {
    expect(describeExpected(expected.map((e) => `'${e}'`))).toBe(words);
  });

  test('a long list is cut to a few alternatives and a count of the rest', () => {
    const words = describeExpected(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8']);
    expect(words).toBe("'A1', 'A2', 'A3', 'A4', 'A5' or one of 3 other tokens");
  });
});
