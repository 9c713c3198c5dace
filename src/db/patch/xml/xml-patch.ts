/**
 * Applying a MarkLogic XML patch (`<rapi:patch>`, MarkLogic’s REST Application Developer’s Guide, partial updates) to an XML document.
 *
 * As on the server, every path is evaluated against the original document, the
 * operations run grouped (all deletes, then replaces, replace-inserts, inserts) and
 * their node changes are applied together; two changes that touch the same node, or a
 * node inside one being replaced or deleted, are XDMP-CONFLICTINGUPDATES. Problems
 * found while matching (cardinality, content that does not fit the node) are collected
 * and reported together as RESTAPI-INVALIDREQ.
 */
import type { Attr, Document, Element, Node } from '@xmldom/xmldom';
import { DbError } from '../../errors';
import { withDocumentOrder } from '../../xml/document-order';
import { RAPI_NS, XMLNS_NS, XSI_NS } from '../../xml/namespaces';
import { parseXml, serializeXml } from '../../xml/parse';
import { applyBuiltin, isBuiltinFunction } from './xml-apply-functions';
import { checkApplyFunctions, readPatch, type PatchOperation, type Position } from './read-xml-patch';
import type { CompiledPath } from '../../xml/xpath';

export interface PatchResult {
  result: string;
  /** Whether any operation matched a node (the server's "Content Updated" rather than "Unchanged"). */
  changed: boolean;
}

/**
 * Applies a MarkLogic XML patch (`<rapi:patch xmlns:rapi="http://marklogic.com/rest-api">`)
 * to an XML document text. Throws DbError RESTAPI-INVALIDREQ (bad patch / cardinality:
 * `invalid cardinality of N nodes for: <path>`), RESTAPI-INVALIDCONTENT (an `apply`
 * function refusing its input), XDMP-CONFLICTINGUPDATES, or the parse errors of either
 * text. Never mutates its inputs; when nothing matched, the document text comes back as it was.
 */
export function applyXmlPatch(documentText: string, patchText: string, options: { uri: string }): PatchResult {
  const { uri } = options;
  const root = parseXml(patchText).documentElement;
  if (!root || root.namespaceURI !== RAPI_NS || root.localName !== 'patch') {
    throw new DbError('RESTAPI-INVALIDREQ', `patch is not <rapi:patch> or JSON patch object for uri: ${uri}`);
  }
  const { patch, errors } = readPatch(root);
  if (errors.length > 0) throw new DbError('RESTAPI-INVALIDREQ', `invalid patch for uri ${uri}: ${errors.join('; ')}`);

  const doc = parseXml(documentText);
  const applyErrors = checkApplyFunctions(patch);
  if (applyErrors.length > 0) {
    throw new DbError('RESTAPI-INVALIDREQ', `invalid replace apply operations for uri ${uri}: ${applyErrors.join(', ')}`);
  }

  const planner = new Planner(doc);
  // One position index serves every path: the document does not change until all are evaluated.
  withDocumentOrder(doc, () => patch.operations.forEach((operation) => planner.plan(operation)));
  if (planner.errors.length > 0) {
    throw new DbError('RESTAPI-INVALIDREQ', `invalid content patch operations for uri ${uri}: ${planner.errors.join(', ')}`);
  }
  if (!planner.matched) return { result: documentText, changed: false };

  const conflict = findConflict(planner.updates);
  if (conflict) {
    const [a, b] = conflict.map((t) => `${t.fn}(fn:doc(${JSON.stringify(uri)})${nodePath(t.node)})`);
    throw new DbError('XDMP-CONFLICTINGUPDATES', `${a} and ${b}`);
  }
  execute(planner.updates);
  return { result: serializeXml(doc), changed: true };
}

// ---- planned changes --------------------------------------------------------------

type Update =
  | { kind: 'delete'; target: Node }
  /** `target` (not an attribute) gives way to `nodes`, already imported into the document. */
  | { kind: 'replace'; target: Node; nodes: Node[] }
  | { kind: 'set-value'; target: Attr; value: string }
  /** An attribute replaced by the attributes of a `rapi:attribute-list`. */
  | { kind: 'replace-attribute'; target: Attr; attributes: Attr[] }
  | { kind: 'insert'; anchor: Node; position: Position; nodes: Node[] }
  | { kind: 'add-attributes'; element: Element; attributes: Attr[]; position: Position };

