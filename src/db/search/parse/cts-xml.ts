/**
 * A serialised cts query's XML form rewritten into its JSON form: child queries become
 * `queries` or `query`, `<cts:text>`/`<cts:uri>`/`<cts:option>` become `text`/`uris`/
 * `options`, attributes become keys, element QNames Clark names, typed values
 * `{"type", "val"}` (see ./cts.ts).
 */
import type { Element } from '@xmldom/xmldom';
import { XML_NS, XS_NS, XSI_NS } from '../../xml/namespaces';
import { CTS_NS } from '../../xml/namespaces';
import { camelOf, LISTS, SUPPORTED_SET, UNSUPPORTED } from './cts-kinds';
import { attributesOf, contentOf, describeElement, type JsonObject } from './toolkit';

/** Attributes a cts query element may carry, as the JSON form names them. */
const XML_ATTRIBUTES = new Set(['weight', 'distance', 'minimum-distance', 'distance-weight', 'operator', 'depth']);
/** Elements holding one query, as the JSON form names them. */
const SLOTS: Record<string, string> = {
  positive: 'positiveQuery',
  'positive-query': 'positiveQuery',
  negative: 'negativeQuery',
  'negative-query': 'negativeQuery',
  'matching-query': 'matchingQuery',
  'boosting-query': 'boostingQuery',
};
/** Repeated text children: element name → JSON key. */
const REPEATED: Record<string, string> = { text: 'text', option: 'options', uri: 'uris', property: 'property', element: 'element', attribute: 'attribute', value: 'value' };

/** What the XML reader reports through: the JSON parser's errors. */
export interface CtsFailures {
  fail(where: string, detail: string): never;
  tooMany(where: string, keys: string[]): never;
  unsupported(kebab: string, written: string, where: string, field?: string): never;
}

export class XmlReader {
  constructor(private readonly parser: CtsFailures) {}

  /** `<cts:word-query>…` → `{"wordQuery": {…}}`. */
  query(element: Element, where: string): JsonObject {
    const p = this.parser;
    if (element.namespaceURI !== CTS_NS) p.fail(where, `${describeElement(element)} is not a cts query (namespace ${CTS_NS})`);
    const kind = element.localName ?? '';
    if (kind in UNSUPPORTED) {
      const field = Array.from(element.childNodes).find((c) => c.nodeType === c.ELEMENT_NODE && ['field', 'path-expression'].includes((c as Element).localName ?? ''));
      p.unsupported(kind, `cts:${kind}`, where, field ? (field.textContent ?? '').trim() : undefined);
    }
    if (!SUPPORTED_SET.has(kind)) p.fail(where, `unknown cts query kind cts:${kind}`);
    const body: JsonObject = {};
    for (const attr of attributesOf(element)) {
      const name = attr.localName ?? attr.name;
      if (attr.namespaceURI || !XML_ATTRIBUTES.has(name)) p.fail(where, `unknown attribute ${attr.name}`);
      body[name] = attr.value;
    }
    const { text, children } = contentOf(element);
    if (text.trim() !== '') p.fail(where, `unexpected text ${JSON.stringify(text.trim())}`);
    let lang: string | undefined;
    children.forEach((child, i) => {
      const name = child.localName ?? '';
      const at = `${where}/cts:${name}[${i + 1}]`;
      if (child.namespaceURI !== CTS_NS) p.fail(at, `${describeElement(child)} is not in ${CTS_NS}`);
      if (name in SLOTS) {
        const key = SLOTS[name];
        if (key in body) p.fail(where, `${name} appears twice`);
        body[key] = this.only(child, at);
      } else if (name.endsWith('-query')) {
        const query = this.query(child, at);
        if (LISTS.has(kind)) ((body.queries ??= []) as JsonObject[]).push(query);
        else if ('query' in body) p.tooMany(where, [Object.keys(body.query as JsonObject)[0], Object.keys(query)[0]]);
        else body.query = query;
      } else if (name in REPEATED) {
        if (contentOf(child).children.length > 0) p.fail(at, 'expected text');
        const value = this.leaf(child, name, at);
        ((body[REPEATED[name]] ??= []) as unknown[]).push(value);
        if (name === 'text') lang ??= child.getAttributeNS(XML_NS, 'lang') || undefined;
      } else if (name === 'depth') {
        if ('depth' in body) p.fail(where, 'depth appears twice');
        body.depth = (child.textContent ?? '').trim();
      } else {
        p.fail(at, `unexpected cts:${name} in cts:${kind}`);
      }
    });
    // The text's xml:lang is the language its words are in, unless an option says otherwise.
    const options = (body.options ?? []) as string[];
    if (lang && !options.some((o) => o.trim().toLowerCase().startsWith('lang='))) body.options = [...options, `lang=${lang}`];
    return { [camelOf(kind)]: body };
  }

  /** The one query inside `<cts:positive>`, `<cts:matching-query>`, …. */
  private only(element: Element, where: string): JsonObject {
    const { text, children } = contentOf(element);
    if (text.trim() !== '') this.parser.fail(where, `unexpected text ${JSON.stringify(text.trim())}`);
    if (children.length === 0) this.parser.fail(where, 'needs a query');
    if (children.length > 1) this.parser.tooMany(where, children.map((c) => `cts:${c.localName}`));
    return this.query(children[0], `${where}/cts:${children[0].localName}`);
  }

  private leaf(child: Element, name: string, where: string): unknown {
    const text = child.textContent ?? '';
    if (name === 'element' || name === 'attribute') return this.clark(child, text.trim(), where);
    if (name === 'option' || name === 'uri') return text.trim();
    if (name !== 'value') return text;
    if (['true', '1'].includes(child.getAttributeNS(XSI_NS, 'nil')?.trim() ?? '')) return null;
    const type = child.getAttributeNS(XSI_NS, 'type');
    return type ? { type: this.xsType(child, type.trim(), where), val: text } : text;
  }

  /** `p:local` resolved by the declarations in scope, or `{ns}local`; unprefixed is no namespace (see the module comment). */
  private clark(element: Element, text: string, where: string): string {
    if (text.startsWith('{')) return text;
    const colon = text.indexOf(':');
    if (colon < 0) return text;
    const prefix = text.slice(0, colon);
    const ns = element.lookupNamespaceURI(prefix);
    if (!ns) this.parser.fail(where, `the prefix ${prefix} of ${text} is not declared`);
    return `{${ns}}${text.slice(colon + 1)}`;
  }

  /** `xs:int` → `xs:int`, whatever prefix binds the schema namespace (an undeclared `xs` is taken to mean it). */
  private xsType(element: Element, qname: string, where: string): string {
    const [prefix, local] = qname.includes(':') ? qname.split(':', 2) : ['', qname];
    const ns = element.lookupNamespaceURI(prefix || null);
    if (ns !== XS_NS && !(prefix === 'xs' && !ns)) this.parser.fail(where, `xsi:type ${qname} is not an XML Schema type`);
    return `xs:${local}`;
  }
}
