/**
 * Reformatting the editor's text: parsed by sparqljs and written back by its generator,
 * one clause a line, two-space indents. The generator knows nothing of comments, so a
 * comment block at the top (often the query's title) is kept and a text with comments
 * anywhere else is left as it is rather than lose them.
 */
import { Generator, Parser } from 'sparqljs';
import { stripComments } from './sparql-syntax';

export type FormatResult = { ok: true; text: string } | { ok: false; reason: string };

// Relative IRIs need a base to parse; this one is taken out again of what is written.
const PLACEHOLDER_BASE = 'http://tabula.invalid/';
const RDF_TYPE = '<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>';

export function formatSparql(text: string): FormatResult {
  const header = /^(?:[ \t]*(?:#[^\n]*)?\n)*/.exec(text)?.[0] ?? '';
  const body = text.slice(header.length);
  if (hasComment(body)) return { ok: false, reason: 'The query has comments inside it, which formatting would lose.' };
  let parsed;
  try {
    parsed = new Parser({ baseIRI: PLACEHOLDER_BASE, sparqlStar: true }).parse(body);
  } catch {
    return { ok: false, reason: 'Only a query without syntax errors can be formatted.' };
  }
  const declaresBase = /(^|\s)BASE\s*</i.test(stripComments(body));
  let out = new Generator({ indent: '  ', sparqlStar: true }).stringify(parsed);
  if (!declaresBase) out = out.replace(`BASE <${PLACEHOLDER_BASE}>\n`, '').split(`<${PLACEHOLDER_BASE}`).join('<');
  // The generator spells `a` out; as a predicate (between terms) it reads back as `a`.
  out = out.replace(new RegExp(`(?<=[\\s;{\\[])${escapeRegExp(RDF_TYPE)}(?= [^\\s.,;])`, 'g'), 'a');
  const headerLines = header.replace(/\n+$/, '\n');
  return { ok: true, text: `${headerLines.trim() ? headerLines : ''}${out}\n` };
}

/** Whether a `#` outside IRIs and strings starts a comment. */
function hasComment(text: string): boolean {
  return text.replace(/<[^<>\s]*>|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, '').includes('#');
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