const NODE = { ELEMENT: 1, ATTRIBUTE: 2, TEXT: 3, CDATA: 4, PI: 7, COMMENT: 8, DOCUMENT: 9 } as const;

const isElement = (n: Node): n is Element => n.nodeType === NODE.ELEMENT;
const isAttr = (n: Node): n is Attr => n.nodeType === NODE.ATTRIBUTE;
const isTextLike = (n: Node) => n.nodeType === NODE.TEXT || n.nodeType === NODE.CDATA;
const isRapi = (n: Node, name: string) => isElement(n) && n.namespaceURI === RAPI_NS && n.localName === name;

/** The node kind as xdmp:node-kind names it, for messages. */
function kindOf(n: Node): string {
  switch (n.nodeType) {
    case NODE.ELEMENT:
      return 'element';
    case NODE.ATTRIBUTE:
      return 'attribute';
    case NODE.TEXT:
    case NODE.CDATA:
      return 'text';
    case NODE.PI:
      return 'processing-instruction';
    case NODE.COMMENT:
      return 'comment';
    case NODE.DOCUMENT:
      return 'document';
    default:
      return 'namespace';
  }
}

const parentOf = (n: Node): Node | null => (isAttr(n) ? n.ownerElement : n.parentNode);
const atTopLevel = (n: Node) => n.parentNode?.nodeType === NODE.DOCUMENT;

class Planner {
  readonly updates: Update[] = [];
  readonly errors: string[] = [];
  matched = false;

  constructor(private readonly doc: Document) {}

  private change(update: Update): void {
    this.updates.push(update);
  }

  /** Records a problem; all of them are reported once every operation has been looked at. */
  private refuse(problem: string): void {
    this.errors.push(problem);
  }

  plan(op: PatchOperation): void {
    if (op.kind === 'delete' || op.kind === 'replace') {
      const nodes = this.match(op, op.select!);
      for (const n of nodes) {
        if (op.kind === 'delete') this.delete(n, op.select!.text);
        else this.replace(op, n, op.select!.text);
      }
    } else if (op.kind === 'insert') {
      for (const n of this.match(op, op.context!)) this.insert(op, n, op.context!.text);
    } else {
      const found = this.evaluate(op.select!);
      if (found === undefined) return;
      if (found.length > 0) {
        for (const n of this.admit(op, found, op.select!.text)) this.replace(op, n, op.select!.text);
      } else {
        for (const n of this.match(op, op.context!)) this.insert(op, n, op.context!.text);
      }
    }
  }

  private evaluate(path: CompiledPath): Node[] | undefined {
    try {
      return path.select(this.doc);
    } catch {
      this.refuse(`invalid path: ${path.text}`);
      return undefined;
    }
  }

  private match(op: PatchOperation, path: CompiledPath): Node[] {
    const nodes = this.evaluate(path);
    return nodes === undefined ? [] : this.admit(op, nodes, path.text);
  }

  /** The server's cardinality rule: one node always passes; `*` (the default) lets zero nodes skip quietly. */
  private admit(op: PatchOperation, nodes: Node[], path: string): Node[] {
    const count = nodes.length;
    const c = op.cardinality;
    if (count !== 1 && c !== undefined && c !== '*' && ((c !== '?' && count === 0) || (c !== '+' && count > 1))) {
      this.refuse(`invalid cardinality of ${count} nodes for: ${path}`);
      return [];
    }
    if (count > 0) this.matched = true;
    return nodes;
  }

  private delete(target: Node, path: string): void {
    if (target.nodeType === NODE.DOCUMENT) return this.refuse(`cannot delete the document node: ${path}`);
    if (isElement(target) && atTopLevel(target)) return this.refuse(`cannot delete the root element: ${path}`);
    this.change({ kind: 'delete', target });
  }

