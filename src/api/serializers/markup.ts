/**
 * Escaping for the XML and XHTML the serialisers write.
 *
 * Beyond `& < > " '`: a literal may hold characters XML 1.0 cannot carry at all, not
 * even as a character reference (most C0 controls, U+FFFE/U+FFFF, lone surrogates).
 * SPARQL results XML must not silently change data, so it refuses them (406: the
 * client can ask for JSON, which carries anything); an HTML page is for reading, so
 * it shows U+FFFD in their place. Carriage returns, and tabs and newlines inside
 * attributes, are written as character references because XML parsers normalise the
 * raw characters away.
 */
import { cannotExpress } from './rdf-terms';

// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const TEXT: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTR: Record<string, string> = { ...TEXT, '"': '&quot;', "'": '&apos;', '\t': '&#9;', '\n': '&#10;' };

export type InvalidXmlChars = 'reject' | 'replace';

function clean(s: string, invalid: InvalidXmlChars, format: string): string {
  NOT_XML.lastIndex = 0;
  if (!NOT_XML.test(s)) return s;
  if (invalid === 'reject') {
    throw cannotExpress(format, 'a value holds a character XML 1.0 cannot represent');
  }
  return s.replace(NOT_XML, '\ufffd');
}

/** Text content of an element. */
export function escapeText(s: string, invalid: InvalidXmlChars = 'replace', format = 'XML'): string {
  return clean(s, invalid, format).replace(/[&<>\r]/g, (c) => TEXT[c]);
}

/** An attribute value, for either quote character. */
export function escapeAttr(s: string, invalid: InvalidXmlChars = 'replace', format = 'XML'): string {
  return clean(s, invalid, format).replace(/[&<>"'\t\n\r]/g, (c) => ATTR[c]);
}
