import { describe, expect, test } from 'vitest';
import type { MessageCode } from '../../errors';
import { applyXmlPatch } from './xml-patch';
import { failure } from '../../../../test/db-error';

const RAPI = 'http://marklogic.com/rest-api';
const uri = '/o.xml';
const order =
  '<order id="7"><status>new</status><items><item sku="A1">1</item><item sku="B2">2</item></items><note/><count>5</count></order>';
/** A patch with the given operations; `declarations` go on the rapi:patch element. */
const patch = (ops: string, declarations = '') => `<rapi:patch xmlns:rapi="${RAPI}"${declarations}>${ops}</rapi:patch>`;
const apply = (ops: string, doc = order, declarations = '') => applyXmlPatch(doc, patch(ops, declarations), { uri });

interface Case {
  name: string;
  ops: string;
  expected: string;
  doc?: string;
  declarations?: string;
  /** The whole patch, when it is not a `rapi:patch` around `ops`. */
  patchText?: string;
}

const check = ({ ops, expected, doc = order, declarations, patchText }: Case) => {
  expect(applyXmlPatch(doc, patchText ?? patch(ops, declarations), { uri })).toEqual({ result: expected, changed: true });
};

describe('insert', () => {
  test.for<Case>([
    {
      name: 'last-child appends to the context element',
      ops: '<rapi:insert context="/order/items" position="last-child"><item sku="C3">3</item></rapi:insert>',
      expected: '<order id="7"><status>new</status><items><item sku="A1">1</item><item sku="B2">2</item><item sku="C3">3</item></items><note/><count>5</count></order>',
    },
    {
      name: 'last-child is the default position',
      ops: '<rapi:insert context="/order/note"><p/></rapi:insert>',
      expected: '<order id="7"><status>new</status><items><item sku="A1">1</item><item sku="B2">2</item></items><note><p/></note><count>5</count></order>',
    },
    {
      name: 'before puts the content ahead of the context node',
      ops: '<rapi:insert context="/order/items/item[1]" position="before"><item sku="Z">0</item></rapi:insert>',
      expected: '<order id="7"><status>new</status><items><item sku="Z">0</item><item sku="A1">1</item><item sku="B2">2</item></items><note/><count>5</count></order>',
    },
    {
      name: 'after puts the content behind the context node',
      ops: '<rapi:insert context="/order/status" position="after"><paid/></rapi:insert>',
      expected: '<order id="7"><status>new</status><paid/><items><item sku="A1">1</item><item sku="B2">2</item></items><note/><count>5</count></order>',
    },
    {
      name: 'several inserts after one node keep the order of the patch',
      ops: '<rapi:insert context="/order/status" position="after"><a/></rapi:insert><rapi:insert context="/order/status" position="after"><b/></rapi:insert>',
      expected: '<order id="7"><status>new</status><a/><b/><items><item sku="A1">1</item><item sku="B2">2</item></items><note/><count>5</count></order>',
    },
    {
      name: 'inserts before and after and into one node do not conflict',
      ops:
        '<rapi:insert context="/order/note" position="before"><a/></rapi:insert>' +
        '<rapi:insert context="/order/note" position="after"><b/></rapi:insert>' +
        '<rapi:insert context="/order/note"><c/></rapi:insert>',
      expected: '<order id="7"><status>new</status><items><item sku="A1">1</item><item sku="B2">2</item></items><a/><note><c/></note><b/><count>5</count></order>',
    },
    {
      name: 'every node the context matches gets the content',
      ops: '<rapi:insert context="//item"><flag/></rapi:insert>',
      expected: '<order id="7"><status>new</status><items><item sku="A1">1<flag/></item><item sku="B2">2<flag/></item></items><note/><count>5</count></order>',
    },
    {
      name: 'a relative context is searched anywhere (prefixed with //)',
      ops: '<rapi:insert context="note">hello</rapi:insert>',
      expected: '<order id="7"><status>new</status><items><item sku="A1">1</item><item sku="B2">2</item></items><note>hello</note><count>5</count></order>',
    },
    {
      name: 'several content nodes keep their order; the patch layout whitespace is dropped',
      ops: '<rapi:insert context="/order/note">\n  <a/>\n  <!-- c -->\n  <?pi x?>\n  <b> keep </b>\n</rapi:insert>',
      expected: '<order id="7"><status>new</status><items><item sku="A1">1</item><item sku="B2">2</item></items><note><a/><!-- c --><?pi x?><b> keep </b></note><count>5</count></order>',
    },
    {
      name: 'rapi:text inserts literal text',
      ops: '<rapi:insert context="/order/note"><rapi:text>&lt;b&gt; &amp; </rapi:text><i/></rapi:insert>',
      expected: '<order id="7"><status>new</status><items><item sku="A1">1</item><item sku="B2">2</item></items><note>&lt;b&gt; &amp; <i/></note><count>5</count></order>',
    },
    {
      name: 'CDATA content stays CDATA',
      ops: '<rapi:insert context="/order/note"><![CDATA[<raw>]]></rapi:insert>',
      expected: '<order id="7"><status>new</status><items><item sku="A1">1</item><item sku="B2">2</item></items><note><![CDATA[<raw>]]></note><count>5</count></order>',
    },
    {
      name: 'a comment may go next to the root element',
      ops: '<rapi:insert context="/order" position="before"><!-- head --></rapi:insert>',
      expected: '<!-- head -->\n<order id="7"><status>new</status><items><item sku="A1">1</item><item sku="B2">2</item></items><note/><count>5</count></order>',
    },
  ])('$name', check);
});

