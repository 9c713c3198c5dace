import { describe, expect, test } from 'vitest';
import type { Element } from '@xmldom/xmldom';
import { parseXml, serializeXml } from './parse';

const root = (text: string) => {
  const doc = parseXml(text);
  return { doc, root: doc.documentElement as Element };
};

describe('serialising with namespace fix-up', () => {
  test('an element in no namespace moved under a default namespace undeclares it', () => {
    const { doc, root: order } = root('<order xmlns="urn:d"><status/></order>');
    order.appendChild(doc.createElementNS(null, 'paid'));
    const text = serializeXml(doc);
    expect(text).toBe('<order xmlns="urn:d"><status/><paid xmlns=""/></order>');
    expect(parseXml(text).documentElement!.lastChild!.namespaceURI).toBeNull();
  });

  test('a namespaced element out of its context declares its namespace', () => {
    const { root: order } = root('<o:order xmlns:o="urn:o"><o:item o:sku="1"/></o:order>');
    expect(serializeXml(order.firstChild!)).toBe('<o:item xmlns:o="urn:o" o:sku="1"/>');
  });

  test('an attribute whose prefix is taken by the element gets another prefix', () => {
    const { doc, root: a } = root('<p:a xmlns:p="urn:A"/>');
    a.setAttributeNS('urn:B', 'p:x', '1');
    const text = serializeXml(doc);
    expect(text).toBe('<p:a xmlns:p="urn:A" xmlns:ns0="urn:B" ns0:x="1"/>');
    const back = parseXml(text).documentElement!;
    expect(back.getAttributeNS('urn:B', 'x')).toBe('1');
  });

  test('a prefix already bound to the attribute namespace is reused', () => {
    const { doc, root: a } = root('<a xmlns:q="urn:B"><b/></a>');
    (a.firstChild as Element).setAttributeNS('urn:B', 'x', '1');
    expect(serializeXml(doc)).toBe('<a xmlns:q="urn:B"><b q:x="1"/></a>');
  });

  test('declarations the document made are kept even where redundant', () => {
    const text = '<a xmlns:p="urn:p"><b xmlns:p="urn:p"><p:c/></b></a>';
    expect(serializeXml(parseXml(text))).toBe(text);
  });

  test('a prefix rebound lower down is honoured', () => {
    const text = '<p:a xmlns:p="urn:1"><p:b xmlns:p="urn:2"/><p:c/></p:a>';
    expect(serializeXml(parseXml(text))).toBe(text);
  });

  test('xml: attributes need no declaration', () => {
    expect(serializeXml(parseXml('<a xml:lang="en" xml:space="preserve"/>'))).toBe('<a xml:lang="en" xml:space="preserve"/>');
  });

  test('text and attribute values are escaped so they read back the same', () => {
    const { doc, root: a } = root('<a/>');
    a.setAttribute('v', 'x<"&\t\n\r');
    a.appendChild(doc.createTextNode('1 < 2 && ]]> 3'));
    const text = serializeXml(doc);
    expect(text).toBe('<a v="x&lt;&quot;&amp;&#9;&#10;&#13;">1 &lt; 2 &amp;&amp; ]]&gt; 3</a>');
    const back = parseXml(text).documentElement!;
    expect(back.getAttribute('v')).toBe('x<"&\t\n\r');
    expect(back.textContent).toBe('1 < 2 && ]]> 3');
  });

  test.for([
    '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">\n<html/>',
    "<!DOCTYPE a SYSTEM 'a.dtd'>\n<a/>",
    '<!DOCTYPE a [<!ELEMENT a EMPTY>]>\n<a/>',
  ])('the DOCTYPE of %s is written back', (text) => {
    expect(serializeXml(parseXml(text))).toBe(text);
  });

  test('processing instructions with and without data', () => {
    expect(serializeXml(parseXml('<a><?x?><?y z?></a>'))).toBe('<a><?x?><?y z?></a>');
  });
});
