/**
 * Text analysis shared by the index, the evaluator and snippets: how a document's
 * content splits into nodes (JSON values, XML text and attributes, a text document),
 * how text splits into word and punctuation tokens, and the keys words are matched by.
 *
 * One tokenizer for indexing, querying and highlighting, so what is found is what is
 * highlighted. Word tokens are runs of letters, digits and combining marks; everything
 * else is punctuation or whitespace, which MarkLogic's default matching ignores
 * (punctuation- and whitespace-insensitive). Positions count words only.
 */
import { stemmer } from 'stemmer';
import type { Document as XmlDocument, Element, Node } from '@xmldom/xmldom';
import type { StoredDocument } from '../documents/types';
import { indexableContent, type IndexableContent } from '../indexes/index-values';

export interface Token {
  /** Offsets in the node's text. */
  start: number;
  end: number;
  /** The text as written. */
  text: string;
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** The word tokens of a text, in order. */
export function words(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(WORD)) out.push({ start: m.index, end: m.index + m[0].length, text: m[0] });
  return out;
}

/**
 * Calls `each` with every word of `text`, in order: the same words as {@link words},
 * without building tokens — the indexing path runs it over every word written. Plain
 * ASCII is split by a character loop; anything else by the regular expression.
 */
export function forEachWord(text: string, each: (word: string) => void): void {
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128) {
      // The rest (including a word in progress, which may go on past this character) by the expression.
      for (const m of text.slice(start >= 0 ? start : i).matchAll(WORD)) each(m[0]);
      return;
    }
    const isWord = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (isWord) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      each(text.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) each(text.slice(start));
}

const MARKS = /\p{M}/gu;
const NON_ASCII = /[\u0080-\uffff]/;

/** The case- and diacritic-insensitive key of a word: what the index is keyed by. */
export function foldKey(word: string): string {
  // ASCII has no accents to drop; NFD splits a letter from its accents, which are then dropped.
  return NON_ASCII.test(word) ? word.normalize('NFD').replace(MARKS, '').toLowerCase() : word.toLowerCase();
}

/** Case-insensitive but diacritic-sensitive. */
export function lowerKey(word: string): string {
  return word.normalize('NFC').toLowerCase();
}

/** Diacritic-insensitive but case-sensitive. */
export function undiacriticKey(word: string): string {
  return word.normalize('NFD').replace(MARKS, '').normalize('NFC');
}

const stems = new Map<string, string>();

/** English stem (Porter) of a folded key; cached, since a corpus repeats its words. */
export function stemKey(folded: string): string {
  let s = stems.get(folded);
  if (s === undefined) {
    // Digits and mixed tokens have no English stem worth the name.
    s = /^\p{L}+$/u.test(folded) ? stemmer(folded) : folded;
    if (stems.size > 200_000) stems.clear();
    stems.set(folded, s);
  }
  return s;
}

/**
 * A step of a node's path: a JSON property name, or an XML element / attribute
 * (`ns` is the namespace URI, '' for none; attributes are marked).
 */
export interface PathStep {
  name: string;
  ns?: string;
  attribute?: boolean;
  /** For building `fn:doc()/…` match paths: 1-based position among same-named siblings (XML), array index (JSON). */
  position?: number;
  /** JSON: the step is an array item of `name`. */
  arrayItem?: boolean;
}

export type ContentNode =
  | { kind: 'text'; path: PathStep[]; text: string }
  | { kind: 'number'; path: PathStep[]; value: number; text: string }
  | { kind: 'boolean'; path: PathStep[]; value: boolean; text: string }
  | { kind: 'null'; path: PathStep[]; text: '' };

/**
 * The searchable nodes of a document's content, in document order. JSON: every string
 * (text), number, boolean and null, with the chain of property names above it (array
 * items stay under their property, as MarkLogic's `json-property` scope sees them). XML:
 * every non-blank text node with its element chain, and every attribute value. Text: one
 * node. Binary: none (its extracted properties are searched through `properties`).
 */
export function contentNodes(doc: Pick<StoredDocument, 'format' | 'content'>): ContentNode[] {
  return contentNodesOf(parseContent(doc));
}

/** A document's content parsed once, for the search nodes and the range index values both. */
export type ParsedContent = IndexableContent | { format: 'text'; text: string } | undefined;