describe('replace', () => {
  test.for<Case>([
    {
      name: 'text content replaces what an element holds and keeps its name and attributes',
      ops: '<rapi:replace select="/order/items/item[1]">9</rapi:replace>',
      expected: '<order id="7"><status>new</status><items><item sku="A1">9</item><item sku="B2">2</item></items><note/><count>5</count></order>',
    },
    {
      name: 'an element replaces the element',
      ops: '<rapi:replace select="/order/status"><state code="s">shipped</state></rapi:replace>',
      expected: '<order id="7"><state code="s">shipped</state><items><item sku="A1">1</item><item sku="B2">2</item></items><note/><count>5</count></order>',
    },
    {
      name: 'rapi:text replaces the element by text',
      ops: '<rapi:replace select="/order/status"><rapi:text>plain</rapi:text></rapi:replace>',
      expected: '<order id="7">plain<items><item sku="A1">1</item><item sku="B2">2</item></items><note/><count>5</count></order>',
    },
    {
      name: 'several elements replace the element',
      ops: '<rapi:replace select="/order/note"> <a/> <b/> </rapi:replace>',
      expected: '<order id="7"><status>new</status><items><item sku="A1">1</item><item sku="B2">2</item></items><a/><b/><count>5</count></order>',
    },
    {
      name: 'every selected node is replaced',
      ops: '<rapi:replace select="//item">0</rapi:replace>',
      expected: '<order id="7"><status>new</status><items><item sku="A1">0</item><item sku="B2">0</item></items><note/><count>5</count></order>',
    },
    {
      name: 'a text node is replaced',
      ops: '<rapi:replace select="/order/status/text()">paid</rapi:replace>',
      expected: '<order id="7"><status>paid</status><items><item sku="A1">1</item><item sku="B2">2</item></items><note/><count>5</count></order>',
    },
    {
      name: 'an attribute gets the new value',
      ops: '<rapi:replace select="/order/@id">8 &amp; 9</rapi:replace>',
      expected: '<order id="8 &amp; 9"><status>new</status><items><item sku="A1">1</item><item sku="B2">2</item></items><note/><count>5</count></order>',
    },
    {
      name: 'an attribute is replaced by an attribute list',
      ops: '<rapi:replace select="/order/@id"><rapi:attribute-list ref="9" x:tag="t" xmlns:x="urn:x"/></rapi:replace>',
      expected: '<order xmlns:x="urn:x" ref="9" x:tag="t"><status>new</status><items><item sku="A1">1</item><item sku="B2">2</item></items><note/><count>5</count></order>',
    },
    {
      name: 'a comment is replaced',
      doc: '<a><!-- old --><b/></a>',
      ops: '<rapi:replace select="/a/comment()"><!-- new --></rapi:replace>',
      expected: '<a><!-- new --><b/></a>',
    },
    {
      name: 'the root element is replaced by one element',
      ops: '<rapi:replace select="/order"><cart/></rapi:replace>',
      expected: '<cart/>',
    },
  ])('$name', check);
});

describe('delete', () => {
  test.for<Case>([
    {
      name: 'an element goes',
      ops: "<rapi:delete select=\"/order/items/item[@sku='B2']\"/>",
      expected: '<order id="7"><status>new</status><items><item sku="A1">1</item></items><note/><count>5</count></order>',
    },
    {
      name: 'every selected node goes',
      ops: '<rapi:delete select="//item"/>',
      expected: '<order id="7"><status>new</status><items/><note/><count>5</count></order>',
    },
    {
      name: 'attributes go',
      ops: '<rapi:delete select="//@sku"/>',
      expected: '<order id="7"><status>new</status><items><item>1</item><item>2</item></items><note/><count>5</count></order>',
    },
    {
      name: 'a text node goes',
      ops: '<rapi:delete select="/order/status/text()"/>',
      expected: '<order id="7"><status/><items><item sku="A1">1</item><item sku="B2">2</item></items><note/><count>5</count></order>',
    },
    {
      name: 'processing instructions go but the XML declaration is not one',
      doc: '<?xml version="1.0" encoding="UTF-8"?>\n<?style x?><a><?p?></a>',
      ops: '<rapi:delete select="//processing-instruction()"/>',
      expected: '<?xml version="1.0" encoding="UTF-8"?>\n<a/>',
    },
  ])('$name', check);
});