  private replace(op: PatchOperation, target: Node, path: string): void {
    if (op.apply !== undefined) return this.replaceByFunction(op, target, path);
    const content = contentOf(op.element);
    const lists = content.filter((n) => isRapi(n, 'attribute-list'));
    if (lists.length > 0) {
      if (lists.length !== content.length) return this.refuse(`rapi:attribute-list cannot be mixed with other content: ${path}`);
      if (!isAttr(target)) return this.refuse(`cannot replace ${kindOf(target)} node with rapi:attribute-list: ${path}`);
      return this.change({ kind: 'replace-attribute', target, attributes: listAttributes(lists) });
    }
    if (isAttr(target)) {
      return this.change({ kind: 'set-value', target, value: content.map((n) => n.textContent ?? '').join('') });
    }
    if (target.nodeType === NODE.DOCUMENT) return this.refuse(`cannot replace the document node: ${path}`);
    if (isElement(target)) {
      const elements = content.filter(isElement);
      let nodes: Node[];
      if (elements.length === 1 && isRapi(elements[0], 'text')) nodes = [this.doc.createTextNode(elements[0].textContent ?? '')];
      // One element takes the node's place; text around it is the patch's layout.
      else if (elements.length === 1) nodes = [this.doc.importNode(elements[0], true)];
      else if (elements.length === 0) {
        // Text-only content replaces what the element holds and keeps its name and attributes.
        const element = target.cloneNode(false);
        for (const t of content.filter(isTextLike)) element.appendChild(this.doc.importNode(t, true));
        nodes = [element];
      } else nodes = this.materialize(content);
      return this.replaceWith(target, nodes, path);
    }
    if (isTextLike(target) || target.nodeType === NODE.COMMENT || target.nodeType === NODE.PI) {
      return this.replaceWith(target, this.materialize(content), path);
    }
    this.refuse(`cannot patch ${kindOf(target)} node: ${path}`);
  }

  private replaceWith(target: Node, nodes: Node[], path: string): void {
    if (atTopLevel(target)) {
      const problem = topLevelProblem(nodes, isElement(target));
      if (problem) return this.refuse(`${problem}: ${path}`);
    }
    this.change({ kind: 'replace', target, nodes });
  }

  private replaceByFunction(op: PatchOperation, target: Node, path: string): void {
    if (!isElement(target) && !isAttr(target) && !isTextLike(target)) {
      throw new DbError('RESTAPI-INVALIDCONTENT', 'can only operate on elements, attributes, text, or numbers');
    }
    const name = op.apply!;
    if (!isBuiltinFunction(name)) return this.refuse(`not a built-in function: ${name}`);
    const value = isAttr(target) ? target.value : (target.textContent ?? '');
    const result = applyBuiltin(name, value, applyArguments(op.element));
    if (isAttr(target)) return this.change({ kind: 'set-value', target, value: result.text });
    if (isTextLike(target)) return this.replaceWith(target, [this.doc.createTextNode(result.text)], path);
    // An untyped element holding a whole xs:double is written as an integer, as the server does.
    const d = result.double;
    const untyped = !(target as Element).hasAttributeNS(XSI_NS, 'type');
    const text = d !== undefined && untyped && Number.isInteger(d) && Math.abs(d) < 2 ** 63 ? BigInt(d).toString() : result.text;
    const element = target.cloneNode(false);
    element.appendChild(this.doc.createTextNode(text));
    this.replaceWith(target, [element], path);
  }

  private insert(op: PatchOperation, anchor: Node, path: string): void {
    if (op.apply !== undefined) throw new DbError('RESTAPI-INVALIDCONTENT', 'function usable only for replace and not insert');
    const content = contentOf(op.element);
    const lists = content.filter((n) => isRapi(n, 'attribute-list'));
    const { position } = op;
    if (lists.length > 0) {
      if (lists.length !== content.length) return this.refuse(`rapi:attribute-list cannot be mixed with other content: ${path}`);
      const element = position === 'last-child' ? (isElement(anchor) ? anchor : null) : isAttr(anchor) ? anchor.ownerElement : null;
      if (!element) {
        return this.refuse(`rapi:attribute-list can only be inserted into an element or next to an attribute: ${path}`);
      }
      return this.change({ kind: 'add-attributes', element, attributes: listAttributes(lists), position });
    }
    if (isAttr(anchor)) return this.refuse(`attribute operation without attribute list: ${path}`);
    if (position === 'last-child') {
      if (!isElement(anchor)) return this.refuse(`cannot insert last child for ${kindOf(anchor)} node: ${path}`);
    } else if (anchor.nodeType === NODE.DOCUMENT) {
      return this.refuse(`cannot insert ${position} the document node: ${path}`);
    }
    const nodes = this.materialize(content);
    if (position !== 'last-child' && atTopLevel(anchor)) {
      const problem = topLevelProblem(nodes, false);
      if (problem) return this.refuse(`${problem}: ${path}`);
    }
    this.change({ kind: 'insert', anchor, position, nodes });
  }

