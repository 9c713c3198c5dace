/**
 * The SPARQL text's shape checked against the instance's limits before any parser sees
 * it (sparqljs and Oxigraph both recurse on it: deep nesting costs seconds to parse, then
 * overruns the engine's stack, a trap; long operator chains and property paths build
 * deep trees that do the same). One linear, non-recursive pass over the characters,
 * skipping strings, IRIs and comments:
 * - `maxSparqlLength`: characters of the text (413);
 * - `maxSparqlNesting`: depth of `{`, `(` and `[`;
 * - `maxSparqlPathLength`: property-path operators (`/`, `|`, `^`) in one statement;
 * - `maxSparqlChain`: other operators and UNION / MINUS / OPTIONAL in one statement.
 * A statement ends at `.`, `;` or `,` or with its bracket. Then the triple patterns are
 * counted (`maxSparqlTriplePatterns`, src/db/triples/sparql-patterns.ts). Figures:
 * docs/decisions/0014-engine-traps.md.
 */
import { DbError } from '../errors';
import { limitDetail, limitError, limits } from '../limits';
import { checkSparqlPatterns } from './sparql-patterns';
import { afterString, endOf, IRIREF } from './text-scan';

const WORD = /[\p{L}\p{N}_:.\-%\\?$]+/uy;
const OPERATOR = /[|/^!=<>&+*-]+/y;
const CHAINING = new Set(['UNION', 'MINUS', 'OPTIONAL']);

/** Throws 413 or 400 TABULA-LIMIT when `text` goes past a SPARQL limit; `what` names it ("SPARQL query"). */
export function checkSparqlLimits(text: string, what: string): void {
  if (text.length > limits.maxSparqlLength) throw new DbError('RESTAPI-PAYLOADTOOLARGE', limitDetail('maxSparqlLength', what));
  // Per open bracket (index 0: outside any), the current statement's counts.
  const paths: number[] = [0];
  const chain: number[] = [0];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === '#') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
    } else if (c === '"' || c === "'") {
      i = afterString(text, i);
    } else if (c === '{' || c === '(' || c === '[') {
      paths.push(0);
      chain.push(0);
      if (paths.length - 1 > limits.maxSparqlNesting) throw limitError('maxSparqlNesting', `${what}: brackets nested`);
      i++;
    } else if (c === '}' || c === ')' || c === ']') {
      if (paths.length > 1) {
        paths.pop();
        chain.pop();
      }
      i++;
    } else if (c === '.' || c === ';' || c === ',') {
      paths[paths.length - 1] = 0;
      chain[chain.length - 1] = 0;
      i++;
    } else if (c === '<' && endOf(IRIREF, text, i) > i) {
      i = endOf(IRIREF, text, i);
    } else if (endOf(OPERATOR, text, i) > i) {
      const end = endOf(OPERATOR, text, i);
      const op = text.slice(i, end);
      i = end;
      const top = paths.length - 1;
      if (op === '/' || op === '|' || op === '^') {
        if (++paths[top] > limits.maxSparqlPathLength) throw limitError('maxSparqlPathLength', `${what}: a property path`);
      } else if (++chain[top] > limits.maxSparqlChain) {
        throw limitError('maxSparqlChain', `${what}: operators in one statement`);
      }
    } else if (endOf(WORD, text, i) > i) {
      const end = endOf(WORD, text, i);
      const word = text.slice(i, end);
      i = end;
      if (CHAINING.has(word.toUpperCase()) && ++chain[chain.length - 1] > limits.maxSparqlChain) {
        throw limitError('maxSparqlChain', `${what}: operators in one statement`);
      }
    } else {
      i++;
    }
  }
  checkSparqlPatterns(text, what);
}
