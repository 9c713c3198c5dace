/**
 * Path-form IRIs in N-Triples and N-Quads. Those syntaxes admit absolute IRIs only, and
 * Oxigraph's parsers ignore the base IRI ("No scheme found"), yet clients write
 * `<marklogic.com/inline/path>` there as anywhere else — as a graph name too, which rules
 * out reading N-Quads as TriG (TriG has no four-term statements).
 *
 * When the parser refuses a payload for that reason, the caller rewrites it here: every
 * `<iri>` token without a scheme, outside literals and comments, becomes the IRI resolved
 * against the base, and the payload is parsed again in its own syntax. Oxigraph's Turtle
 * parser does the resolving, so `marklogic.com/x`, `/a`, `../x`, `#f` and `\u` escapes
 * come out exactly as in a Turtle payload (under `tabula-relative:` without a client
 * base). Only the inside of IRI tokens changes, so parse errors keep their line.
 */
import { rethrowTrap } from './engine-trap';
import type * as Oxigraph from 'oxigraph';
import { hasScheme } from './relative-iris';

/** An `<iri>` token: `start` at `<`, `end` just after `>`, `raw` between them as written. */
export interface IriToken {
  start: number;
  end: number;
  raw: string;
}

const SPECIAL = /["<#]/g;
const LINE_END = /[\n\r]/g;

/**
 * The IRI tokens of N-Triples / N-Quads text, skipping string literals (escapes
 * included), comments and the `<<(` `)>>` of triple terms. Lines are what bound a
 * literal or an IRI (neither may span one), so a malformed line cannot hide the rest.
 */
export function iriTokens(text: string): IriToken[] {
  const tokens: IriToken[] = [];
  let i = 0;
  for (;;) {
    SPECIAL.lastIndex = i;
    const m = SPECIAL.exec(text);
    if (!m) return tokens;
    const at = m.index;
    if (m[0] === '"') {
      i = endOfString(text, at + 1);
    } else if (m[0] === '#') {
      i = lineEnd(text, at);
    } else if (text[at + 1] === '<') {
      i = at + 2;
    } else {
      const close = text.indexOf('>', at + 1);
      const eol = lineEnd(text, at);
      if (close === -1 || close > eol) {
        i = eol;
      } else {
        tokens.push({ start: at, end: close + 1, raw: text.slice(at + 1, close) });
        i = close + 1;
      }
    }
  }
}

function lineEnd(text: string, from: number): number {
  LINE_END.lastIndex = from;
  return LINE_END.exec(text)?.index ?? text.length;
}

/** Just after the closing quote of a literal whose text starts at `from` (or the line end). */
function endOfString(text: string, from: number): number {
  const eol = lineEnd(text, from);
  for (let j = from; j < eol; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '"') return j + 1;
  }
  return eol;
}

/**
 * The text with every scheme-less IRI token resolved against `base` (an absolute IRI).
 * Throws an Error in Oxigraph's style, positioned in `text`, when such a token is not
 * a valid IRI reference.
 */
export function resolveLineIris(ox: typeof Oxigraph, text: string, base: string): string {
  const relative = iriTokens(text).filter((t) => !hasScheme(t.raw));
  if (relative.length === 0) return text;
  const distinct = [...new Set(relative.map((t) => t.raw))];
  const resolved = new Map<string, string>();
  // One Turtle document, one IRI per line: one parse resolves them all, and a parse
  // error's line says which one is bad.
  const doc = distinct.map((raw) => `<${raw}> <urn:x-tabula:resolve> "" .`).join('\n');
  try {
    ox.parse(doc, { format: 'text/turtle', base_iri: base }).forEach((q, i) => resolved.set(distinct[i], q.subject.value));
  } catch (e) {
    rethrowTrap(e);
    throw positioned(text, relative, distinct, (e as Error).message);
  }
  let out = '';
  let at = 0;
  for (const t of relative) {
    out += `${text.slice(at, t.start)}<${resolved.get(t.raw)}>`;
    at = t.end;
  }
  return out + text.slice(at);
}

/** The resolver's error, about line n of its document, moved to where that IRI is in the payload. */
function positioned(text: string, tokens: IriToken[], distinct: string[], message: string): Error {
  const m = /^Parser error at line (\d+)[^:]*: ([\s\S]*)$/.exec(message);
  const raw = m ? distinct[Number(m[1]) - 1] : undefined;
  const token = raw === undefined ? undefined : tokens.find((t) => t.raw === raw);
  if (!m || !token) return new Error(message);
  const before = text.slice(0, token.start);
  const line = before.split(/\r\n|\n|\r/).length;
  const column = token.start - Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r'));
  return new Error(`Parser error at line ${line} column ${column}: <${raw}>: ${m[2]}`);
}
