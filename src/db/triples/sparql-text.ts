/**
 * SPARQL text in and out through sparqljs: parsing (relative IRIs resolved against the
 * client's base or the relative scheme) with syntax errors reported as 400
 * RESTAPI-INVALIDCONTENT carrying the parser's message and position, and generating
 * text for Oxigraph from a parsed (and amended) query.
 */
import { Generator, Parser, type SparqlQuery } from 'sparqljs';
import { DbError } from '../errors';
import { RELATIVE_BASE, toInternal } from './relative-iris';

/** The base IRI parses use: the client's (in the engine's spelling) or the relative scheme. */
export const baseIri = (base: string | undefined): string => (base ? toInternal(base) : RELATIVE_BASE);

interface JisonError extends Error {
  hash?: { loc?: { first_line: number; first_column: number; last_line: number; last_column: number } };
}

export function parseSparql(text: string, base: string | undefined): SparqlQuery {
  try {
    return new Parser({ baseIRI: baseIri(base) }).parse(text);
  } catch (e) {
    throw syntaxError(e, text);
  }
}

/**
 * The parser's complaint in one line, at the offending token: Jison's `loc` is the last
 * token it accepted, so the position reported is the next thing after it that is not blank
 * or a comment (where an editor marks the error). Jison's excerpt with a `---^` caret under
 * it is left out: it points right only in a fixed-width font, and the position says it.
 */
export function syntaxError(e: unknown, text?: string): DbError {
  const err = e as JisonError;
  const message = (err?.message ?? String(e)).trim();
  const lines = message.split('\n');
  const said = lines.find((l) => /^Expecting /.test(l)) ?? lines[0];
  const loc = err?.hash?.loc;
  const at = loc && position(text, loc);
  const where = at ? ` (line ${at.line}, column ${at.column})` : '';
  return new DbError('RESTAPI-INVALIDCONTENT', `SPARQL syntax error${where}: ${said.trim()}`);
}

/** 1-based line and column (UTF-16 units) of what follows the last accepted token. */
function position(text: string | undefined, loc: NonNullable<NonNullable<JisonError['hash']>['loc']>): { line: number; column: number } {
  if (text === undefined) return { line: loc.first_line, column: loc.first_column + 1 };
  let offset = 0;
  for (let l = 1; l < loc.last_line && offset <= text.length; l++) {
    const nl = text.indexOf('\n', offset);
    offset = nl === -1 ? text.length : nl + 1;
  }
  offset = Math.min(text.length, offset + loc.last_column);
  for (;;) {
    while (offset < text.length && /\s/.test(text[offset])) offset++;
    if (text[offset] !== '#') break;
    const nl = text.indexOf('\n', offset);
    offset = nl === -1 ? text.length : nl + 1;
  }
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return { line: text.slice(0, start).split('\n').length, column: offset - start + 1 };
}

export function generateSparql(query: SparqlQuery): string {
  return new Generator().stringify(query);
}