describe('replace-insert', () => {
  test.for<Case>([
    {
      name: 'replaces when select matches',
      ops: '<rapi:replace-insert select="/order/note" context="/order" position="last-child"><note>x</note></rapi:replace-insert>',
      expected: '<order id="7"><status>new</status><items><item sku="A1">1</item><item sku="B2">2</item></items><note>x</note><count>5</count></order>',
    },
    {
      name: 'inserts at the context when select matches nothing',
      ops: '<rapi:replace-insert select="/order/memo" context="/order/status" position="after"><memo>x</memo></rapi:replace-insert>',
      expected: '<order id="7"><status>new</status><memo>x</memo><items><item sku="A1">1</item><item sku="B2">2</item></items><note/><count>5</count></order>',
    },
    {
      name: 'a relative select is resolved against the context',
      ops: '<rapi:replace-insert select="item[@sku=\'B2\']" context="/order/items"><item sku="B2">20</item></rapi:replace-insert>',
      expected: '<order id="7"><status>new</status><items><item sku="A1">1</item><item sku="B2">20</item></items><note/><count>5</count></order>',
    },
    {
      name: 'apply replaces when select matches',
      ops: '<rapi:replace-insert select="/order/count" context="/order" apply="ml.add">1</rapi:replace-insert>',
      expected: '<order id="7"><status>new</status><items><item sku="A1">1</item><item sku="B2">2</item></items><note/><count>6</count></order>',
    },
  ])('$name', check);
});

describe('attribute lists', () => {
  test.for<Case>([
    {
      name: 'inserted as last child they add attributes to the element',
      ops: '<rapi:insert context="/order/items/item[1]"><rapi:attribute-list qty="4" xmlns:x="urn:x" x:flag="y"/></rapi:insert>',
      expected:
        '<order id="7"><status>new</status><items><item xmlns:x="urn:x" sku="A1" qty="4" x:flag="y">1</item><item sku="B2">2</item></items><note/><count>5</count></order>',
    },
    {
      name: 'inserted next to an attribute they add to its element',
      ops: '<rapi:insert context="/order/@id" position="after"><rapi:attribute-list ref="r"/></rapi:insert>',
      expected: '<order id="7" ref="r"><status>new</status><items><item sku="A1">1</item><item sku="B2">2</item></items><note/><count>5</count></order>',
    },
    {
      name: 'an attribute the element already has is overwritten',
      ops: '<rapi:insert context="/order"><rapi:attribute-list id="70"/></rapi:insert>',
      expected: '<order id="70"><status>new</status><items><item sku="A1">1</item><item sku="B2">2</item></items><note/><count>5</count></order>',
    },
    {
      name: 'xsi:type on the list is not an attribute to add',
      ops: '<rapi:insert context="/order/note"><rapi:attribute-list xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="t" a="1"/></rapi:insert>',
      expected: '<order id="7"><status>new</status><items><item sku="A1">1</item><item sku="B2">2</item></items><note a="1"/><count>5</count></order>',
    },
  ])('$name', check);
});

