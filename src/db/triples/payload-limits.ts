/**
 * RDF payloads checked before the engine parses them, where the engine would blow up:
 * - RDF/XML with entity declarations in its DTD is refused: Oxigraph expands internal
 *   entities, and a billion-laughs DTD of under 1 KB costs it seconds and gigabytes before
 *   it panics (XML documents get no DTD entities either: src/db/xml/well-formed.ts);
 * - JSON-LD nested deeper than `maxNestingDepth`: the engine's recursive reader traps
 *   near 1,000 levels;
 * - RDF/XML elements nested deeper than `maxNestingDepth`: the engine's reader takes
 *   time quadratic in the depth (10,000 levels: 1.5 s, 40,000: 21 s);
 * - Turtle, TriG and N3: `(` / `[` / `{` nested deeper than `maxNestingDepth`, and a
 *   collection `( … )` of more than `maxRdfListItems` items.
 * Each is one linear, non-recursive pass; figures in docs/decisions/0014-engine-traps.md.
 */
import { DbError } from '../errors';
import { checkLimit, limitError, limits } from '../limits';
import { afterString, endOf, IRIREF } from './text-scan';

const TURTLE_FAMILY = new Set(['text/turtle', 'application/trig', 'text/trig', 'application/x-trig', 'text/n3']);

/** Throws when `text` (a payload in `format`, a bare media type) may not reach the engine. */
export function checkRdfPayload(text: string | Uint8Array, format: string): void {
  if (format === 'application/rdf+xml') refuseDtdEntities(asAscii(text));
  else if (format === 'application/ld+json') checkLimit('maxNestingDepth', jsonDepth(asAscii(text)), 'JSON-LD payload');
  if (format === 'application/rdf+xml') checkLimit('maxNestingDepth', xmlDepth(asAscii(text)), 'RDF/XML payload: elements nested');
  else if (TURTLE_FAMILY.has(format)) checkTurtleShape(asAscii(text), `${format} payload`);
}

/** Bytes as one character each: enough to find ASCII markup, at the cost of one copy. */
const asAscii = (text: string | Uint8Array): string => (typeof text === 'string' ? text : new TextDecoder('latin1').decode(text));

function refuseDtdEntities(xml: string): void {
  const doctype = xml.indexOf('<!DOCTYPE');
  if (doctype < 0) return;
  const subset = xml.indexOf('[', doctype);
  const end = xml.indexOf('>', doctype);
  // An internal subset opens before the DOCTYPE's first `>` (declarations inside it have their own).
  if (subset < 0 || (end >= 0 && end < subset)) return;
  const close = xml.indexOf(']', subset);
  if (xml.slice(subset, close < 0 ? xml.length : close).includes('<!ENTITY')) {
    throw new DbError('RESTAPI-INVALIDCONTENT', 'RDF/XML with entity declarations in its DTD is not supported (entities can expand without bound); write the values out');
  }
}

/** Deepest nesting of `{` and `[` outside strings. */
function jsonDepth(json: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === 0x22) {
      // A string: skip to its closing quote, over escapes.
      for (i++; i < json.length && json.charCodeAt(i) !== 0x22; i++) if (json.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > deepest) deepest = depth;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return deepest;
}

/** Deepest element nesting of XML text (comments, CDATA, PIs, the DOCTYPE and attribute values skipped). */
function xmlDepth(xml: string): number {
  let depth = 0;
  let deepest = 0;
  let i = xml.indexOf('<');
  while (i >= 0 && i < xml.length) {
    if (xml.startsWith('<!--', i)) i = after(xml, '-->', i + 4);
    else if (xml.startsWith('<![CDATA[', i)) i = after(xml, ']]>', i + 9);
    else if (xml.startsWith('<?', i)) i = after(xml, '?>', i + 2);
    else if (xml.startsWith('<!', i)) i = afterDoctype(xml, i);
    else {
      const closing = xml[i + 1] === '/';
      const end = tagEnd(xml, i + 1);
      if (closing) depth--;
      else if (xml[end - 2] !== '/' && ++depth > deepest) deepest = depth;
      i = end;
    }
    i = xml.indexOf('<', i);
  }
  return deepest;
}

const after = (text: string, token: string, from: number): number => {
  const at = text.indexOf(token, from);
  return at < 0 ? text.length : at + token.length;
};

/** Just after the `>` ending a tag that starts before `from`, over quoted attribute values. */
function tagEnd(xml: string, from: number): number {
  for (let i = from; i < xml.length; i++) {
    const c = xml[i];
    if (c === '"' || c === "'") i = after(xml, c, i + 1) - 1;
    else if (c === '>') return i + 1;
  }
  return xml.length;
}

/** Just after a `<!DOCTYPE …>` (its internal subset included) or other `<!` declaration. */
function afterDoctype(xml: string, start: number): number {
  const end = tagEnd(xml, start + 2);
  const open = xml.indexOf('[', start);
  if (open < 0 || open >= end) return end;
  return tagEnd(xml, after(xml, ']', open));
}

/**
 * Turtle, TriG and N3: the depth of `(`, `[` and `{`, and the items of each collection
 * (a term, or a nested `(…)` / `[…]`), outside strings, IRIs and comments. A literal's
 * `@lang` or `^^datatype` belongs to it.
 */
function checkTurtleShape(text: string, what: string): void {
  // Per open bracket: its kind and, for a collection, its items so far.
  const kinds: string[] = [];
  const items: number[] = [];
  const item = (): void => {
    const top = kinds.length - 1;
    if (top >= 0 && kinds[top] === '(' && ++items[top] > limits.maxRdfListItems) throw limitError('maxRdfListItems', `${what}: a collection`);
  };
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '.' || c === ';' || c === ',') {
      i++;
    } else if (c === '#') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
    } else if (c === '"' || c === "'") {
      item();
      i = afterString(text, i);
      if (text[i] === '@') i = endOf(LANG, text, i + 1);
      else if (text.startsWith('^^', i)) i = afterTerm(text, i + 2);
    } else if (c === '(' || c === '[' || c === '{') {
      item();
      kinds.push(c);
      items.push(0);
      if (kinds.length > limits.maxNestingDepth) throw limitError('maxNestingDepth', `${what}: brackets nested`);
      i++;
    } else if (c === ')' || c === ']' || c === '}') {
      kinds.pop();
      items.pop();
      i++;
    } else {
      item();
      i = afterTerm(text, i);
    }
  }
}

const LANG = /[A-Za-z0-9-]*/y;
const WORD = /(?:[^\s"'<>()[\]{}#,;\\]|\\.)+/y;

/** Just after the IRI or word (prefixed name, number, keyword, blank node label) at `at`; one character at least. */
function afterTerm(text: string, at: number): number {
  if (text[at] === '<') return Math.max(endOf(IRIREF, text, at), at + 1);
  return Math.max(endOf(WORD, text, at), at + 1);
}