export function parseContent(doc: Pick<StoredDocument, 'format' | 'content'>): ParsedContent {
  if (doc.format === 'text') return { format: 'text', text: doc.content as string };
  return indexableContent(doc);
}

export function contentNodesOf(parsed: ParsedContent): ContentNode[] {
  switch (parsed?.format) {
    case 'json':
      return jsonNodes(parsed.json);
    case 'xml':
      return xmlNodes(parsed.xml);
    case 'text':
      return [{ kind: 'text', path: [], text: parsed.text }];
    default:
      return [];
  }
}

/** The nodes of a JSON value (also the document properties, which are a JSON object). */
export function jsonNodes(value: unknown): ContentNode[] {
  const out: ContentNode[] = [];
  const walk = (v: unknown, path: PathStep[]): void => {
    if (v === null) out.push({ kind: 'null', path, text: '' });
    else if (typeof v === 'string') out.push({ kind: 'text', path, text: v });
    else if (typeof v === 'number') out.push({ kind: 'number', path, value: v, text: String(v) });
    else if (typeof v === 'boolean') out.push({ kind: 'boolean', path, value: v, text: String(v) });
    else if (Array.isArray(v)) {
      const last = path[path.length - 1];
      v.forEach((item, i) => walk(item, last ? [...path.slice(0, -1), { ...last, arrayItem: true, position: i + 1 }] : path));
    } else if (typeof v === 'object') {
      for (const [k, child] of Object.entries(v as Record<string, unknown>)) walk(child, [...path, { name: k }]);
    }
  };
  walk(value, []);
  return out;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

function xmlNodes(xml: XmlDocument): ContentNode[] {
  const out: ContentNode[] = [];
  const root = xml.documentElement;
  if (!root) return out;
  const walk = (el: Element, path: PathStep[]): void => {
    for (let i = 0; i < el.attributes.length; i++) {
      const a = el.attributes.item(i)!;
      if (a.name === 'xmlns' || a.name.startsWith('xmlns:')) continue;
      out.push({ kind: 'text', path: [...path, { name: a.localName ?? a.name, ns: a.namespaceURI ?? '', attribute: true }], text: a.value });
    }
    const seen = new Map<string, number>();
    for (let child: Node | null = el.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === ELEMENT_NODE) {
        const c = child as Element;
        const key = `${c.namespaceURI ?? ''} ${c.localName}`;
        const position = (seen.get(key) ?? 0) + 1;
        seen.set(key, position);
        walk(c, [...path, { name: c.localName ?? c.nodeName, ns: c.namespaceURI ?? '', position }]);
      } else if (child.nodeType === TEXT_NODE || child.nodeType === CDATA_SECTION_NODE) {
        const value = child.nodeValue ?? '';
        if (value.trim() !== '') out.push({ kind: 'text', path, text: value });
      }
    }
  };
  walk(root, [{ name: root.localName ?? root.nodeName, ns: root.namespaceURI ?? '', position: 1 }]);
  return out;
}

/**
 * The `fn:doc("URI")/…` path MarkLogic reports for a match (MarkLogic’s REST API reference, /v1/search): JSON
 * steps as `text("name")` for a string value, `object-node()` chains above it; XML
 * steps as element names (`*:name` when namespaced), attributes as `@name`.
 */
export function matchPath(uri: string, format: StoredDocument['format'], path: readonly PathStep[]): string {
  const doc = `fn:doc(${JSON.stringify(uri)})`;
  if (path.length === 0) return format === 'json' ? `${doc}/text()` : doc;
  if (format === 'json') {
    const steps = path.map((s, i) => {
      const last = i === path.length - 1;
      const name = JSON.stringify(s.name);
      if (s.arrayItem) return `array-node(${name})/${last ? 'text()' : 'object-node()'}[${s.position}]`;
      return last ? `text(${name})` : /^[A-Za-z_][\w.-]*$/.test(s.name) ? s.name : `node(${name})`;
    });
    return `${doc}/${steps.join('/')}`;
  }
  const steps = path.map((s) => {
    const name = s.ns ? `*:${s.name}` : s.name;
    if (s.attribute) return `@${name}`;
    return s.position && s.position > 1 ? `${name}[${s.position}]` : name;
  });
  return `${doc}/${steps.join('/')}`;
}