describe('apply', () => {
  test.for<Case>([
    {
      name: 'ml.add on an element writes a whole result as an integer',
      ops: '<rapi:replace select="/order/count" apply="ml.add">2</rapi:replace>',
      expected: '<order id="7"><status>new</status><items><item sku="A1">1</item><item sku="B2">2</item></items><note/><count>7</count></order>',
    },
    {
      name: 'ml.multiply keeps the attributes of the element',
      ops: '<rapi:replace select="//item[@sku=\'A1\']" apply="ml.multiply"><rapi:value>1.5</rapi:value></rapi:replace>',
      expected: '<order id="7"><status>new</status><items><item sku="A1">1.5</item><item sku="B2">2</item></items><note/><count>5</count></order>',
    },
    {
      name: 'ml.concat-before edits an attribute',
      ops: '<rapi:replace select="/order/@id" apply="ml.concat-before"><rapi:value>#</rapi:value></rapi:replace>',
      expected: '<order id="#7"><status>new</status><items><item sku="A1">1</item><item sku="B2">2</item></items><note/><count>5</count></order>',
    },
    {
      name: 'ml.concat-after edits a text node',
      ops: '<rapi:replace select="/order/status/text()" apply="ml.concat-after">!</rapi:replace>',
      expected: '<order id="7"><status>new!</status><items><item sku="A1">1</item><item sku="B2">2</item></items><note/><count>5</count></order>',
    },
    {
      name: 'ml.replace-regex takes its arguments from rapi:value elements',
      ops: '<rapi:replace select="/order/status" apply="ml.replace-regex"><rapi:value>^n(.*)$</rapi:value><rapi:value>N$1</rapi:value></rapi:replace>',
      expected: '<order id="7"><status>New</status><items><item sku="A1">1</item><item sku="B2">2</item></items><note/><count>5</count></order>',
    },
    {
      name: 'ml.add adds a duration to a date element when the arguments name their datatypes',
      doc: '<order><due kind="soft">2024-01-31</due></order>',
      ops: '<rapi:replace select="/order/due" apply="ml.add"><rapi:value>P1M</rapi:value><rapi:value>xs:date</rapi:value><rapi:value>xs:yearMonthDuration</rapi:value></rapi:replace>',
      expected: '<order><due kind="soft">2024-02-29</due></order>',
    },
    {
      name: 'ml.subtract of two dateTime attributes gives a duration',
      doc: '<trip end="2024-01-02T06:00:00Z"/>',
      ops: '<rapi:replace select="/trip/@end" apply="ml.subtract"><rapi:value>2024-01-01T22:30:00Z</rapi:value><rapi:value>xs:dateTime</rapi:value><rapi:value>xs:dateTime</rapi:value></rapi:replace>',
      expected: '<trip end="PT7H30M"/>',
    },
  ])('$name', check);
});

describe('namespaces', () => {
  const doc = '<o:order xmlns:o="urn:o"><o:status>new</o:status></o:order>';
  test.for<Case>([
    {
      name: 'prefixes come from the patch element, whatever the document calls them',
      doc,
      declarations: ' xmlns:x="urn:o"',
      ops: '<rapi:replace select="/x:order/x:status">paid</rapi:replace>',
      expected: '<o:order xmlns:o="urn:o"><o:status>paid</o:status></o:order>',
    },
    {
      name: 'a prefix declared on the operation is in scope',
      doc,
      ops: '<rapi:delete xmlns:y="urn:o" select="/y:order/y:status"/>',
      expected: '<o:order xmlns:o="urn:o"/>',
    },
    {
      name: 'inserted content keeps its namespace and declares it',
      doc,
      declarations: ' xmlns:o="urn:o" xmlns:n="urn:n"',
      ops: '<rapi:insert context="/o:order"><o:paid/><n:note/></rapi:insert>',
      expected: '<o:order xmlns:o="urn:o"><o:status>new</o:status><o:paid/><n:note xmlns:n="urn:n"/></o:order>',
    },
    {
      name: 'the default namespace of the patch is the default element namespace of its paths',
      doc: '<order xmlns="urn:d"><status>new</status></order>',
      declarations: ' xmlns="urn:d"',
      ops: '<rapi:insert context="/order/status" position="after"><paid/></rapi:insert>',
      expected: '<order xmlns="urn:d"><status>new</status><paid/></order>',
    },
    {
      name: 'content in no namespace inserted under a default namespace stays in no namespace',
      doc: '<order xmlns="urn:d"><status/></order>',
      declarations: ' xmlns:d="urn:d"',
      ops: '<rapi:insert context="/d:order"><paid/></rapi:insert>',
      expected: '<order xmlns="urn:d"><status/><paid xmlns=""/></order>',
    },
    {
      name: 'unprefixed attribute names stay in no namespace under a default namespace',
      doc: '<order xmlns="urn:d" id="1"/>',
      declarations: ' xmlns="urn:d"',
      ops: '<rapi:replace select="/order/@id">2</rapi:replace>',
      expected: '<order xmlns="urn:d" id="2"/>',
    },
    {
      name: 'a patch written in the REST namespace by default still addresses unqualified content',
      ops: '',
      patchText: `<patch xmlns="${RAPI}"><replace select="/order/status">done</replace></patch>`,
      expected: '<order id="7"><status>done</status><items><item sku="A1">1</item><item sku="B2">2</item></items><note/><count>5</count></order>',
    },
  ])('$name', check);
});