  /** Content nodes copied into the document, `rapi:text` standing for its literal text. */
  private materialize(content: Node[]): Node[] {
    return content.map((n) => (isRapi(n, 'text') ? this.doc.createTextNode(n.textContent ?? '') : this.doc.importNode(n, true)));
  }
}

/**
 * The content of an operation. When it holds markup, whitespace-only text between the
 * nodes is the patch's own layout, not content.
 */
function contentOf(op: Element): Node[] {
  const nodes = Array.from(op.childNodes);
  const hasMarkup = nodes.some((n) => n.nodeType === NODE.ELEMENT || n.nodeType === NODE.COMMENT || n.nodeType === NODE.PI);
  return hasMarkup ? nodes.filter((n) => !(n.nodeType === NODE.TEXT && !(n.nodeValue ?? '').trim())) : nodes;
}

/** Attributes of `rapi:attribute-list` elements, less namespace declarations and xsi:type. */
function listAttributes(lists: Node[]): Attr[] {
  return lists.flatMap((list) =>
    Array.from((list as Element).attributes).filter(
      (a) => a.namespaceURI !== XMLNS_NS && !(a.namespaceURI === XSI_NS && a.localName === 'type'),
    ),
  );
}

/**
 * The arguments of an `apply`: each content element's value (`rapi:value` or not), or
 * else the operation's text when it is a single text node.
 */
function applyArguments(op: Element): string[] {
  const nodes = Array.from(op.childNodes);
  const elements = nodes.filter(isElement);
  if (elements.length > 0) return elements.map((e) => e.textContent ?? '');
  return nodes.filter(isTextLike).length === 1 ? [op.textContent ?? ''] : [];
}

/**
 * What is wrong with `nodes` landing beside the root element (a stored XML document
 * has exactly one root element and no text outside it), if anything.
 */
function topLevelProblem(nodes: Node[], replacesRoot: boolean): string | undefined {
  if (nodes.some((n) => isTextLike(n) && (n.nodeValue ?? '').trim() !== '')) return 'cannot put text outside the root element';
  const elements = nodes.filter(isElement).length;
  if (replacesRoot && elements !== 1) return 'the root element must be replaced by exactly one element';
  if (!replacesRoot && elements > 0) return 'cannot add a second root element';
  return undefined;
}

// ---- conflicts ----------------------------------------------------------------------

interface Touch {
  node: Node;
  /** `modify` replaces or deletes the node itself; the others add next to or into it. */
  effect: 'modify' | 'add';
  fn: string;
}

const insertFn: Record<Position, string> = {
  'last-child': 'xdmp:node-insert-child',
  before: 'xdmp:node-insert-before',
  after: 'xdmp:node-insert-after',
};

const attributeKey = (a: Attr) => `{${a.namespaceURI ?? ''}}${a.localName ?? a.nodeName}`;

function existingAttribute(element: Element, a: Attr): Attr | null {
  return a.namespaceURI ? element.getAttributeNodeNS(a.namespaceURI, a.localName ?? a.nodeName) : element.getAttributeNode(a.nodeName);
}

function touchesOf(u: Update): Touch[] {
  switch (u.kind) {
    case 'delete':
      return [{ node: u.target, effect: 'modify', fn: 'xdmp:node-delete' }];
    case 'replace':
    case 'set-value':
      return [{ node: u.target, effect: 'modify', fn: 'xdmp:node-replace' }];
    case 'replace-attribute':
    case 'add-attributes': {
      const element = u.kind === 'add-attributes' ? u.element : u.target.ownerElement!;
      const fn = u.kind === 'add-attributes' ? insertFn[u.position] : 'xdmp:node-replace';
      const touches: Touch[] = u.kind === 'replace-attribute' ? [{ node: u.target, effect: 'modify', fn }] : [{ node: element, effect: 'add', fn }];
      // Writing an attribute the element already has replaces that attribute.
      for (const a of u.attributes) {
        const existing = existingAttribute(element, a);
        if (existing && existing !== (u.kind === 'replace-attribute' ? u.target : null)) touches.push({ node: existing, effect: 'modify', fn });
      }
      return touches;
    }
    case 'insert':
      return [{ node: u.anchor, effect: 'add', fn: insertFn[u.position] }];
  }
}

