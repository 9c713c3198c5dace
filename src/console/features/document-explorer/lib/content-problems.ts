/**
 * Whether a JSON or XML document's text would be accepted, and if not where it goes wrong,
 * checked as the person types: JSON with the positioned parser of the Options page
 * (json-positions.ts), XML with saxes, the strict namespace-aware parser the database's own
 * well-formedness check uses — so the editor flags what the server would refuse, at the
 * line and column it would name.
 */
import { SaxesParser } from 'saxes';
import { JsonSyntaxError, parseJsonWithPositions } from '../../query-options/lib/json-positions';

export interface ContentProblem {
  message: string;
  /** Offsets in the text: what to mark. */
  from: number;
  to: number;
  /** 1-based, where `from` is. */
  line: number;
  column: number;
}

/** 1-based line and column of `offset` in `text` (a column counts UTF-16 units, as the editor does). */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const at = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: at - lineStart + 1 };
}

function problem(text: string, message: string, from: number, to: number): ContentProblem {
  const start = Math.max(0, Math.min(from, text.length));
  const end = Math.max(start, Math.min(to, text.length));
  return { message, from: start, to: end, ...lineColumn(text, start) };
}

/** The first problem in `text` as a document of `format`; undefined when it is well-formed (text: always). */
export function contentProblem(format: 'json' | 'xml' | 'text', text: string): ContentProblem | undefined {
  if (format === 'json') return jsonProblem(text);
  if (format === 'xml') return xmlProblem(text);
  return undefined;
}

function jsonProblem(text: string): ContentProblem | undefined {
  try {
    parseJsonWithPositions(text);
    return undefined;
  } catch (e) {
    if (e instanceof JsonSyntaxError) return problem(text, e.message, e.from, e.to);
    throw e;
  }
}

/** saxes prefixes its messages with `line:column: `; the position is given separately. */
const POSITION_PREFIX = /^\d+:\d+: /;

function xmlProblem(text: string): ContentProblem | undefined {
  const parser = new SaxesParser({ xmlns: true, position: true });
  let found: ContentProblem | undefined;
  parser.on('error', (err) => {
    if (found) return;
    // saxes reports after reading the offending character: mark that character.
    const at = Math.max(0, parser.position - 1);
    found = problem(text, err.message.replace(POSITION_PREFIX, ''), at, at + 1);
  });
  try {
    parser.write(text).close();
  } catch {
    // saxes throws when an error handler returns; the first problem is already kept.
  }
  return found;
}
