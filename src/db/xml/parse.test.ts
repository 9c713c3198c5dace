import { describe, expect, test } from 'vitest';
import type { MessageCode } from '../errors';
import { checkXml, isWellFormedXml, parseXml, serializeXml } from './parse';
import { failure } from '../../../test/db-error';

describe('well-formed documents', () => {
  test.for([
    { name: 'an empty root element', input: '<a/>', output: '<a/>' },
    {
      name: 'an XML declaration is kept, naming UTF-8',
      input: '<?xml version="1.0" encoding="UTF-8"?>\n<a/>\n',
      output: '<?xml version="1.0" encoding="UTF-8"?>\n<a/>',
    },
    {
      name: 'a declaration in another encoding is rewritten for the UTF-8 text it travels in',
      input: "<?xml version='1.0' encoding='ISO-8859-1' standalone='yes'?><a/>",
      output: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<a/>',
    },
    {
      name: 'namespaces, prefixed attributes, xml:lang, CDATA and references survive',
      input: '<a xmlns="urn:d" xmlns:p="urn:p" p:x="1" xml:lang="en"><![CDATA[<x>]]>&#x1F600;&lt;&amp;</a>',
      output: '<a xmlns="urn:d" xmlns:p="urn:p" p:x="1" xml:lang="en"><![CDATA[<x>]]>😀&lt;&amp;</a>',
    },
    {
      name: 'comments and processing instructions around the root are kept, one per line',
      input: '<!-- c --><?pi x?><a><!--in--><?q y?></a><!-- after -->',
      output: '<!-- c -->\n<?pi x?>\n<a><!--in--><?q y?></a>\n<!-- after -->',
    },
    {
      name: 'a DOCTYPE with an internal subset is kept',
      input: '<!DOCTYPE note [<!ELEMENT note (#PCDATA)>]>\n<note>hi</note>',
      output: '<!DOCTYPE note [<!ELEMENT note (#PCDATA)>]>\n<note>hi</note>',
    },
    { name: 'whitespace in content is kept, CRLF normalised', input: '<a>\t x\r\n</a>', output: '<a>\t x\n</a>' },
    { name: 'attribute quotes are normalised', input: `<a x='"' y="&apos;"/>`, output: `<a x="&quot;" y="'"/>` },
    { name: 'a byte order mark is dropped', input: '\uFEFF<a/>', output: '<a/>' },
    { name: 'whitespace in an end tag is allowed', input: '<a></a >', output: '<a/>' },
    { name: 'a default namespace undeclared inside is kept', input: '<a xmlns="urn:a"><b xmlns=""/></a>', output: '<a xmlns="urn:a"><b xmlns=""/></a>' },
  ])('$name', ({ input, output }) => {
    expect(() => checkXml(input)).not.toThrow();
    expect(isWellFormedXml(input)).toBe(true);
    expect(serializeXml(parseXml(input))).toBe(output);
  });

  test('the XML declaration is not a node of the parsed document', () => {
    const doc = parseXml('<?xml version="1.0"?>\n<a/>');
    expect(Array.from(doc.childNodes, (n) => n.nodeName)).toEqual(['a']);
  });

  test('serializeXml writes a single node without any declaration', () => {
    const doc = parseXml('<?xml version="1.0"?><a><b x="1">t</b></a>');
    expect(serializeXml(doc.documentElement!.firstChild!)).toBe('<b x="1">t</b>');
  });

  test('each parse gives an independent tree', () => {
    const text = '<a><b/></a>';
    const first = parseXml(text);
    first.documentElement!.removeChild(first.documentElement!.firstChild!);
    expect(serializeXml(parseXml(text))).toBe('<a><b/></a>');
  });
});

