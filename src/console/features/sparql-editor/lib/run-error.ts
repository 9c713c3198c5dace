/**
 * A failed run in one sentence. A syntax error is placed by the editor's own check
 * (sparql-syntax.ts) on the text that was sent, so the sentence names the line and
 * column the editor marks, whatever position the server's message gives: this one
 * reports where the last token it accepted starts, a real MarkLogic another place and
 * wording again. Any other error is the server's message, with the codes MarkLogic
 * puts before it (`RESTAPI-INVALIDCONTENT: (err:FOER0000) Invalid content: …`, MarkLogic's
 * REST Application Developer's Guide, error reporting) said once in the title instead.
 */
import { ApiError } from '../../../../client/create-client';
import { errorText } from '../../../components/error-message';
import { analyseSparql, describeExpected, describeToken, type SyntaxProblem } from './sparql-syntax';

export interface RunErrorSummary {
  /** What went wrong, in one sentence. */
  sentence: string;
  /** Where in the sent text, when it is a syntax error the editor's check places. */
  problem?: SyntaxProblem;
}

/** The sentence for a syntax error: `Syntax error at line 3, column 14: unexpected '}' — expected …`. */
export function syntaxSentence(problem: Pick<SyntaxProblem, 'line' | 'column' | 'message'>): string {
  return `Syntax error at line ${problem.line}, column ${problem.column}: ${lowerFirst(problem.message)}`;
}

export function describeRunError(error: unknown, text: string, base?: string): RunErrorSummary {
  const message = serverMessage(error);
  if (isSyntaxError(error, message)) {
    const problem = analyseSparql(text, base?.trim() || undefined).error;
    if (problem) return { sentence: syntaxSentence(problem), problem };
    const fromServer = jisonSentence(message);
    if (fromServer) return { sentence: fromServer };
  }
  return { sentence: oneLine(message) };
}

/** The server's message without the codes in front that the title already says, or repeats of the status line. */
export function serverMessage(error: unknown): string {
  let text = errorText(error).trim();
  // `CODE: (err:XXXX) ` once or more, as MarkLogic prefixes its messages.
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(/^[A-Z][A-Z0-9]*-[A-Z0-9]+:\s*/, '').replace(/^\(err:[A-Za-z0-9]+\)\s*/, '');
  }
  if (error instanceof ApiError && error.statusCode > 0) {
    // A body-less error's message is its status line, which the title shows already.
    if (text === `${error.statusCode} ${error.status}`.trim()) return error.status || text;
  }
  return text || errorText(error);
}

function isSyntaxError(error: unknown, message: string): boolean {
  if (!(error instanceof ApiError) || error.statusCode !== 400) return false;
  return /syntax error|parse error|XPST0003/i.test(`${error.messageCode ?? ''} ${message}`);
}

/**
 * Reads a Jison parser's message (`… (line 1, column 39): Parse error on line 1: … Expecting
 * 'VAR', … got '}'`) into a sentence, for an error the editor's own check does not find.
 */
export function jisonSentence(message: string): string | undefined {
  const where = /\(line (\d+), column (\d+)\)/.exec(message);
  const got = /got '([^']*)'/.exec(message);
  const expecting = /Expecting ((?:'[^']*'(?:, )?)+)/.exec(message);
  if (!where || !got) return undefined;
  const expected = expecting ? [...expecting[1].matchAll(/'([^']*)'/g)].map((m) => m[1]) : [];
  const token = describeToken(got[1], got[1] === 'EOF' ? '' : got[1]);
  const rest = expected.length > 0 ? ` — expected ${describeExpected(expected)}` : '';
  return `Syntax error near line ${where[1]}, column ${where[2]}: unexpected ${token}${rest}`;
}

function oneLine(text: string): string {
  const lines = text.split('\n');
  return lines.length <= 3 ? lines.join(' ').replace(/\s+/g, ' ').trim() : text;
}

function lowerFirst(text: string): string {
  // `Unexpected '}'` reads on after a colon; a name such as `SELECT` keeps its case.
  return /^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}
