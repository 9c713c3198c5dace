import { expect, test } from 'vitest';
import { prettyXml } from './pretty-xml';

test.for([
  {
    name: 'indents nested elements and keeps text-only elements on one line',
    input: '<?xml version="1.0"?><order id="1"><items><item sku="A">Apple</item><item sku="B"/></items><note></note></order>',
    output: [
      '<?xml version="1.0"?>',
      '<order id="1">',
      '  <items>',
      '    <item sku="A">Apple</item>',
      '    <item sku="B"/>',
      '  </items>',
      '  <note></note>',
      '</order>',
    ].join('\n'),
  },
  {
    name: 're-indents whitespace that is already there',
    input: '<a>\n      <b>x</b>\n</a>\n',
    output: '<a>\n  <b>x</b>\n</a>',
  },
  {
    name: 'keeps attributes containing > and comments and CDATA intact',
    input: '<a t="x > y"><!-- note --><![CDATA[<raw>]]></a>',
    output: '<a t="x > y">\n  <!-- note -->\n  <![CDATA[<raw>]]>\n</a>',
  },
  {
    name: 'returns mixed content unchanged',
    input: '<p>Hello <b>world</b>, again</p>',
    output: '<p>Hello <b>world</b>, again</p>',
  },
  {
    name: 'returns unbalanced input unchanged',
    input: '<a><b></a>',
    output: '<a><b></a>',
  },
  {
    name: 'returns crossed tags unchanged',
    input: '<a><b></a></b>',
    output: '<a><b></a></b>',
  },
  {
    name: 'handles prefixed names',
    input: '<x:a xmlns:x="urn:x"><x:b>1</x:b></x:a>',
    output: '<x:a xmlns:x="urn:x">\n  <x:b>1</x:b>\n</x:a>',
  },
  {
    name: 'returns text that is not XML unchanged',
    input: 'just text',
    output: 'just text',
  },
])('prettyXml $name', ({ input, output }) => {
  expect(prettyXml(input)).toBe(output);
});
