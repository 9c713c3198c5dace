/**
 * What the editor knows about the text being typed: query or update (and which
 * query form), the prefixes it declares, and the first syntax error with its place.
 * sparqljs parses it; the server (Oxigraph) stays the judge when the text is run, so
 * the editor only marks, it never refuses to send.
 */
import { Parser } from 'sparqljs';
import type { QueryForm } from '../../../../client/sparql';

export type Operation = 'query' | 'update';

export interface SyntaxProblem {
  /** Offsets in the text, `to` exclusive; `from === to` at the end of the text. */
  from: number;
  to: number;
  /** 1-based. */
  line: number;
  column: number;
  message: string;
}

export interface SparqlAnalysis {
  /** `null` when the text holds no operation yet (empty, comments, prologue only). */
  operation: Operation | null;
  form?: QueryForm;
  error?: SyntaxProblem;
}

// sparqljs refuses relative IRIs without a base, but the server resolves them (path-form
// IRIs such as <marklogic.com/r1> are ordinary in MarkLogic data), so parse against one.
const PLACEHOLDER_BASE = 'http://tabula.invalid/';

interface JisonHash {
  text: string;
  token: string;
  loc?: { first_line: number; first_column: number; last_line: number; last_column: number };
  expected?: string[];
}

export function analyseSparql(text: string, base?: string): SparqlAnalysis {
  const baseIRI = base && /^[A-Za-z][A-Za-z0-9+.-]*:/.test(base) ? base : PLACEHOLDER_BASE;
  try {
    const parsed = new Parser({ baseIRI, sparqlStar: true }).parse(text) as { type?: string; queryType?: QueryForm };
    if (parsed.type === 'query') return { operation: 'query', form: parsed.queryType };
    if (parsed.type === 'update') return { operation: 'update' };
    return { operation: null };
  } catch (err) {
    return { ...guessOperation(text), error: locateError(text, err) };
  }
}

const QUERY_FORMS = new Set<string>(['SELECT', 'ASK', 'CONSTRUCT', 'DESCRIBE']);
const UPDATE_KEYWORDS = new Set(['INSERT', 'DELETE', 'LOAD', 'CLEAR', 'CREATE', 'DROP', 'COPY', 'MOVE', 'ADD', 'WITH']);

/** Query or update from the first keyword after the prologue, for text that does not parse. */
export function guessOperation(text: string): Pick<SparqlAnalysis, 'operation' | 'form'> {
  const body = skipPrologue(text, 0);
  const keyword = /^[A-Za-z]+/.exec(text.slice(body))?.[0].toUpperCase();
  if (keyword && QUERY_FORMS.has(keyword)) return { operation: 'query', form: keyword as QueryForm };
  if (keyword && UPDATE_KEYWORDS.has(keyword)) return { operation: 'update' };
  return { operation: null };
}

/** The namespace IRI of every `PREFIX p: <iri>` in the text, by prefix name. */
export function declaredPrefixes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of stripComments(text).matchAll(/\bPREFIX\s+([A-Za-z][\w.-]*)?:\s*<([^>]*)>/gi)) out[m[1] ?? ''] = m[2];
  return out;
}

/**
 * Where a new `PREFIX` line goes: after the last declaration of the prologue, or,
 * when there is none, before the first line of code (below leading comments, which
 * may be the query's title).
 */
export function prologueEnd(text: string): { offset: number; hasDeclarations: boolean } {
  let pos = skipSpaceAndComments(text, 0);
  let end = -1;
  for (;;) {
    const m = /^(?:PREFIX\s*([A-Za-z][\w.-]*)?:\s*<[^>]*>|BASE\s*<[^>]*>)/i.exec(text.slice(pos));
    if (!m) break;
    end = pos + m[0].length;
    pos = skipSpaceAndComments(text, end);
  }
  if (end >= 0) return { offset: end, hasDeclarations: true };
  return { offset: lineStart(text, skipSpaceAndComments(text, 0)), hasDeclarations: false };
}

