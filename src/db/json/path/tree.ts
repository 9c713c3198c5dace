/**
 * The node tree both JSON path languages select from (`xpath.ts`, `jsonpath.ts`), as MarkLogic's
 * document PATCH reads JSON (MarkLogic's REST Application Developer's Guide, partial updates).
 *
 * The JSON value is first turned into a tree of {@link JNode}s so paths can select
 * nodes by identity: the patch engine needs to know *which* property or array item
 * a path hit, not just its value.
 *
 * MarkLogic's JSON node model:
 * - a document node holds one root node, which has no name;
 * - an object's children are its property values, each named by its key;
 * - an array's items are named like the array (the property holding it).
 */

export type NodeKind = 'document' | 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

export interface JNode {
  readonly kind: NodeKind;
  /** The JSON value at this node (for the document node, the root value). */
  readonly value: unknown;
  readonly parent: JNode | null;
  /** Key in the parent object, index in the parent array, null for the root and the document. */
  readonly key: string | number | null;
  /** MarkLogic node name: the property key, inherited by array items; null when anonymous. */
  readonly name: string | null;
  /** Position in document order. */
  readonly order: number;
  readonly children: readonly JNode[];
}

/** A path that failed to parse; the patch engine reports it as `invalid path: …`. */
export class PathSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PathSyntaxError';
  }
}

export interface CompiledPath {
  /** The path as written (after MarkLogic's `//` prefixing of relative XPath). */
  readonly source: string;
  select(document: JNode): JNode[];
}

// ---------------------------------------------------------------------------
// The node tree

const kindOf = (value: unknown): Exclude<NodeKind, 'document'> => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'object':
      return 'object';
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      throw new TypeError(`not a JSON value: ${typeof value}`);
  }
};

/** Builds the node tree of a JSON value; the result is the document node. */
export function buildTree(value: unknown): JNode {
  let order = 0;
  const make = (v: unknown, parent: JNode | null, key: string | number | null, name: string | null): JNode => {
    const children: JNode[] = [];
    const node: JNode = { kind: kindOf(v), value: v, parent, key, name, order: order++, children };
    if (Array.isArray(v)) v.forEach((item, i) => children.push(make(item, node, i, name)));
    else if (node.kind === 'object') {
      for (const [k, item] of Object.entries(v as Record<string, unknown>)) children.push(make(item, node, k, k));
    }
    return node;
  };
  const children: JNode[] = [];
  const doc: JNode = { kind: 'document', value, parent: null, key: null, name: null, order: order++, children };
  children.push(make(value, doc, null, null));
  return doc;
}

/** MarkLogic's `xdmp:node-kind` names, used in messages. */
export const nodeKindName = (node: JNode): string => (node.kind === 'string' ? 'text' : node.kind);

export const documentOf = (node: JNode): JNode => {
  let n = node;
  while (n.parent) n = n.parent;
  return n;
};

export const inDocumentOrder = (nodes: Iterable<JNode>): JNode[] => [...new Set(nodes)].sort((a, b) => a.order - b.order);

export function* descendants(node: JNode): Generator<JNode> {
  for (const child of node.children) {
    yield child;
    yield* descendants(child);
  }
}