describe('paths', () => {
  test.for<Case>([
    {
      name: 'XPath 2.0 value comparisons are understood',
      ops: '<rapi:replace select="/order/items/item[@sku eq \'B2\']">9</rapi:replace>',
      expected: '<order id="7"><status>new</status><items><item sku="A1">1</item><item sku="B2">9</item></items><note/><count>5</count></order>',
    },
    {
      name: 'a value comparison keyword inside a string literal is left alone',
      doc: '<a><b>x eq y</b><b>z</b></a>',
      ops: '<rapi:delete select="/a/b[. eq \'x eq y\']"/>',
      expected: '<a><b>z</b></a>',
    },
    {
      name: 'positional predicates and unions work',
      ops: '<rapi:delete select="/order/items/item[last()] | /order/note"/>',
      expected: '<order id="7"><status>new</status><items><item sku="A1">1</item></items><count>5</count></order>',
    },
  ])('$name', check);
});

describe('evaluation', () => {
  test('every path sees the original document, not the result of earlier operations', () => {
    const ops =
      '<rapi:insert context="/order/items"><item sku="C3"/></rapi:insert>' +
      '<rapi:delete select="//item[@sku=\'C3\']" cardinality="?"/>';
    expect(apply(ops).result).toContain('<item sku="C3"/>');
  });

  test('replace-inserts run before inserts whatever their order in the patch', () => {
    const ops =
      '<rapi:insert context="/order"><memo>from insert</memo></rapi:insert>' +
      '<rapi:replace-insert select="/order/memo" context="/order"><memo>from replace-insert</memo></rapi:replace-insert>';
    expect(apply(ops).result).toContain('<count>5</count><memo>from replace-insert</memo><memo>from insert</memo></order>');
  });

  test('a patch that matches nothing reports no change and gives the text back untouched', () => {
    const doc = '<?xml version="1.0"?>\n<a  x = "1" ><b></b></a>\n';
    expect(applyXmlPatch(doc, patch('<rapi:delete select="//none"/>'), { uri })).toEqual({ result: doc, changed: false });
  });

  test('the XML declaration is written only when the document had one', () => {
    const ops = '<rapi:replace select="/a">x</rapi:replace>';
    expect(apply(ops, '<?xml version="1.0" encoding="UTF-8"?><a/>').result).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<a>x</a>');
    expect(apply(ops, '<a/>').result).toBe('<a>x</a>');
  });

  test('comments and processing instructions of the document survive', () => {
    const doc = '<!-- top --><?pi a?><a><!-- in --><b/></a>';
    expect(apply('<rapi:delete select="/a/b"/>', doc).result).toBe('<!-- top -->\n<?pi a?>\n<a><!-- in --></a>');
  });

  test('a node matched twice by one operation is changed once', () => {
    expect(apply('<rapi:delete select="//item | /order/items/item"/>').result).toBe(
      '<order id="7"><status>new</status><items/><note/><count>5</count></order>',
    );
  });
});

describe('cardinality', () => {
  const paths = { 0: '//none', 1: '//status', 2: '//item' } as const;
  test.for<{ cardinality?: string; count: 0 | 1 | 2; outcome: 'changed' | 'unchanged' | 'error' }>([
    { count: 0, outcome: 'unchanged' },
    { count: 1, outcome: 'changed' },
    { count: 2, outcome: 'changed' },
    { cardinality: '*', count: 0, outcome: 'unchanged' },
    { cardinality: '*', count: 2, outcome: 'changed' },
    { cardinality: '?', count: 0, outcome: 'unchanged' },
    { cardinality: '?', count: 1, outcome: 'changed' },
    { cardinality: '?', count: 2, outcome: 'error' },
    { cardinality: '.', count: 0, outcome: 'error' },
    { cardinality: '.', count: 1, outcome: 'changed' },
    { cardinality: '.', count: 2, outcome: 'error' },
    { cardinality: '+', count: 0, outcome: 'error' },
    { cardinality: '+', count: 1, outcome: 'changed' },
    { cardinality: '+', count: 2, outcome: 'changed' },
  ])('cardinality $cardinality with $count matching nodes: $outcome', ({ cardinality, count, outcome }) => {
    const ops = `<rapi:delete select="${paths[count]}"${cardinality ? ` cardinality="${cardinality}"` : ''}/>`;
    if (outcome === 'error') {
      const e = failure(() => apply(ops));
      expect(e.code).toBe('RESTAPI-INVALIDREQ');
      expect(e.status).toBe(400);
      expect(e.detail).toBe(`invalid content patch operations for uri ${uri}: invalid cardinality of ${count} nodes for: ${paths[count]}`);
    } else {
      expect(apply(ops).changed).toBe(outcome === 'changed');
    }
  });

  test('the real server message for a failed cardinality', () => {
    const e = failure(() => apply('<rapi:insert context="/order/items/item" position="after" cardinality="."><bar>added</bar></rapi:insert>'));
    expect(e.message).toBe(
      'RESTAPI-INVALIDREQ: (err:FOER0000) Invalid request: invalid content patch operations for uri /o.xml: invalid cardinality of 2 nodes for: /order/items/item',
    );
  });

  test('every cardinality problem is reported together', () => {
    const e = failure(() => apply('<rapi:delete select="//item" cardinality="?"/><rapi:replace select="//none" cardinality=".">x</rapi:replace>'));
    expect(e.detail).toBe(
      `invalid content patch operations for uri ${uri}: invalid cardinality of 2 nodes for: //item, invalid cardinality of 0 nodes for: //none`,
    );
  });
});

