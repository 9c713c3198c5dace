/**
 * The one JSON reader for request bodies. `JSON.parse` itself copes with any depth, but
 * everything after it recurses — `JSON.stringify`, the structured clone IndexedDB
 * stores with, query and patch evaluation — and overflows the stack on a deep enough
 * value. So the nesting depth is measured first, by a loop over the text that stops
 * at the first bracket past {@link limits.maxNestingDepth}, and only then is the text
 * parsed. Every endpoint reads JSON through {@link parseJson}, so none can forget it.
 */
import type { DbError } from '../errors';
import { limitError, limits } from '../limits';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Throws 400 TABULA-LIMIT naming `maxNestingDepth` when arrays and objects in `text`
 * nest deeper than the limit. Brackets inside strings do not count; the text need not
 * be valid JSON (the parser that follows decides that).
 */
export function checkJsonDepth(text: string, what: string): void {
  const max = limits.maxNestingDepth;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip the string, escapes included; an unterminated one ends the scan.
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) throw limitError('maxNestingDepth', what);
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
}

/**
 * `JSON.parse` of a request body after {@link checkJsonDepth}. A syntax error becomes
 * the caller's error (`malformed` gets the parser's message), so each endpoint keeps
 * its own code for bad JSON while the limit error always reaches the client as is.
 */
export function parseJson(text: string, what: string, malformed: (reason: string) => DbError): unknown {
  checkJsonDepth(text, what);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw malformed(e instanceof Error ? e.message : String(e));
  }
}
