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
  hash?: { loc?: { first_line: number; first_column: number } };
}

export function parseSparql(text: string, base: string | undefined): SparqlQuery {
  try {
    return new Parser({ baseIRI: baseIri(base) }).parse(text);
  } catch (e) {
    throw syntaxError(e);
  }
}

/** The parser's message, with its position as line:column when it gives one. */
export function syntaxError(e: unknown): DbError {
  const err = e as JisonError;
  const message = (err?.message ?? String(e)).trim();
  const loc = err?.hash?.loc;
  const where = loc ? ` (line ${loc.first_line}, column ${loc.first_column + 1})` : '';
  return new DbError('RESTAPI-INVALIDCONTENT', `SPARQL syntax error${where}: ${message}`);
}

export function generateSparql(query: SparqlQuery): string {
  return new Generator().stringify(query);
}