describe('invalid patches are refused before anything is changed', () => {
  test.for<{ name: string; text: string; code: MessageCode; detail: string }>([
    { name: 'a root other than rapi:patch', text: '<patch/>', code: 'RESTAPI-INVALIDREQ', detail: `patch is not <rapi:patch> or JSON patch object for uri: ${uri}` },
    { name: 'a JSON body', text: '{"patch":[]}', code: 'XDMP-DOCROOTTEXT', detail: 'text data outside of root node at line 1, column 12' },
    { name: 'malformed XML', text: `<rapi:patch xmlns:rapi="${RAPI}"><rapi:delete select="/a"></rapi:patch>`, code: 'XDMP-DOCNOENDTAG', detail: 'expected </rapi:delete>, found </rapi:patch> at line 1, column 93' },
    { name: 'delete without select', text: patch('<rapi:delete/>'), code: 'RESTAPI-INVALIDREQ', detail: `invalid patch for uri ${uri}: delete without select path` },
    { name: 'insert without context', text: patch('<rapi:insert><a/></rapi:insert>'), code: 'RESTAPI-INVALIDREQ', detail: `invalid patch for uri ${uri}: insert without context path` },
    { name: 'an unknown position', text: patch('<rapi:insert context="/a" position="first-child"><a/></rapi:insert>'), code: 'RESTAPI-INVALIDREQ', detail: `invalid patch for uri ${uri}: insert with unknown position: first-child` },
    { name: 'an unknown cardinality', text: patch('<rapi:delete select="/a" cardinality="2"/>'), code: 'RESTAPI-INVALIDREQ', detail: `invalid patch for uri ${uri}: unknown cardinality: 2` },
    { name: 'insert without content', text: patch('<rapi:insert context="/a"/>'), code: 'RESTAPI-INVALIDREQ', detail: `invalid patch for uri ${uri}: insert without content: /a` },
    { name: 'replace without content', text: patch('<rapi:replace select="/a"/>'), code: 'RESTAPI-INVALIDREQ', detail: `invalid patch for uri ${uri}: replace without apply or content: /a` },
    { name: 'replace-insert without select', text: patch('<rapi:replace-insert context="/a"><b/></rapi:replace-insert>'), code: 'RESTAPI-INVALIDREQ', detail: `invalid patch for uri ${uri}: replace-insert without select path` },
    { name: 'replace-insert without context', text: patch('<rapi:replace-insert select="/a/b"><b/></rapi:replace-insert>'), code: 'RESTAPI-INVALIDREQ', detail: `invalid patch for uri ${uri}: replace-insert without context path` },
    { name: 'a path that does not parse', text: patch('<rapi:delete select="/a/["/>'), code: 'RESTAPI-INVALIDREQ', detail: `invalid patch for uri ${uri}: invalid path: /a/[` },
    { name: 'a relative path is made absolute before it is checked', text: patch('<rapi:delete select="count(//item)"/>'), code: 'RESTAPI-INVALIDREQ', detail: `invalid patch for uri ${uri}: invalid path: //count(//item)` },
    { name: 'an undeclared prefix', text: patch('<rapi:delete select="/q:order"/>'), code: 'RESTAPI-INVALIDREQ', detail: `invalid patch for uri ${uri}: invalid path: /q:order` },
    { name: 'an unknown operation', text: patch('<rapi:remove select="/a"/>'), code: 'RESTAPI-INVALIDREQ', detail: `invalid patch for uri ${uri}: unknown patch operation: rapi:remove` },
    { name: 'an operation outside the REST namespace', text: patch('<delete select="/a"/>'), code: 'RESTAPI-INVALIDREQ', detail: `invalid patch for uri ${uri}: unknown patch operation: delete` },
    {
      name: 'several problems at once',
      text: patch('<rapi:delete/><rapi:insert context="/a" position="middle"/>'),
      code: 'RESTAPI-INVALIDREQ',
      detail: `invalid patch for uri ${uri}: delete without select path; insert with unknown position: middle; insert without content: /a`,
    },
    { name: 'an unknown built-in', text: patch('<rapi:replace select="/order/count" apply="ml.pow">2</rapi:replace>'), code: 'RESTAPI-INVALIDREQ', detail: `invalid replace apply operations for uri ${uri}: not a built-in function: ml.pow` },
    { name: 'a library function without a library', text: patch('<rapi:replace select="/order/count" apply="double"/>'), code: 'RESTAPI-INVALIDREQ', detail: `invalid replace apply operations for uri ${uri}: missing or incomplete library declaration for: double` },
    {
      name: 'a library function',
      text: patch('<rapi:replace-library at="/ext/lib.xqy" ns="urn:lib"/><rapi:replace select="/order/count" apply="double"/>'),
      code: 'RESTAPI-INVALIDREQ',
      detail: `invalid replace apply operations for uri ${uri}: could not find function for: double (replace libraries such as /ext/lib.xqy are not supported)`,
    },
    {
      name: 'two libraries',
      text: patch('<rapi:replace-library at="/a.xqy" ns="urn:a"/><rapi:replace-library at="/b.xqy" ns="urn:b"/>'),
      code: 'RESTAPI-INVALIDREQ',
      detail: `invalid replace apply operations for uri ${uri}: multiple library declarations`,
    },
  ])('$name', ({ text, code, detail }) => {
    const e = failure(() => applyXmlPatch(order, text, { uri }));
    expect(e.code).toBe(code);
    expect(e.status).toBe(400);
    expect(e.detail).toBe(detail);
  });
});

