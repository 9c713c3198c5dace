/**
 * Pieces of the linear pre-scans over SPARQL and Turtle-family text (sparql-limits.ts,
 * payload-limits.ts): both syntaxes share their string literals and IRI references.
 */

// The grammar's IRIREF: no space or control character inside, so `?a < ?b` (and N3's `<=`) is no IRI.
// eslint-disable-next-line no-control-regex
export const IRIREF = /<[^<>"{}|^`\\\u0000-\u0020]*>/y;

/** Where a match of the sticky `re` at `at` ends (`at` when there is none). */
export function endOf(re: RegExp, text: string, at: number): number {
  re.lastIndex = at;
  return re.test(text) ? re.lastIndex : at;
}

/** The index after the string literal starting at `start` (short or long form, backslash escapes). */
export function afterString(text: string, start: number): number {
  const q = text[start];
  const long = text.startsWith(q.repeat(3), start);
  let i = start + (long ? 3 : 1);
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (long ? text.startsWith(q.repeat(3), i) : c === q) return i + (long ? 3 : 1);
    else if (!long && c === '\n') return i;
    else i++;
  }
  return i;
}