/** The first pair of changes the server would refuse to make together, if any. */
function findConflict(updates: Update[]): [Touch, Touch] | undefined {
  const byNode = new Map<Node, Touch[]>();
  const all: Touch[] = [];
  const added = new Map<Element, Map<string, { update: Update; touch: Touch }>>();
  for (const u of updates) {
    for (const t of touchesOf(u)) {
      const here = byNode.get(t.node) ?? [];
      const clash = here.find((other) => other.effect === 'modify' || t.effect === 'modify');
      if (clash) return [clash, t];
      here.push(t);
      byNode.set(t.node, here);
      all.push(t);
    }
    if (u.kind === 'add-attributes' || u.kind === 'replace-attribute') {
      // Two operations writing the same new attribute cannot both win.
      const element = u.kind === 'add-attributes' ? u.element : u.target.ownerElement!;
      const names = added.get(element) ?? new Map<string, { update: Update; touch: Touch }>();
      const touch: Touch = { node: element, effect: 'add', fn: touchesOf(u)[0].fn };
      for (const a of u.attributes) {
        const earlier = names.get(attributeKey(a));
        if (earlier && earlier.update !== u && !existingAttribute(element, a)) return [earlier.touch, touch];
        names.set(attributeKey(a), { update: u, touch });
      }
      added.set(element, names);
    }
  }
  // A change inside a node that another change replaces or deletes.
  for (const t of all) {
    for (let up = parentOf(t.node); up; up = parentOf(up)) {
      const modified = byNode.get(up)?.find((other) => other.effect === 'modify');
      if (modified) return [modified, t];
    }
  }
  return undefined;
}

/** A readable path to `node`, like xdmp:path: names as written, positions where a name repeats. */
function nodePath(node: Node): string {
  if (node.nodeType === NODE.DOCUMENT) return '';
  const parent = parentOf(node);
  const base = parent ? nodePath(parent) : '';
  if (isAttr(node)) return `${base}/@${node.nodeName}`;
  const step =
    node.nodeType === NODE.ELEMENT
      ? node.nodeName
      : isTextLike(node)
        ? 'text()'
        : node.nodeType === NODE.COMMENT
          ? 'comment()'
          : `processing-instruction(${node.nodeName})`;
  const same = parent ? Array.from(parent.childNodes).filter((s) => s.nodeType === node.nodeType && s.nodeName === node.nodeName) : [];
  return same.length > 1 ? `${base}/${step}[${same.indexOf(node) + 1}]` : `${base}/${step}`;
}

// ---- applying -----------------------------------------------------------------------

function setAttribute(element: Element, a: Attr): void {
  element.setAttributeNS(a.namespaceURI || null, a.nodeName, a.value);
}

function execute(updates: Update[]): void {
  // Consecutive inserts after the same node keep the patch's order.
  const afterCursor = new Map<Node, Node>();
  for (const u of updates) {
    switch (u.kind) {
      case 'delete':
        if (isAttr(u.target)) u.target.ownerElement!.removeAttributeNode(u.target);
        else u.target.parentNode!.removeChild(u.target);
        break;
      case 'replace': {
        // Out first: a document refuses a second root element even for a moment.
        const parent = u.target.parentNode!;
        const next = u.target.nextSibling;
        parent.removeChild(u.target);
        for (const n of u.nodes) parent.insertBefore(n, next);
        break;
      }
      case 'set-value':
        u.target.ownerElement!.setAttributeNS(u.target.namespaceURI || null, u.target.nodeName, u.value);
        break;
      case 'replace-attribute': {
        const owner = u.target.ownerElement!;
        owner.removeAttributeNode(u.target);
        for (const a of u.attributes) setAttribute(owner, a);
        break;
      }
      case 'add-attributes':
        for (const a of u.attributes) setAttribute(u.element, a);
        break;
      case 'insert':
        for (const n of u.nodes) {
          if (u.position === 'last-child') u.anchor.appendChild(n);
          else if (u.position === 'before') u.anchor.parentNode!.insertBefore(n, u.anchor);
          else {
            const previous = afterCursor.get(u.anchor) ?? u.anchor;
            u.anchor.parentNode!.insertBefore(n, previous.nextSibling);
            afterCursor.set(u.anchor, n);
          }
        }
        break;
    }
  }
}
