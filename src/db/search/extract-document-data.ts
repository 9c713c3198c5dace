/**
 * `extract-document-data` (MarkLogic’s REST API reference, /v1/search): the parts of each result document its
 * `extract-path`s select, returned with the result instead of (or beside) a snippet.
 * JSON paths use MarkLogic's XPath over JSON (the same evaluator as PATCH); XML paths
 * XPath over the document.
 *
 * `selected`: `include` (the selected nodes, each a `{name: value}` object for a named
 * JSON node), `include-with-ancestors` (the document pruned to the selected nodes and
 * their ancestors), `exclude` (the document without them), `all` (the whole document).
 * A document where nothing is selected gets `extracted-none` (include modes).
 */
import type { Element, Node } from '@xmldom/xmldom';
import type { StoredDocument } from '../documents/types';
import { buildTree, PathSyntaxError, type JNode } from '../json/path/tree';
import { compileXPath } from '../json/path/xpath';
import { DbError } from '../errors';
import { compilePath } from '../xml/xpath';
import { parseXml } from '../xml/parse';
import { serializeNode } from '../xml/serialize';
import type { SearchResult } from './response-model';

export interface ExtractSpec {
  selected?: 'include' | 'include-with-ancestors' | 'exclude' | 'all';
  'extract-path': string[];
  /** The prefixes `extract-path` uses on XML documents. */
  namespaces?: Record<string, string>;
}

export type Extracted = Pick<SearchResult, 'extracted' | 'extractedNone'>;

/** Checks the paths once per search (a bad path is the request's fault: 400). */
export function checkExtractPaths(spec: ExtractSpec): void {
  for (const p of spec['extract-path'] ?? []) {
    try {
      compileXPath(p);
    } catch (e) {
      if (e instanceof PathSyntaxError) throw new DbError('REST-INVALIDPARAM', `extract-document-data: invalid extract-path ${p}: ${e.message}`);
      throw e;
    }
  }
}

export function extractDocumentData(doc: StoredDocument, spec: ExtractSpec): Extracted {
  const selected = spec.selected ?? 'include';
  if (doc.format === 'json') return extractJson(JSON.parse(doc.content as string), spec['extract-path'] ?? [], selected);
  if (doc.format === 'xml') return extractXml(doc.content as string, spec['extract-path'] ?? [], selected, spec.namespaces ?? {});
  // Text and binary documents have no nodes to select.
  return selected === 'all' && doc.format === 'text' ? { extracted: { kind: 'array', content: [doc.content] } } : { extractedNone: true };
}

function extractJson(value: unknown, paths: string[], selected: NonNullable<ExtractSpec['selected']>): Extracted {
  if (selected === 'all') return { extracted: { kind: 'object', content: [value] } };
  const tree = buildTree(value);
  const hits = new Set<JNode>();
  for (const p of paths) for (const n of compileXPath(p).select(tree)) hits.add(n);
  if (selected === 'exclude') return { extracted: { kind: 'object', content: [without(tree, hits)] } };
  if (hits.size === 0) return { extractedNone: true };
  if (selected === 'include-with-ancestors') return { extracted: { kind: 'object', content: [pruned(tree, hits)] } };
  const ordered = [...hits].sort((a, b) => a.order - b.order);
  return { extracted: { kind: 'array', content: ordered.map((n) => (n.name !== null && n.parent?.kind !== 'array' ? { [n.name]: n.value } : n.value)) } };
}

/** The JSON value of `node` with the `hits` subtrees left out. */
function without(node: JNode, hits: Set<JNode>): unknown {
  const root = node.kind === 'document' ? node.children[0] : node;
  const walk = (n: JNode): unknown => {
    if (n.kind === 'object') return Object.fromEntries(n.children.filter((c) => !hits.has(c)).map((c) => [c.key as string, walk(c)]));
    if (n.kind === 'array') return n.children.filter((c) => !hits.has(c)).map(walk);
    return n.value;
  };
  return root && !hits.has(root) ? walk(root) : null;
}

/** The JSON value of `node` keeping only the `hits` subtrees and the objects and arrays above them. */
function pruned(node: JNode, hits: Set<JNode>): unknown {
  const keep = new Set<JNode>();
  for (const h of hits) for (let n: JNode | null = h; n; n = n.parent) keep.add(n);
  const root = node.kind === 'document' ? node.children[0] : node;
  const walk = (n: JNode): unknown => {
    if (hits.has(n)) return n.value;
    if (n.kind === 'object') return Object.fromEntries(n.children.filter((c) => keep.has(c)).map((c) => [c.key as string, walk(c)]));
    if (n.kind === 'array') return n.children.filter((c) => keep.has(c)).map(walk);
    return n.value;
  };
  return root ? walk(root) : null;
}

function extractXml(text: string, paths: string[], selected: NonNullable<ExtractSpec['selected']>, prefixes: Record<string, string>): Extracted {
  const doc = parseXml(text);
  if (selected === 'all') return { extracted: { kind: 'element', content: [serializeNode(doc.documentElement as unknown as Node)] } };
  const hits: Node[] = [];
  for (const p of paths) {
    const compiled = compilePath(p, { prefixes });
    if (!compiled) throw new DbError('REST-INVALIDPARAM', `extract-document-data: invalid extract-path ${p} (a syntax error, or a prefix extract-document-data's namespaces do not bind)`);
    for (const n of compiled.select(doc)) if (!hits.includes(n)) hits.push(n);
  }
  if (selected === 'exclude') {
    for (const n of hits) n.parentNode?.removeChild(n);
    return { extracted: { kind: 'element', content: doc.documentElement ? [serializeNode(doc.documentElement as unknown as Node)] : [] } };
  }
  if (hits.length === 0) return { extractedNone: true };
  if (selected === 'include-with-ancestors') {
    const keep = new Set<Node>();
    for (const h of hits) for (let n: Node | null = h; n; n = n.parentNode) keep.add(n);
    const prune = (el: Element) => {
      for (let c = el.firstChild; c; ) {
        const next = c.nextSibling;
        if (!keep.has(c)) el.removeChild(c);
        else if (c.nodeType === 1 && !hits.includes(c)) prune(c as Element);
        c = next;
      }
    };
    if (doc.documentElement) prune(doc.documentElement);
    return { extracted: { kind: 'element', content: doc.documentElement ? [serializeNode(doc.documentElement as unknown as Node)] : [] } };
  }
  return { extracted: { kind: 'element', content: hits.map((n) => serializeNode(n)) } };
}
