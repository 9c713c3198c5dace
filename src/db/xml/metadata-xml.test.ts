import { describe, expect, test } from 'vitest';
import { metadataCategories, type Metadata, type MetadataPatch } from '../documents/types';
import { metadataFromXml, metadataToXml } from './metadata-xml';
import { applyXmlPatch } from '../patch/xml/xml-patch';
import { failure } from '../../../test/db-error';

const RAPI = 'http://marklogic.com/rest-api';
const PROP = 'http://marklogic.com/xdmp/property';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const XS = 'http://www.w3.org/2001/XMLSchema';
const head = (uri: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<rapi:metadata uri="${uri}" xsi:schemaLocation="${RAPI} restapi.xsd" xmlns:rapi="${RAPI}" xmlns:xsi="${XSI}">`;
/** A metadata body as a client would write it, pretty-printed. */
const body = (inner: string) => `<rapi:metadata xmlns:rapi="${RAPI}" xmlns:prop="${PROP}">\n  ${inner}\n</rapi:metadata>`;

const full: Metadata = {
  collections: ['orders', '2024'],
  permissions: [
    { 'role-name': 'rest-writer', capabilities: ['update'] },
    { 'role-name': 'rest-reader', capabilities: ['read'] },
  ],
  properties: { reviewed: 'yes' },
  quality: 0,
  metadataValues: { source: 'import-7' },
};

describe('metadataToXml', () => {
  test('writes every category in the order of MarkLogic’s documentation', () => {
    expect(metadataToXml('/a.json', full, metadataCategories)).toBe(
      head('/a.json') +
        '<rapi:collections><rapi:collection>orders</rapi:collection><rapi:collection>2024</rapi:collection></rapi:collections>' +
        '<rapi:permissions>' +
        '<rapi:permission><rapi:role-name>rest-writer</rapi:role-name><rapi:capability>update</rapi:capability></rapi:permission>' +
        '<rapi:permission><rapi:role-name>rest-reader</rapi:role-name><rapi:capability>read</rapi:capability></rapi:permission>' +
        '</rapi:permissions>' +
        `<prop:properties xmlns:prop="${PROP}"><reviewed>yes</reviewed></prop:properties>` +
        '<rapi:quality>0</rapi:quality>' +
        '<rapi:metadata-values><rapi:metadata-value key="source">import-7</rapi:metadata-value></rapi:metadata-values>' +
        '</rapi:metadata>',
    );
  });

  test('writes only the categories asked for, in catalogue order whatever the order asked', () => {
    expect(metadataToXml('/a.json', full, ['quality', 'collections'])).toBe(
      head('/a.json') +
        '<rapi:collections><rapi:collection>orders</rapi:collection><rapi:collection>2024</rapi:collection></rapi:collections>' +
        '<rapi:quality>0</rapi:quality></rapi:metadata>',
    );
  });

  test('writes defaults for categories asked for but not given; no properties is an empty prop:properties', () => {
    expect(metadataToXml('/a.json', {}, metadataCategories)).toBe(
      head('/a.json') +
        `<rapi:collections/><rapi:permissions/><prop:properties xmlns:prop="${PROP}"/><rapi:quality>0</rapi:quality><rapi:metadata-values/></rapi:metadata>`,
    );
  });

  test('groups permissions per role, capabilities unioned', () => {
    const xml = metadataToXml(
      '/a.xml',
      { permissions: [{ 'role-name': 'r', capabilities: ['read'] }, { 'role-name': 'r', capabilities: ['update', 'read'] }] },
      ['permissions'],
    );
    expect(xml).toContain(
      '<rapi:permission><rapi:role-name>r</rapi:role-name><rapi:capability>read</rapi:capability><rapi:capability>update</rapi:capability></rapi:permission>',
    );
    expect(xml.match(/<rapi:permission>/g)).toHaveLength(1);
  });

  test('escapes the uri, collections, keys and values', () => {
    const xml = metadataToXml('/a&"b".xml', { collections: ['<c>&'], metadataValues: { 'k"': 'v<' } }, ['collections', 'metadata-values']);
    expect(xml).toContain('uri="/a&amp;&quot;b&quot;.xml"');
    expect(xml).toContain('<rapi:collection>&lt;c&gt;&amp;</rapi:collection>');
    expect(xml).toContain('<rapi:metadata-value key="k&quot;">v&lt;</rapi:metadata-value>');
  });

  test.for([
    { name: 'a property name that is not an NCName', metadata: { properties: { 'a b': 'x' } }, detail: 'property name is not an XML NCName: a b' },
    { name: 'a nested property name that is not an NCName', metadata: { properties: { a: { '1x': 'y' } } }, detail: 'property name is not an XML NCName: a.1x' },
    { name: 'a prefixed property name', metadata: { properties: { 'p:x': 'y' } }, detail: 'property name is not an XML NCName: p:x' },
    {
      name: 'a structured system property',
      metadata: { properties: { '$ml.prop': { 'last-modified': { at: 1 } } } },
      detail: 'system property last-modified must be a string, number or boolean',
    },
    { name: 'system properties that are not an object', metadata: { properties: { '$ml.prop': 'x' } }, detail: '$ml.prop must be an object of system properties' },
    {
      name: 'a collection with a character XML cannot hold',
      metadata: { collections: ['a\u0001'] },
      detail: 'collection "a\\u0001" contains U+0001, which XML cannot represent',
    },
  ])('refuses $name with 400 RESTAPI-INVALIDCONTENT', ({ metadata, detail }) => {
    const e = failure(() => metadataToXml('/a.xml', metadata, metadataCategories));
    expect(e.code).toBe('RESTAPI-INVALIDCONTENT');
    expect(e.status).toBe(400);
    expect(e.detail).toBe(detail);
  });
});

describe('properties in XML', () => {
  test.for<{ name: string; properties: Record<string, unknown>; xml: string }>([
    { name: 'a string is an element holding the text', properties: { a: 'x & y' }, xml: '<a>x &amp; y</a>' },
    { name: 'an array is repeated elements', properties: { tag: ['a', 'b'] }, xml: '<tag>a</tag><tag>b</tag>' },
    { name: 'an object is nested elements', properties: { addr: { city: 'Oslo', zip: '0150' } }, xml: '<addr><city>Oslo</city><zip>0150</zip></addr>' },
    { name: 'an array of objects', properties: { p: [{ n: 'a' }, { n: 'b' }] }, xml: '<p><n>a</n></p><p><n>b</n></p>' },
    { name: 'an integer carries xs:integer', properties: { n: 5 }, xml: '<n xsi:type="xs:integer">5</n>' },
    { name: 'a fraction carries xs:double', properties: { n: 1.5 }, xml: '<n xsi:type="xs:double">1.5</n>' },
    { name: 'a boolean carries xs:boolean', properties: { ok: false }, xml: '<ok xsi:type="xs:boolean">false</ok>' },
    { name: 'null is xsi:nil', properties: { none: null }, xml: '<none xsi:nil="true"/>' },
    { name: 'an empty object is an empty element', properties: { e: {} }, xml: '<e/>' },
    {
      name: 'system properties are written in the property namespace',
      properties: { a: 'x', '$ml.prop': { 'last-modified': '2024-05-02T10:11:12Z' } },
      xml: '<a>x</a><prop:last-modified>2024-05-02T10:11:12Z</prop:last-modified>',
    },
  ])('$name', ({ properties, xml }) => {
    const written = metadataToXml('/a.xml', { properties }, ['properties']);
    const typed = /xsi:|xs:/.test(xml);
    const open = `<prop:properties xmlns:prop="${PROP}"${typed ? ` xmlns:xsi="${XSI}" xmlns:xs="${XS}"` : ''}>`;
    expect(written).toBe(`${head('/a.xml')}${open}${xml}</prop:properties></rapi:metadata>`);
  });

  test.for<{ name: string; xml: string; properties: Record<string, unknown> }>([
    { name: 'a text-only element is a string', xml: '<a>5</a>', properties: { a: '5' } },
    { name: 'an empty element is an empty string', xml: '<a/>', properties: { a: '' } },
    { name: 'repeated names are an array in document order', xml: '<t>a</t><u>x</u><t>b</t>', properties: { t: ['a', 'b'], u: 'x' } },
    {
      name: 'element children are an object; layout whitespace is ignored',
      xml: '<addr>\n  <city>Oslo</city>\n  <line>1</line><line>2</line>\n</addr>',
      properties: { addr: { city: 'Oslo', line: ['1', '2'] } },
    },
    { name: 'a namespaced property keeps its local name', xml: '<my:p xmlns:my="urn:my">v</my:p>', properties: { p: 'v' } },
    { name: 'xsi:type xs:int reads as a number', xml: `<n xmlns:xsi="${XSI}" xmlns:xs="${XS}" xsi:type="xs:int">42</n>`, properties: { n: 42 } },
    { name: 'xsi:type xs:boolean reads as a boolean', xml: `<b xmlns:xsi="${XSI}" xmlns:xs="${XS}" xsi:type="xs:boolean">1</b>`, properties: { b: true } },
    { name: 'xsi:type xs:string stays a string', xml: `<s xmlns:xsi="${XSI}" xmlns:xs="${XS}" xsi:type="xs:string">7</s>`, properties: { s: '7' } },
    { name: 'xsi:nil reads as null', xml: `<z xmlns:xsi="${XSI}" xsi:nil="true"/>`, properties: { z: null } },
    { name: 'a property-namespace element is a system property', xml: '<prop:last-modified>t</prop:last-modified>', properties: { '$ml.prop': { 'last-modified': 't' } } },
    { name: 'comments between properties are ignored', xml: '<!-- note --><a>x</a>', properties: { a: 'x' } },
  ])('reads $name', ({ xml, properties }) => {
    expect(metadataFromXml(body(`<prop:properties>${xml}</prop:properties>`))).toEqual({ properties });
  });

  test.for([
    { name: 'an attribute on a property', xml: '<a x="1">v</a>', detail: 'property prop:properties/a has attribute x; properties are converted to JSON, which has no attributes' },
    { name: 'mixed content', xml: '<a>t<b/></a>', detail: 'property prop:properties/a mixes text and elements; properties are converted to JSON, which cannot hold mixed content' },
    { name: 'text directly in prop:properties', xml: 'loose', detail: 'unexpected text in prop:properties: loose' },
    { name: 'a number that is not one', xml: `<n xmlns:xsi="${XSI}" xmlns:xs="${XS}" xsi:type="xs:integer">five</n>`, detail: 'property prop:properties/n: "five" is not a valid xs:integer' },
    { name: 'a boolean that is not one', xml: `<n xmlns:xsi="${XSI}" xmlns:xs="${XS}" xsi:type="xs:boolean">yes</n>`, detail: 'property prop:properties/n: "yes" is not a valid xs:boolean' },
  ])('refuses $name with 400 RESTAPI-INVALIDCONTENT', ({ xml, detail }) => {
    const e = failure(() => metadataFromXml(body(`<prop:properties>${xml}</prop:properties>`)));
    expect(e.code).toBe('RESTAPI-INVALIDCONTENT');
    expect(e.detail).toBe(detail);
  });
});

describe('metadata round trips', () => {
  test.for<{ name: string; metadata: MetadataPatch }>([
    { name: 'all categories', metadata: full },
    {
      name: 'nested, repeated and typed properties',
      metadata: {
        properties: {
          reviewed: 'yes',
          count: 3,
          ratio: 0.25,
          draft: true,
          gone: null,
          tags: ['x', 'y'],
          addr: { city: 'Oslo', lines: ['a', 'b'], geo: { lat: 59.9 } },
          '$ml.prop': { 'last-modified': '2024-05-02T10:11:12Z' },
        },
      },
    },
    { name: 'empty properties', metadata: { properties: {} } },
    { name: 'metadata values with keys needing escapes', metadata: { metadataValues: { 'a&b': '<1>', 'c d': '' } } },
    { name: 'several capabilities per role', metadata: { permissions: [{ 'role-name': 'app-user', capabilities: ['read', 'insert', 'node-update'] }] } },
    { name: 'a negative quality', metadata: { quality: -3 } },
    { name: 'no collections', metadata: { collections: [] } },
  ])('$name', ({ metadata }) => {
    const categories = metadataCategories.filter((c) => (c === 'metadata-values' ? 'metadataValues' : c) in metadata);
    expect(metadataFromXml(metadataToXml('/r.xml', metadata, categories))).toEqual(metadata);
  });
});

describe('metadataFromXml', () => {
  test('reads MarkLogic’s documentation example, pretty-printed, returning only the categories present', () => {
    const xml = `<?xml version="1.0"?>
<rapi:metadata uri="/a.json" xmlns:rapi="${RAPI}">
  <rapi:collections>
    <rapi:collection>orders</rapi:collection>
  </rapi:collections>
  <prop:properties xmlns:prop="${PROP}">
    <reviewed>yes</reviewed>
  </prop:properties>
  <rapi:quality> 2 </rapi:quality>
</rapi:metadata>`;
    expect(metadataFromXml(xml)).toEqual({ collections: ['orders'], properties: { reviewed: 'yes' }, quality: 2 });
  });

  test('groups permissions given one capability per element by role', () => {
    const xml = body(
      '<rapi:permissions>' +
        '<rapi:permission><rapi:role-name>a</rapi:role-name><rapi:capability>read</rapi:capability></rapi:permission>' +
        '<rapi:permission><rapi:role-name>b</rapi:role-name><rapi:capability>update</rapi:capability></rapi:permission>' +
        '<rapi:permission><rapi:role-name>a</rapi:role-name><rapi:capability>update</rapi:capability><rapi:capability>read</rapi:capability></rapi:permission>' +
        '</rapi:permissions>',
    );
    expect(metadataFromXml(xml)).toEqual({
      permissions: [
        { 'role-name': 'a', capabilities: ['read', 'update'] },
        { 'role-name': 'b', capabilities: ['update'] },
      ],
    });
  });

  test('reads metadata values by key', () => {
    const xml = body('<rapi:metadata-values><rapi:metadata-value key="k1">v1</rapi:metadata-value><rapi:metadata-value key="k2"/></rapi:metadata-values>');
    expect(metadataFromXml(xml)).toEqual({ metadataValues: { k1: 'v1', k2: '' } });
  });

  test.for([
    { name: 'another root element', xml: '<metadata/>', found: '<metadata>' },
    { name: 'the right name in another namespace', xml: '<m:metadata xmlns:m="urn:m"/>', found: '<m:metadata> in urn:m' },
    { name: 'another rapi element', xml: `<rapi:patch xmlns:rapi="${RAPI}"/>`, found: `<rapi:patch> in ${RAPI}` },
  ])('refuses $name as root with 400 RESTAPI-INVALIDREQ', ({ xml, found }) => {
    const e = failure(() => metadataFromXml(xml));
    expect(e.code).toBe('RESTAPI-INVALIDREQ');
    expect(e.status).toBe(400);
    expect(e.detail).toBe(`metadata must have the root element rapi:metadata in ${RAPI}, found ${found}`);
  });

  test('refuses malformed XML with the parse error', () => {
    const e = failure(() => metadataFromXml(`<rapi:metadata xmlns:rapi="${RAPI}"><rapi:quality>1</rapi:metadata>`));
    expect(e.code).toBe('XDMP-DOCNOENDTAG');
  });

  test.for([
    { name: 'an empty collection', inner: '<rapi:collections><rapi:collection>a</rapi:collection><rapi:collection/></rapi:collections>', detail: 'empty collections are not allowed' },
    { name: 'an element in collections that is not a collection', inner: '<rapi:collections><collection>a</collection></rapi:collections>', detail: 'unexpected <collection> in rapi:collections; expected rapi:collection' },
    { name: 'markup inside a collection', inner: '<rapi:collections><rapi:collection><b/></rapi:collection></rapi:collections>', detail: 'rapi:collection must hold text only' },
    { name: 'an unknown capability', inner: '<rapi:permissions><rapi:permission><rapi:role-name>r</rapi:role-name><rapi:capability>write</rapi:capability></rapi:permission></rapi:permissions>', detail: 'invalid capability "write"; expected one of read, update, insert, execute, node-update' },
    { name: 'a permission without a role', inner: '<rapi:permissions><rapi:permission><rapi:capability>read</rapi:capability></rapi:permission></rapi:permissions>', detail: 'a rapi:permission has no rapi:role-name' },
    { name: 'a permission without capabilities', inner: '<rapi:permissions><rapi:permission><rapi:role-name>r</rapi:role-name></rapi:permission></rapi:permissions>', detail: 'permission for role r has no capabilities' },
    { name: 'a permission with two roles', inner: '<rapi:permissions><rapi:permission><rapi:role-name>r</rapi:role-name><rapi:role-name>s</rapi:role-name><rapi:capability>read</rapi:capability></rapi:permission></rapi:permissions>', detail: 'a rapi:permission has more than one rapi:role-name' },
    { name: 'a quality that is not an integer', inner: '<rapi:quality>1.5</rapi:quality>', detail: 'quality must be an integer: 1.5' },
    { name: 'an empty quality', inner: '<rapi:quality/>', detail: 'quality must be an integer: ' },
    { name: 'a metadata value without a key', inner: '<rapi:metadata-values><rapi:metadata-value>v</rapi:metadata-value></rapi:metadata-values>', detail: 'a rapi:metadata-value has no key attribute' },
    { name: 'an unknown category', inner: '<rapi:tags/>', detail: `unknown metadata element: <rapi:tags> in ${RAPI}` },
    { name: 'a category twice', inner: '<rapi:quality>1</rapi:quality><rapi:quality>2</rapi:quality>', detail: 'metadata has more than one rapi:quality element' },
    { name: 'text in the metadata element', inner: 'stray', detail: 'unexpected text in rapi:metadata: stray' },
  ])('refuses $name with 400 RESTAPI-INVALIDCONTENT', ({ inner, detail }) => {
    const e = failure(() => metadataFromXml(body(inner)));
    expect(e.code).toBe('RESTAPI-INVALIDCONTENT');
    expect(e.status).toBe(400);
    expect(e.detail).toBe(detail);
  });
});

describe('patching metadata through its XML representation', () => {
  const patch = (ops: string) => `<rapi:patch xmlns:rapi="${RAPI}" xmlns:prop="${PROP}">${ops}</rapi:patch>`;
  const through = (ops: string) =>
    metadataFromXml(applyXmlPatch(metadataToXml('/m.xml', full, metadataCategories), patch(ops), { uri: '/m.xml' }).result);

  test.for<{ name: string; ops: string; expected: MetadataPatch }>([
    {
      name: 'appends a collection',
      ops: '<rapi:insert context="/rapi:metadata/rapi:collections" position="last-child"><rapi:collection>new</rapi:collection></rapi:insert>',
      expected: { ...full, collections: ['orders', '2024', 'new'] },
    },
    {
      name: 'deletes a collection by value',
      ops: '<rapi:delete select="/rapi:metadata/rapi:collections/rapi:collection[. = \'2024\']"/>',
      expected: { ...full, collections: ['orders'] },
    },
    {
      name: 'adds a permission',
      ops:
        '<rapi:insert context="/rapi:metadata/rapi:permissions" position="last-child">' +
        '<rapi:permission><rapi:role-name>app-user</rapi:role-name><rapi:capability>read</rapi:capability></rapi:permission></rapi:insert>',
      expected: { ...full, permissions: [...full.permissions, { 'role-name': 'app-user', capabilities: ['read'] }] },
    },
    {
      name: 'replaces a property and adds another',
      ops:
        '<rapi:replace select="/rapi:metadata/prop:properties/reviewed">no</rapi:replace>' +
        '<rapi:insert context="/rapi:metadata/prop:properties" position="last-child"><owner>kim</owner></rapi:insert>',
      expected: { ...full, properties: { reviewed: 'no', owner: 'kim' } },
    },
    {
      name: 'sets the quality',
      ops: '<rapi:replace select="/rapi:metadata/rapi:quality">5</rapi:replace>',
      expected: { ...full, quality: 5 },
    },
    {
      name: 'adds a metadata value',
      ops: '<rapi:insert context="/rapi:metadata/rapi:metadata-values" position="last-child"><rapi:metadata-value key="batch">7</rapi:metadata-value></rapi:insert>',
      expected: { ...full, metadataValues: { source: 'import-7', batch: '7' } },
    },
  ])('$name', ({ ops, expected }) => {
    expect(through(ops)).toEqual(expected);
  });
});
