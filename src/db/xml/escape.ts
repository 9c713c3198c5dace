/** Escaping for values written into XML text by string building. */
import { DbError } from '../errors';

/** Characters XML 1.0 cannot carry at all, not even as a character reference. */
// With the u flag a surrogate pair is one code point, so the range only catches lone halves.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_XML_CHAR = /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF\uD800-\uDFFF]/u;

function assertXmlChars(s: string, what: string): void {
  const bad = NOT_XML_CHAR.exec(s);
  if (bad) {
    const code = bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    throw new DbError('RESTAPI-INVALIDCONTENT', `${what} contains U+${code}, which XML cannot represent`);
  }
}

/** Text content; `what` names the value in the error when it holds a character XML forbids. */
export function escapeText(s: string, what: string): string {
  assertXmlChars(s, what);
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** A double-quoted attribute value; whitespace characters are escaped so they survive normalisation. */
export function escapeAttribute(s: string, what: string): string {
  assertXmlChars(s, what);
  const named: Record<string, string> = { '&': '&amp;', '<': '&lt;', '"': '&quot;' };
  return s.replace(/[&<"\t\n\r]/g, (c) => named[c] ?? `&#${c.charCodeAt(0)};`);
}
