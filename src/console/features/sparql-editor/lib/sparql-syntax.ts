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
export function stripComments(text: string): string {
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

function parseErrorMessage(hash: JisonHash): string {
  // A quote no token starts with is the start of a string the lexer found no end to.
  if (hash.token === 'INVALID' && (hash.text === '"' || hash.text === "'")) return `Unexpected ${hash.text} — a string that is never closed starts here`;
  return `Unexpected ${describeToken(hash.token, hash.text)} — expected ${describeExpected(hash.expected ?? [])}`;
}

/** The token the parser stopped at, as a person reads it: `'}'`, `'?x'`, `end of the query`. */
export function describeToken(token: string | undefined, text: string | undefined): string {
  if (token === 'EOF' || (!text && !token)) return 'end of the query';
  const shown = text || token || '';
  return `'${shown.length > 24 ? `${shown.slice(0, 23)}…` : shown}'`;
}

// The grammar's token names, sorted into what a person writes there (the grammar is
// SPARQL 1.1 Query Language §19, as sparqljs's Jison parser names its tokens).
const FUNCTION_TOKENS = /^(FUNC_|BOUND$|BNODE$|EXISTS$|COUNT$|GROUP_CONCAT$|CONCAT$|COALESCE$|SUBSTR$|REGEX$|REPLACE$|IF$|STRLANG|STRDT|SAMETERM|LANGMATCHES|ISIRI|ISURI|ISBLANK|ISLITERAL|ISNUMERIC)/;
const LITERAL_TOKENS = /^(STRING_LITERAL|INTEGER|DECIMAL|DOUBLE|BOOLEAN)/;
const IRI_TOKENS = new Set(['IRIREF', 'PNAME_LN', 'PNAME_NS']);
const BLANK_TOKENS = new Set(['BLANK_NODE_LABEL', 'ANON', '[']);
const OPERATOR_TOKENS = new Set(['=', '!=', '<', '>', '<=', '>=', '||', '&&', 'IN', '+', '-', '*', '/']);
const PATTERN_KEYWORDS = ['OPTIONAL', 'FILTER', 'BIND', 'GRAPH', 'MINUS', 'SERVICE'];
const QUERY_FORMS_TOKENS = ['SELECT', 'CONSTRUCT', 'ASK', 'DESCRIBE'];
const UPDATE_TOKENS = new Set(['LOAD', 'CREATE', 'INSERTDATA', 'DELETEDATA', 'DELETEWHERE', 'DELETE', 'INSERT', 'WITH', 'CLEAR', 'DROP', 'ADD', 'MOVE', 'COPY']);
/** Tokens that only make sense to a reader of the grammar: `()` as NIL, SPARQL-star's `<<` and `{|`. */
const HIDDEN_TOKENS = new Set(['NIL', '<<', '{|', '|}', 'INVALID', 'error']);
const KEYWORD_SPELLING: Record<string, string> = { GROUP: 'GROUP BY', ORDER: 'ORDER BY', INSERTDATA: 'INSERT DATA', DELETEDATA: 'DELETE DATA', DELETEWHERE: 'DELETE WHERE' };
const MAX_ALTERNATIVES = 6;

/**
 * The parser's list of expected tokens summarised in words: `an expression`, `a term
 * (variable, IRI, literal or blank node)`, `'}'`, `'ORDER BY'`, `the end of the query`,
 * at most a handful of them, so that a failed run reads as one sentence, not a dump.
 */
export function describeExpected(expected: readonly string[]): string {
  const left = new Set(expected.map((e) => e.replace(/^'|'$/g, '')).filter((e) => !HIDDEN_TOKENS.has(e)));
  const take = (test: (token: string) => boolean): boolean => {
    let found = false;
    for (const token of [...left]) {
      if (test(token)) {
        left.delete(token);
        found = true;
      }
    }
    return found;
  };
  const words: string[] = [];
  const count = (test: (token: string) => boolean) => [...left].filter(test).length;
  const isTerm = (t: string) => t === 'VAR' || IRI_TOKENS.has(t) || LITERAL_TOKENS.test(t) || BLANK_TOKENS.has(t);

  if (QUERY_FORMS_TOKENS.every((f) => left.has(f))) {
    // The very start: the prologue, a query, or an update (the grammar's path tokens there are noise).
    take((t) => QUERY_FORMS_TOKENS.includes(t) || t === 'BASE' || t === 'PREFIX' || IRI_TOKENS.has(t) || ['(', 'a', '!', '^'].includes(t));
    words.push('PREFIX', 'a query (SELECT, CONSTRUCT, ASK or DESCRIBE)');
    if (take((t) => UPDATE_TOKENS.has(t))) words.push('an update');
  }
  if (count((t) => OPERATOR_TOKENS.has(t)) >= 3) {
    // After an operand: signed numbers are there because `?x -1` lexes as `?x` then `-1`.
    take((t) => OPERATOR_TOKENS.has(t) || /_(POSITIVE|NEGATIVE)$/.test(t) || t === 'NOT');
    words.push('an operator');
  }
  if (count((t) => FUNCTION_TOKENS.test(t)) > 0) {
    const withTerms = left.has('VAR') || count((t) => LITERAL_TOKENS.test(t)) > 0;
    take((t) => FUNCTION_TOKENS.test(t) || t === 'VAR' || IRI_TOKENS.has(t) || LITERAL_TOKENS.test(t) || ['(', '!', '+', '-', 'NOT'].includes(t));
    words.push(withTerms ? 'an expression' : "a function call or '('");
  } else if (left.has('^') && left.has('a')) {
    // Where a predicate goes: a variable, an IRI, `a`, or a property path (`^`, `!`, `(`);
    // with literals too, the text ended where a predicate or an object could follow.
    const objectToo = count((t) => LITERAL_TOKENS.test(t)) > 0;
    take((t) => isTerm(t) || ['a', '^', '!', '('].includes(t));
    words.push(objectToo ? 'a term (variable, IRI, literal or blank node)' : "a predicate (variable, IRI, 'a' or a property path)");
  } else {
    const kinds: string[] = [];
    if (left.has('VAR')) kinds.push('variable');
    if (count((t) => IRI_TOKENS.has(t)) > 0) kinds.push('IRI');
    if (count((t) => LITERAL_TOKENS.test(t)) > 0) kinds.push(count((t) => /^STRING|^BOOLEAN/.test(t)) > 0 ? 'literal' : 'number');
    if (count((t) => BLANK_TOKENS.has(t)) > 0) kinds.push('blank node');
    const patterns = PATTERN_KEYWORDS.filter((k) => left.has(k)).length >= 3;
    if (kinds.length >= 3 && patterns) {
      take((t) => isTerm(t) || t === '(' || PATTERN_KEYWORDS.includes(t) || t === '{' || t === 'VALUES');
      words.push('a triple pattern', 'a graph pattern');
    } else if (kinds.length >= 3) {
      take((t) => isTerm(t) || t === '(');
      words.push(`a term (${joinAlternatives(kinds)})`);
    } else if (kinds.length > 0) {
      take(isTerm);
      words.push(joinAlternatives(kinds.map((k) => `${k === 'IRI' ? 'an' : 'a'} ${k}`)));
    }
  }
  if (PATTERN_KEYWORDS.filter((k) => left.has(k)).length >= 3) {
    take((t) => PATTERN_KEYWORDS.includes(t) || t === '{' || t === 'VALUES');
    words.push('a graph pattern');
  }
  if (count((t) => UPDATE_TOKENS.has(t)) >= 3) {
    take((t) => UPDATE_TOKENS.has(t));
    words.push('an update');
  }
  // The parser's table also lists closing brackets it could only take inside an open one;
  // among many alternatives they mislead more than they help.
  if (words.length + left.size > 4) take((t) => t === ']' || t === ')' || t === '|');
  const end = left.delete('EOF');
  for (const t of left) words.push(`'${KEYWORD_SPELLING[t] ?? t}'`);
  if (end) words.push('the end of the query');
  if (words.length === 0) return 'something else';
  if (words.length > MAX_ALTERNATIVES) return `${words.slice(0, MAX_ALTERNATIVES - 1).join(', ')} or one of ${words.length - MAX_ALTERNATIVES + 1} other tokens`;
  return joinAlternatives(words);
}

/** `a`, `a or b`, `a, b or c`. */
function joinAlternatives(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
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
