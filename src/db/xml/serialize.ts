/**
 * DOM → XML text with namespace fix-up. xmldom's serializer writes the names it finds
 * without always declaring what they need: an element in no namespace moved under a
 * default namespace comes out as `<paid/>` and reads back in the wrong namespace. This
 * one tracks the bindings in scope and declares whatever an element or attribute
 * needs where it needs it, so a patched tree always reads back as the same tree.
 */
import type { Attr, DocumentType, Element, Node } from '@xmldom/xmldom';
import { XML_NS, XMLNS_NS } from './namespaces';

/** Prefix → namespace URI; '' is the default namespace, '' as URI means none. */
type Scope = ReadonlyMap<string, string>;

const rootScope: Scope = new Map([
  ['', ''],
  ['xml', XML_NS],
]);

/** `node` (anything but a document) as XML text, declaring every namespace it uses. */
export function serializeNode(node: Node): string {
  const out: string[] = [];
  write(node, rootScope, out);
  return out.join('');
}

function write(node: Node, scope: Scope, out: string[]): void {
  switch (node.nodeType) {
    case node.ELEMENT_NODE:
      return writeElement(node as Element, scope, out);
    case node.TEXT_NODE:
      return void out.push(escapeText(node.nodeValue ?? ''));
    case node.CDATA_SECTION_NODE:
      return void out.push(`<![CDATA[${node.nodeValue ?? ''}]]>`);
    case node.COMMENT_NODE:
      return void out.push(`<!--${node.nodeValue ?? ''}-->`);
    case node.PROCESSING_INSTRUCTION_NODE: {
      const data = node.nodeValue ?? '';
      return void out.push(data ? `<?${node.nodeName} ${data}?>` : `<?${node.nodeName}?>`);
    }
    case node.DOCUMENT_TYPE_NODE:
      return void out.push(doctype(node as DocumentType));
    default:
      throw new Error(`cannot serialise node type ${node.nodeType} on its own`);
  }
}

function writeElement(element: Element, outer: Scope, out: string[]): void {
  const scope = new Map(outer);
  const declared = new Map<string, string>();
  const declare = (prefix: string, uri: string) => {
    declared.set(prefix, uri);
    scope.set(prefix, uri);
  };
  const attributes: Attr[] = [];
  for (const a of Array.from(element.attributes)) {
    if (a.namespaceURI === XMLNS_NS) declare(a.prefix === 'xmlns' ? (a.localName ?? '') : '', a.value);
    else attributes.push(a);
  }

  const prefix = element.prefix ?? '';
  const uri = element.namespaceURI ?? '';
  if (scope.get(prefix) !== uri) declare(prefix, uri);

  const written: string[] = [];
  for (const a of attributes) {
    const ns = a.namespaceURI ?? '';
    const local = a.localName ?? a.nodeName;
    let p = '';
    if (ns === XML_NS) p = 'xml';
    else if (ns) {
      p = a.prefix ?? '';
      const free = p !== '' && (scope.get(p) === ns || (!declared.has(p) && p !== 'xml' && p !== 'xmlns'));
      if (!free) p = prefixFor(ns, scope);
      if (scope.get(p) !== ns) declare(p, ns);
    }
    written.push(` ${p ? `${p}:` : ''}${local}="${escapeAttribute(a.value)}"`);
  }

  const local = element.localName ?? element.nodeName;
  const name = prefix ? `${prefix}:${local}` : local;
  const declarations = Array.from(declared, ([p, u]) => ` ${p ? `xmlns:${p}` : 'xmlns'}="${escapeAttribute(u)}"`);
  out.push(`<${name}${declarations.join('')}${written.join('')}`);
  const children = Array.from(element.childNodes);
  if (children.length === 0) return void out.push('/>');
  out.push('>');
  for (const child of children) write(child, scope, out);
  out.push(`</${name}>`);
}

/** A prefix already bound to `ns`, else a fresh one. */
function prefixFor(ns: string, scope: Scope): string {
  for (const [p, u] of scope) if (p && u === ns) return p;
  for (let i = 0; ; i++) if (!scope.has(`ns${i}`)) return `ns${i}`;
}

/** xmldom keeps a parsed identifier with its quotes; one set in code has none. */
const quoted = (id: string) => (/^["']/.test(id) ? id : `"${id}"`);

function doctype(d: DocumentType): string {
  const ids = d.publicId ? ` PUBLIC ${quoted(d.publicId)} ${quoted(d.systemId)}` : d.systemId ? ` SYSTEM ${quoted(d.systemId)}` : '';
  return `<!DOCTYPE ${d.name}${ids}${d.internalSubset ? ` [${d.internalSubset}]` : ''}>`;
}

const escapeText = (s: string) => s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));

const attributeEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '"': '&quot;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' };
const escapeAttribute = (s: string) => s.replace(/[&<"\t\n\r]/g, (c) => attributeEscapes[c]);
