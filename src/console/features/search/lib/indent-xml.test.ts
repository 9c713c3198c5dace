import { expect, test } from 'vitest';
import { indentXml } from './indent-xml';

test.for([
  {
    name: 'elements holding elements are indented; an element holding text stays one line, as sent',
    xml: '<?xml version="1.0"?>\n<r a="1"><s><m p="x">Tomato <h>soup</h>  now</m></s><e/><t>text</t></r>',
    out: '<?xml version="1.0"?>\n<r a="1">\n  <s>\n    <m p="x">Tomato <h>soup</h>  now</m>\n  </s>\n  <e/>\n  <t>text</t>\n</r>',
  },
  {
    name: 'whitespace between elements is layout and is replaced',
    xml: '<r>\n    <a/>\n</r>',
    out: '<r>\n  <a/>\n</r>',
  },
  {
    name: 'comments and CDATA are kept',
    xml: '<r><!-- c --><a><![CDATA[x < y]]></a></r>',
    out: '<r>\n  <!-- c -->\n  <a><![CDATA[x < y]]></a>\n</r>',
  },
  { name: 'an element with > in an attribute value', xml: '<r><a t="x>y"/></r>', out: '<r>\n  <a t="x>y"/>\n</r>' },
  { name: 'unbalanced tags: unchanged', xml: '<r><a></r>', out: '<r><a></r>' },
  { name: 'not XML: unchanged', xml: '{"a": 1}', out: '{"a": 1}' },
])('$name', ({ xml, out }) => {
  expect(indentXml(xml)).toBe(out);
});
