/**
 * RDF payloads checked before the engine parses them, where the engine would blow up:
 * - RDF/XML with entity declarations in its DTD is refused: Oxigraph expands internal
 *   entities, and a billion-laughs DTD of under 1 KB costs it seconds and gigabytes before
 *   it panics (XML documents get no DTD entities either: src/db/xml/well-formed.ts);
 * - JSON-LD nested deeper than `maxNestingDepth`: the engine's recursive reader traps
 *   near 1,000 levels.
 * Each is one linear pass; figures in docs/decisions/0014-engine-traps.md.
 */
import { DbError } from '../errors';
import { checkLimit } from '../limits';

/** Throws when `text` (a payload in `format`, a bare media type) may not reach the engine. */
export function checkRdfPayload(text: string | Uint8Array, format: string): void {
  if (format === 'application/rdf+xml') refuseDtdEntities(asAscii(text));
  else if (format === 'application/ld+json') checkLimit('maxNestingDepth', jsonDepth(asAscii(text)), 'JSON-LD payload');
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