function skipPrologue(text: string, from: number): number {
  const { offset, hasDeclarations } = prologueEnd(text.slice(from));
  return hasDeclarations ? skipSpaceAndComments(text, from + offset) : skipSpaceAndComments(text, from);
}

function skipSpaceAndComments(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    if (/\s/.test(text[i])) i++;
    else if (text[i] === '#') {
      const nl = text.indexOf('\n', i);
      i = nl === -1 ? text.length : nl + 1;
    } else break;
  }
  return i;
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The text with comments and string contents blanked out, offsets kept: what is left is code and IRIs. */
function stripComments(text: string): string {
  return text.replace(/(<[^<>\s]*>)|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|#[^\n]*/g, (m, iri) => iri ?? ' '.repeat(m.length));
}

function locateError(text: string, err: unknown): SyntaxProblem {
  const message = err instanceof Error ? err.message : String(err);
  const hash = (err as { hash?: JisonHash }).hash;
  if (hash?.loc) {
    // Jison's loc is the last token it accepted; the offending one is the next thing
    // after it that is not blank or a comment.
    const from = skipSpaceAndComments(text, offsetOf(text, hash.loc.last_line, hash.loc.last_column));
    const length = hash.token === 'EOF' ? 0 : Math.max(1, hash.text.length);
    return problem(text, from, Math.min(text.length, from + length), parseErrorMessage(hash));
  }
  const [from, to] = semanticErrorRange(text, message);
  return problem(text, from, to, message);
}

function problem(text: string, from: number, to: number, message: string): SyntaxProblem {
  const before = text.slice(0, from);
  const line = before.split('\n').length;
  return { from, to, line, column: from - lineStart(text, from) + 1, message };
}

function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', offset);
    if (nl === -1) return text.length;
    offset = nl + 1;
  }
  return Math.min(text.length, offset + column);
}

const TOKEN_NAMES: Record<string, string> = {
  IRIREF: 'an IRI',
  PNAME_LN: 'a prefixed name',
  PNAME_NS: 'a prefix',
  VAR: 'a variable',
  EOF: 'the end',
  STRING_LITERAL1: 'a string',
  STRING_LITERAL2: 'a string',
  STRING_LITERAL_LONG1: 'a string',
  STRING_LITERAL_LONG2: 'a string',
  INTEGER: 'a number',
  DECIMAL: 'a number',
  DOUBLE: 'a number',
  BLANK_NODE_LABEL: 'a blank node',
};
const MAX_EXPECTED = 8;

function parseErrorMessage(hash: JisonHash): string {
  const got = hash.token === 'EOF' ? 'end of text' : `"${hash.text || hash.token}"`;
  const expected = [...new Set((hash.expected ?? []).map((e) => e.replace(/^'|'$/g, '')).map((e) => TOKEN_NAMES[e] ?? e))];
  if (expected.length === 0) return `Unexpected ${got}`;
  const shown = expected.slice(0, MAX_EXPECTED).join(', ');
  return `Unexpected ${got}; expected ${shown}${expected.length > MAX_EXPECTED ? ', …' : ''}`;
}

/** The place of an error sparqljs reports without a position (checks made after parsing). */
function semanticErrorRange(text: string, message: string): [number, number] {
  const code = stripComments(text);
  const find = (re: RegExp): [number, number] | undefined => {
    const m = re.exec(code);
    return m ? [m.index, m.index + m[0].length] : undefined;
  };
  const prefix = /Unknown prefix: ([\w.-]*)/.exec(message)?.[1];
  const variable = /\(\?([\w-]+)\)/.exec(message)?.[1];
  const found =
    (prefix !== undefined ? find(new RegExp(`(?<![\\w.-])${escapeRegExp(prefix)}:[\\w.-]*`)) : undefined) ??
    (variable !== undefined ? find(new RegExp(`[?$]${escapeRegExp(variable)}(?![\\w-])`)) : undefined);
  if (found) return found;
  const start = skipSpaceAndComments(text, 0);
  const nl = text.indexOf('\n', start);
  return [start, nl === -1 ? text.length : nl];
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