describe('content that does not fit the matched node is refused', () => {
  test.for<{ name: string; ops: string; doc?: string; detail: string }>([
    { name: 'last child of a text node', ops: '<rapi:insert context="/order/status/text()"><x/></rapi:insert>', detail: 'cannot insert last child for text node: /order/status/text()' },
    { name: 'last child of the document node', ops: '<rapi:insert context="/"><x/></rapi:insert>', detail: 'cannot insert last child for document node: /' },
    { name: 'next to the document node', ops: '<rapi:insert context="/" position="before"><!-- x --></rapi:insert>', detail: 'cannot insert before the document node: /' },
    { name: 'an element next to an attribute', ops: '<rapi:insert context="/order/@id" position="after"><x/></rapi:insert>', detail: 'attribute operation without attribute list: /order/@id' },
    { name: 'an attribute list next to an element', ops: '<rapi:insert context="/order/note" position="after"><rapi:attribute-list a="1"/></rapi:insert>', detail: 'rapi:attribute-list can only be inserted into an element or next to an attribute: /order/note' },
    { name: 'an attribute list mixed with elements', ops: '<rapi:insert context="/order/note"><rapi:attribute-list a="1"/><x/></rapi:insert>', detail: 'rapi:attribute-list cannot be mixed with other content: /order/note' },
    { name: 'an element replaced by an attribute list', ops: '<rapi:replace select="/order/note"><rapi:attribute-list a="1"/></rapi:replace>', detail: 'cannot replace element node with rapi:attribute-list: /order/note' },
    { name: 'the root element deleted', ops: '<rapi:delete select="/order"/>', detail: 'cannot delete the root element: /order' },
    { name: 'the document node deleted', ops: '<rapi:delete select="/"/>', detail: 'cannot delete the document node: /' },
    { name: 'the document node replaced', ops: '<rapi:replace select="/"><a/></rapi:replace>', detail: 'cannot replace the document node: /' },
    { name: 'a second root element', ops: '<rapi:insert context="/order" position="after"><order2/></rapi:insert>', detail: 'cannot add a second root element: /order' },
    { name: 'the root element replaced by text', ops: '<rapi:replace select="/order"><rapi:text>x</rapi:text></rapi:replace>', detail: 'cannot put text outside the root element: /order' },
    { name: 'the root element replaced by two elements', ops: '<rapi:replace select="/order"><a/><b/></rapi:replace>', detail: 'the root element must be replaced by exactly one element: /order' },
    { name: 'a path that does not select nodes', ops: '<rapi:delete select="/order/count = 5"/>', detail: 'invalid path: /order/count = 5' },
    {
      name: 'several problems, all reported',
      ops: '<rapi:delete select="/order"/><rapi:insert context="/order/@id" position="after"><x/></rapi:insert>',
      detail: 'cannot delete the root element: /order, attribute operation without attribute list: /order/@id',
    },
  ])('$name', ({ ops, doc, detail }) => {
    const e = failure(() => apply(ops, doc));
    expect(e.code).toBe('RESTAPI-INVALIDREQ');
    expect(e.status).toBe(400);
    expect(e.detail).toBe(`invalid content patch operations for uri ${uri}: ${detail}`);
  });

  test.for([
    {
      name: 'an apply on the insert branch of replace-insert',
      ops: '<rapi:replace-insert select="/order/total" context="/order" apply="ml.add">1</rapi:replace-insert>',
      detail: 'function usable only for replace and not insert',
    },
    { name: 'an apply on a comment', doc: '<a><!-- 1 --></a>', ops: '<rapi:replace select="/a/comment()" apply="ml.add">1</rapi:replace>', detail: 'can only operate on elements, attributes, text, or numbers' },
    { name: 'arithmetic on text', ops: '<rapi:replace select="/order/status" apply="ml.add">1</rapi:replace>', detail: 'cannot cast new for numeric operation' },
  ])('$name is 400 RESTAPI-INVALIDCONTENT', ({ ops, doc, detail }) => {
    const e = failure(() => apply(ops, doc));
    expect(e.code).toBe('RESTAPI-INVALIDCONTENT');
    expect(e.detail).toBe(detail);
  });
});