describe('malformed documents are rejected with a 400 XDMP code naming line and column', () => {
  test.for<{ name: string; input: string; code: MessageCode; detail: string }>([
    { name: 'an unclosed tag', input: '<a><b></a>', code: 'XDMP-DOCNOENDTAG', detail: 'expected </b>, found </a> at line 1, column 10' },
    { name: 'a mismatched end tag', input: '<a></b>', code: 'XDMP-DOCNOENDTAG', detail: 'expected </a>, found </b> at line 1, column 7' },
    { name: 'a mismatch on a later line', input: '<a>\n  <b>\n</a>', code: 'XDMP-DOCNOENDTAG', detail: 'expected </b>, found </a> at line 3, column 4' },
    { name: 'an end tag after the root', input: '<a/></b>', code: 'XDMP-DOCUNENDTAG', detail: 'unmatched closing tag: b at line 1, column 8' },
    { name: 'a document cut short', input: '<a><b>', code: 'XDMP-DOCUNEOF', detail: 'no end tag for <b> before the end of the document at line 1, column 6' },
    { name: 'an empty body', input: '', code: 'XDMP-DOCUNEOF', detail: 'the document has no root element at line 1, column 0' },
    { name: 'only whitespace', input: '  \n', code: 'XDMP-DOCUNEOF', detail: 'the document has no root element at line 2, column 0' },
    { name: 'an end inside a tag', input: '<a x="1', code: 'XDMP-DOCUNEOF', detail: 'unexpected end at line 1, column 7' },
    { name: 'an unquoted attribute', input: '<a x=1/>', code: 'XDMP-DOCSTARTTAGCHAR', detail: 'unquoted attribute value at line 1, column 6' },
    { name: 'an attribute without a value', input: '<a x/>', code: 'XDMP-DOCSTARTTAGCHAR', detail: 'disallowed character in attribute name at line 1, column 5' },
    { name: 'attributes without whitespace between', input: '<a x="1"y="2"/>', code: 'XDMP-DOCSTARTTAGCHAR', detail: 'no whitespace between attributes at line 1, column 9' },
    { name: 'a tag name starting with a digit', input: '<1a/>', code: 'XDMP-DOCSTARTTAGCHAR', detail: 'disallowed character in tag name at line 1, column 2' },
    { name: 'a bare < in text', input: '<a>1 < 2</a>', code: 'XDMP-DOCSTARTTAGCHAR', detail: 'disallowed character in tag name at line 1, column 7' },
    { name: 'a < in an attribute value', input: '<a x="<"/>', code: 'XDMP-DOCBADCHAR', detail: 'disallowed character at line 1, column 7' },
    { name: 'a duplicate attribute', input: '<a x="1" x="2"/>', code: 'XDMP-DUPATTR', detail: 'attribute x appears twice at line 1, column 16' },
    {
      name: 'the same attribute through two prefixes',
      input: '<a xmlns:p="urn:u" xmlns:q="urn:u" p:x="1" q:x="2"/>',
      code: 'XDMP-DUPATTR',
      detail: 'attribute {urn:u}x appears twice at line 1, column 52',
    },
    { name: 'two root elements', input: '<a/><b/>', code: 'XDMP-MULTIROOT', detail: 'a second root element starts at line 1, column 7' },
    { name: 'text before the root', input: 'hello<a/>', code: 'XDMP-DOCROOTTEXT', detail: 'text data outside of root node at line 1, column 6' },
    { name: 'text after the root', input: '<a/>hello', code: 'XDMP-DOCROOTTEXT', detail: 'text data outside of root node at line 1, column 9' },
    { name: 'text only', input: 'just text', code: 'XDMP-DOCROOTTEXT', detail: 'text data outside of root node at line 1, column 9' },
    { name: 'a JSON body', input: '{"a":1}', code: 'XDMP-DOCROOTTEXT', detail: 'text data outside of root node at line 1, column 7' },
    { name: 'an undefined element prefix', input: '<p:a/>', code: 'XDMP-UNBPRFX', detail: 'unbound namespace prefix: "p" at line 1, column 6' },
    { name: 'an undefined attribute prefix', input: '<a p:x="1"/>', code: 'XDMP-UNBPRFX', detail: 'unbound namespace prefix: "p" at line 1, column 12' },
    { name: 'undeclaring a prefix', input: '<a xmlns:p=""/>', code: 'XDMP-UNBPRFX', detail: 'invalid attempt to undefine prefix in XML 1.0 at line 1, column 13' },
    { name: 'an undefined entity', input: '<a>&nbsp;</a>', code: 'XDMP-DOCENTITYREF', detail: 'undefined entity at line 1, column 9' },
    { name: 'an unescaped ampersand', input: '<a>Tom & Jerry</a>', code: 'XDMP-DOCENTITYREF', detail: 'unescaped & or unterminated entity reference "& Jerry</a>" at line 1, column 18' },
    { name: 'a reference to a forbidden character', input: '<a>&#0;</a>', code: 'XDMP-DOCCHARREF', detail: 'malformed character entity at line 1, column 7' },
    { name: 'a control character', input: '<a>\u0001</a>', code: 'XDMP-DOCBADCHAR', detail: 'disallowed character at line 1, column 4' },
    { name: ']]> in text', input: '<a>]]></a>', code: 'XDMP-DOCBADCHAR', detail: 'the string "]]>" is disallowed in char data at line 1, column 6' },
    { name: '-- inside a comment', input: '<a><!-- a -- b --></a>', code: 'XDMP-DOCMARKUP', detail: 'malformed comment at line 1, column 13' },
    { name: 'a late XML declaration', input: '<a/><?xml version="1.0"?>', code: 'XDMP-DOCMARKUP', detail: 'an XML declaration must be at the start of the document at line 1, column 10' },
    { name: 'a late DOCTYPE', input: '<a/><!DOCTYPE a>', code: 'XDMP-DOCMARKUP', detail: 'inappropriately located doctype declaration at line 1, column 13' },
  ])('$name → $code', ({ input, code, detail }) => {
    const e = failure(() => checkXml(input));
    expect(e.code).toBe(code);
    expect(e.status).toBe(400);
    expect(e.detail).toBe(detail);
    expect(isWellFormedXml(input)).toBe(false);
    expect(failure(() => parseXml(input)).code).toBe(code);
  });

  test('the message follows the catalogue format', () => {
    expect(failure(() => checkXml('<a><b>foo</a>')).message).toBe(
      'XDMP-DOCNOENDTAG: (err:FOER0000) No end tag: expected </b>, found </a> at line 1, column 13',
    );
  });
});
