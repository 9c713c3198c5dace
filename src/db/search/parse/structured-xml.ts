/**
 * A structured query's XML form (`<search:query>`) rewritten into its JSON form: repeated
 * child queries become `queries`, scalar children become keys, `<element name ns/>` becomes
 * `{name, ns}`; the JSON parser (./structured.ts) then decides what every kind means.
 */
import type { Element } from '@xmldom/xmldom';
import { isQueryKind, LISTS, QUERY_SLOTS, UNSUPPORTED, WRAPPERS } from './structured-kinds';
import { attributesOf, contentOf, describeElement, type JsonObject, type QueryBodyReader } from './toolkit';
import { SEARCH_NS } from '../../xml/namespaces';

/** Children repeated as a list in the JSON form. */
const REPEATED = new Set(['text', 'uri', 'value', 'term-option', 'range-option']);
/** Children that are index references: empty elements with name/ns attributes. */
const QNAMES = new Set(['element', 'attribute', 'field']);
/** Attributes the XML form puts on query elements (value-query/range-query type, collation; directory depth). */
const XML_ATTRIBUTES = new Set(['type', 'collation', 'depth']);

type Parser = QueryBodyReader;

export function xmlChildQueries(parent: Element, parser: Parser, where: string): JsonObject[] {
  const { text, children } = contentOf(parent);
  if (text.trim() !== '') parser.fail(where, `unexpected text ${JSON.stringify(text.trim())}`);
  return children.map((child, i) => xmlQuery(child, parser, `${where}/${child.localName}[${i + 1}]`));
}

/** The single query inside `element` (not-query, positive-query, …). */
function xmlOneQuery(element: Element, parser: Parser, where: string): JsonObject {
  const inner = xmlChildQueries(element, parser, where);
  if (inner.length === 0) parser.fail(where, 'needs a query');
  if (inner.length > 1) parser.tooMany(where, inner.map((q) => Object.keys(q)[0]));
  return inner[0];
}

/** `<search:term-query>…` → `{"term-query": {…}}`. */
function xmlQuery(element: Element, parser: Parser, where: string): JsonObject {
  if (element.namespaceURI !== SEARCH_NS) parser.fail(where, `${describeElement(element)} is not in ${SEARCH_NS}`);
  const kind = element.localName ?? '';
  if (!isQueryKind(kind)) parser.fail(where, `unknown query kind ${kind}`);
  if (kind in UNSUPPORTED) return { [kind]: {} };
  if (WRAPPERS.has(kind)) {
    return { [kind]: xmlOneQuery(element, parser, where) };
  }
  if (kind === 'true-query' || kind === 'false-query') {
    if (contentOf(element).children.length > 0) parser.fail(where, 'takes no settings');
    return { [kind]: null };
  }
  const body: JsonObject = {};
  for (const attr of attributesOf(element)) {
    if (attr.namespaceURI || !XML_ATTRIBUTES.has(attr.localName ?? '')) parser.fail(where, `unknown attribute ${attr.name}`);
    body[attr.localName!] = attr.value;
  }
  const { text, children } = contentOf(element);
  if (text.trim() !== '') parser.fail(where, `unexpected text ${JSON.stringify(text.trim())}`);
  for (const child of children) {
    const name = child.localName ?? '';
    const at = `${where}/${name}`;
    if (child.namespaceURI !== SEARCH_NS) parser.fail(at, `${describeElement(child)} is not in ${SEARCH_NS}`);
    if (isQueryKind(name)) {
      const [[childKind, childBody]] = Object.entries(xmlQuery(child, parser, at));
      if (LISTS.has(kind)) {
        ((body.queries ??= []) as JsonObject[]).push({ [childKind]: childBody });
      } else {
        // One query per kind that holds one (a query where none belongs is reported by the JSON parser).
        const present = Object.keys(body).filter(isQueryKind);
        if (present.length > 0) parser.tooMany(where, [...present, childKind]);
        body[childKind] = childBody;
      }
    } else if (QUERY_SLOTS.has(name)) {
      if (name in body) parser.fail(where, `${name} appears twice`);
      body[name] = xmlOneQuery(child, parser, at);
    } else if (QNAMES.has(name)) {
      const attrs = Object.fromEntries(attributesOf(child).map((a) => [a.localName, a.value]));
      body[name] = attrs;
    } else if (REPEATED.has(name)) {
      ((body[name] ??= []) as string[]).push(child.textContent ?? '');
    } else {
      if (contentOf(child).children.length > 0) parser.fail(at, 'expected text');
      if (name in body) parser.fail(where, `${name} appears twice`);
      body[name] = (child.textContent ?? '').trim();
    }
  }
  return { [kind]: body };
}