describe('conflicting updates', () => {
  test.for<{ name: string; ops: string; detail: string }>([
    {
      name: 'deleting and replacing one node',
      ops: '<rapi:delete select="/order/status"/><rapi:replace select="/order/status">x</rapi:replace>',
      detail: 'xdmp:node-delete(fn:doc("/o.xml")/order/status) and xdmp:node-replace(fn:doc("/o.xml")/order/status)',
    },
    {
      name: 'replacing one node twice',
      ops: '<rapi:replace select="//status">x</rapi:replace><rapi:replace select="/order/status">y</rapi:replace>',
      detail: 'xdmp:node-replace(fn:doc("/o.xml")/order/status) and xdmp:node-replace(fn:doc("/o.xml")/order/status)',
    },
    {
      name: 'replacing a node and adding a child to it',
      ops: '<rapi:replace select="/order/note"><memo/></rapi:replace><rapi:insert context="/order/note"><x/></rapi:insert>',
      detail: 'xdmp:node-replace(fn:doc("/o.xml")/order/note) and xdmp:node-insert-child(fn:doc("/o.xml")/order/note)',
    },
    {
      name: 'deleting a node and inserting next to it',
      ops: '<rapi:delete select="/order/note"/><rapi:insert context="/order/note" position="before"><x/></rapi:insert>',
      detail: 'xdmp:node-delete(fn:doc("/o.xml")/order/note) and xdmp:node-insert-before(fn:doc("/o.xml")/order/note)',
    },
    {
      name: 'deleting a node and changing something inside it',
      ops: '<rapi:delete select="/order/items"/><rapi:replace select="/order/items/item[2]/@sku">C</rapi:replace>',
      detail: 'xdmp:node-delete(fn:doc("/o.xml")/order/items) and xdmp:node-replace(fn:doc("/o.xml")/order/items/item[2]/@sku)',
    },
    {
      name: 'deleting an attribute and overwriting it through an attribute list',
      ops: '<rapi:delete select="/order/@id"/><rapi:insert context="/order"><rapi:attribute-list id="1"/></rapi:insert>',
      detail: 'xdmp:node-delete(fn:doc("/o.xml")/order/@id) and xdmp:node-insert-child(fn:doc("/o.xml")/order/@id)',
    },
    {
      name: 'adding one new attribute twice',
      ops: '<rapi:insert context="/order"><rapi:attribute-list a="1"/></rapi:insert><rapi:insert context="/order/@id" position="after"><rapi:attribute-list a="2"/></rapi:insert>',
      detail: 'xdmp:node-insert-child(fn:doc("/o.xml")/order) and xdmp:node-insert-after(fn:doc("/o.xml")/order)',
    },
  ])('$name is 400 XDMP-CONFLICTINGUPDATES', ({ ops, detail }) => {
    const e = failure(() => apply(ops));
    expect(e.code).toBe('XDMP-CONFLICTINGUPDATES');
    expect(e.status).toBe(400);
    expect(e.detail).toBe(detail);
  });

  test('changes to siblings and to a parent’s child list do not conflict', () => {
    const ops =
      '<rapi:delete select="/order/items/item[1]"/>' +
      '<rapi:replace select="/order/items/item[2]">20</rapi:replace>' +
      '<rapi:insert context="/order/items"><item sku="C3"/></rapi:insert>';
    expect(apply(ops).result).toBe(
      '<order id="7"><status>new</status><items><item sku="B2">20</item><item sku="C3"/></items><note/><count>5</count></order>',
    );
  });
});
