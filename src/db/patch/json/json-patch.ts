/**
 * MarkLogic's JSON patch (MarkLogic’s REST Application Developer’s Guide, partial updates), applied to a JSON value:
 * a document's content, or the JSON metadata representation.
 *
 * It runs in three phases, each reporting every problem it finds at once, as the
 * server does: the patch is validated (`invalid patch for uri …`), the `apply`
 * function names are checked (`invalid replace apply operations …`), and the
 * operations run (`invalid content patch operations …`).
 *
 * Running follows MarkLogic's update semantics: every path is evaluated against the
 * original value, the operations run grouped by kind (delete, replace, replace-insert,
 * insert), and their effects are gathered into a plan that is applied in one go when
 * the new value is built. Two operations on the same node conflict.
 */
import { DbError } from '../../errors';
import { isObject } from '../../util/objects';
import { applyArguments, applyBuiltinFunction, isBuiltinFunction } from './json-apply-functions';
import { compileJsonPath } from '../../json/path/jsonpath';
import { buildTree, nodeKindName, PathSyntaxError, type CompiledPath, type JNode } from '../../json/path/tree';
import { compileXPath } from '../../json/path/xpath';

export interface PatchResult {
  result: unknown;
  /** False when no operation matched anything: the API still answers 204. */
  changed: boolean;
}

export interface PatchOptions {
  uri: string;
  /**
   * What the patch is applied to. `metadata` adds the server's rules for the metadata
   * representation: quality cannot be deleted or inserted next to, nothing is inserted
   * beside a category or inside one of its items, and problems are reported as
   * `invalid metadata patch operations …`. Defaults to `content`.
   */
  category?: 'content' | 'metadata';
}

type Category = NonNullable<PatchOptions['category']>;
type Cardinality = '?' | '.' | '*' | '+';
type Position = 'before' | 'after' | 'last-child';
type OperationKind = 'delete' | 'replace' | 'replace-insert' | 'insert';

interface Operation {
  kind: OperationKind;
  /** Present once validation passed, for delete, replace and replace-insert. */
  select?: CompiledPath;
  /** Present once validation passed, for insert and replace-insert. */
  context?: CompiledPath;
  position: Position;
  cardinality?: Cardinality;
  hasContent: boolean;
  content?: unknown;
  apply?: string;
  /** The operation as sent, for messages. */
  raw: unknown;
}

const cardinalities: readonly string[] = ['?', '.', '*', '+'];
const positions: readonly string[] = ['before', 'after', 'last-child'];

const invalidRequest = (detail: string): DbError => new DbError('RESTAPI-INVALIDREQ', detail);
const clone = <T>(value: T): T => structuredClone(value);

/**
 * Applies a MarkLogic JSON patch (the parsed request body) to a JSON value (a document,
 * or the JSON metadata representation). Throws DbError on any problem; never mutates
 * `target`, and the result shares no objects with `target` or `patch`.
 */
export function applyJsonPatch(target: unknown, patch: unknown, options: PatchOptions): PatchResult {
  const category = options.category ?? 'content';
  const operations = parsePatch(patch, options.uri, category);
  checkApplyFunctions(operations, options.uri);
  const run = new PatchRun(buildTree(target), category);
  run.execute(operations);
  return run.finish(options.uri);
}

// ---------------------------------------------------------------------------
// Validation

interface ParsedPatch {
  delete: Operation[];
  replace: Operation[];
  'replace-insert': Operation[];
  insert: Operation[];
}

function parsePatch(patch: unknown, uri: string, category: Category): ParsedPatch {
  if (!isObject(patch)) throw invalidRequest(`patch is not <rapi:patch> or JSON patch object for uri: ${uri}`);
  // the server reads `patch` with a path step, so a lone operation object counts as one operation
  const items = Array.isArray(patch.patch) ? patch.patch : isObject(patch.patch) ? [patch.patch] : [];
  if (items.length === 0) throw invalidRequest(`empty patch for uri: ${uri}`);
  const jsonpath = patch.pathlang === 'jsonpath';

  const specs: Record<OperationKind | 'replace-library', Record<string, unknown>[]> = {
    'replace-library': [],
    delete: [],
    insert: [],
    replace: [],
    'replace-insert': [],
  };
  const unknown: string[] = [];
  for (const item of items) {
    if (!isObject(item)) {
      unknown.push(`invalid patch operation: ${JSON.stringify(item)}`);
      continue;
    }
    for (const [key, spec] of Object.entries(item)) {
      if (key in specs) specs[key as keyof typeof specs].push(isObject(spec) ? spec : {});
      else unknown.push(`unknown patch operation: ${key}`);
    }
  }

  const errors: string[] = [];
  const fullXPath = (raw: string): string => (raw.startsWith('/') ? raw : `//${raw}`);
  const compile = (raw: string, full: string): CompiledPath | undefined => {
    if (!jsonpath && raw.trimStart().startsWith('$')) {
      throw new DbError('RESTAPI-INVALIDCONTENT', `Invalid ${category} patch (maybe missing pathlang property?)`);
    }
    try {
      return jsonpath ? compileJsonPath(raw) : compileXPath(full);
    } catch (e) {
      if (!(e instanceof PathSyntaxError)) throw e;
      errors.push(`invalid path: ${full}`);
      return undefined;
    }
  };
  const compileFull = (raw: string): CompiledPath | undefined => compile(raw, jsonpath ? raw : fullXPath(raw));
  const text = (spec: Record<string, unknown>, field: string): string | undefined => {
    const v = spec[field];
    if (v === undefined || v === null) return undefined;
    return typeof v === 'string' ? v : JSON.stringify(v);
  };
  const cardinalityOf = (spec: Record<string, unknown>): Cardinality | undefined => {
    const c = text(spec, 'cardinality');
    if (c === undefined) return undefined;
    if (cardinalities.includes(c)) return c as Cardinality;
    errors.push(`unknown cardinality: ${c}`);
    return undefined;
  };
  const positionOf = (spec: Record<string, unknown>): Position => {
    if (!('position' in spec)) return 'last-child';
    const p = text(spec, 'position');
    if (p === undefined) errors.push('insert without position');
    else if (!positions.includes(p)) errors.push(`insert with unknown position: ${p}`);
    return p as Position;
  };
  const base = (kind: OperationKind, spec: Record<string, unknown>) => ({
    kind,
    position: 'last-child' as Position,
    hasContent: Object.hasOwn(spec, 'content'),
    content: spec.content,
    // only replace and replace-insert read `apply`; elsewhere the server ignores it
    apply: kind === 'replace' || kind === 'replace-insert' ? text(spec, 'apply') : undefined,
    raw: { [kind]: spec },
  });

  for (const _ of specs['replace-library']) {
    errors.push('replace-library is not supported: patch libraries are server-side code, which this database does not run; use the built-in ml.* apply functions');
  }

  const parsed: ParsedPatch = { delete: [], replace: [], 'replace-insert': [], insert: [] };
  for (const spec of specs.delete) {
    const select = text(spec, 'select');
    if (select === undefined) errors.push('delete without select path');
    parsed.delete.push({ ...base('delete', spec), select: select === undefined ? undefined : compileFull(select), cardinality: cardinalityOf(spec) });
  }
  for (const spec of specs.insert) {
    const op = base('insert', spec);
    const context = text(spec, 'context');
    if (!op.hasContent) errors.push(`insert without content: ${context ?? ''}`);
    if (context === undefined) errors.push('insert without context path');
    const compiled = context === undefined ? undefined : compileFull(context);
    parsed.insert.push({ ...op, context: compiled, position: positionOf(spec), cardinality: cardinalityOf(spec) });
  }
  for (const spec of specs.replace) {
    const op = base('replace', spec);
    const select = text(spec, 'select');
    if (!op.hasContent && op.apply === undefined) errors.push(`replace without apply or content: ${select ?? ''}`);
    if (select === undefined) errors.push('replace without select path');
    parsed.replace.push({ ...op, select: select === undefined ? undefined : compileFull(select), cardinality: cardinalityOf(spec) });
  }
  for (const spec of specs['replace-insert']) {
    const op = base('replace-insert', spec);
    const select = text(spec, 'select');
    const context = text(spec, 'context');
    const compiledContext = context === undefined ? undefined : compileFull(context);
    if (!op.hasContent && op.apply === undefined) errors.push(`replace-insert without apply or content: ${select ?? ''}`);
    let compiledSelect: CompiledPath | undefined;
    if (select === undefined) errors.push('replace-insert without select path');
    else if (jsonpath || select.startsWith('/') || context === undefined) compiledSelect = compileFull(select);
    // a relative select is resolved against the context
    else compiledSelect = compile(select, `${fullXPath(context)}/${select}`);
    if (context === undefined) errors.push('replace-insert without context path');
    parsed['replace-insert'].push({ ...op, select: compiledSelect, context: compiledContext, position: positionOf(spec), cardinality: cardinalityOf(spec) });
  }
  errors.push(...unknown);

  if (errors.length > 0) throw invalidRequest(`invalid patch for uri ${uri}: ${errors.join('; ')}`);
  return parsed;
}

function checkApplyFunctions(parsed: ParsedPatch, uri: string): void {
  const errors: string[] = [];
  for (const op of [...parsed.replace, ...parsed['replace-insert']]) {
    if (op.apply === undefined) continue;
    if (!/^[\p{L}\p{N}._:-]+$/u.test(op.apply)) errors.push(`cannot apply empty function name: ${JSON.stringify(op.raw)}`);
    else if (!op.apply.startsWith('ml.')) errors.push(`missing or incomplete library declaration for: ${op.apply}`);
    else if (!isBuiltinFunction(op.apply)) errors.push(`not a built-in function: ${op.apply}`);
  }
  if (errors.length > 0) throw invalidRequest(`invalid replace apply operations for uri ${uri}: ${errors.join(', ')}`);
}

// ---------------------------------------------------------------------------
// Running

type Change = { op: Operation; type: 'delete' } | { op: Operation; type: 'replace'; value: unknown };

/** What an insertion adds: items to an array, or properties to an object. */
interface Addition {
  op: Operation;
  items: unknown[];
  entries: [string, unknown][];
}

interface Anchored {
  before: Addition[];
  after: Addition[];
  /** Added as last children when this node is the container. */
  append: Addition[];
}

interface Entry {
  key: string;
  value: unknown;
  inserted: boolean;
}

const pathOf = (op: Operation, path: CompiledPath | undefined): string => path?.source ?? op.kind;

class PatchRun {
  private readonly root: JNode;
  private readonly changes = new Map<JNode, Change>();
  private readonly anchors = new Map<JNode, Anchored>();
  private readonly errors: string[] = [];
  private changed = false;

  constructor(
    private readonly document: JNode,
    private readonly category: Category,
  ) {
    this.root = document.children[0];
  }

  execute(parsed: ParsedPatch): void {
    for (const op of parsed.delete) this.forMatches(op, op.select, (node, path) => this.delete(op, node, path));
    for (const op of parsed.replace) this.forMatches(op, op.select, (node) => this.replace(op, node));
    for (const op of parsed['replace-insert']) {
      const replaced = op.select!.select(this.document);
      if (replaced.length > 0) this.forMatches(op, op.select, (node) => this.replace(op, node), replaced);
      else this.forMatches(op, op.context, (node, path) => this.insert(op, node, path));
    }
    for (const op of parsed.insert) this.forMatches(op, op.context, (node, path) => this.insert(op, node, path));
  }

  /** Runs `each` over the matches of `path`, after MarkLogic's cardinality rule (`docmodupd:skip-nodes`). */
  private forMatches(op: Operation, path: CompiledPath | undefined, each: (node: JNode, path: string) => void, matched?: JNode[]): void {
    const nodes = matched ?? path!.select(this.document);
    const count = nodes.length;
    const source = pathOf(op, path);
    if (count !== 1) {
      const c = op.cardinality ?? '*';
      if (c !== '*' && ((c !== '?' && count === 0) || (c !== '+' && count > 1))) {
        this.errors.push(`invalid cardinality of ${count} nodes for: ${source}`);
        return;
      }
      if (count === 0) return;
    }
    this.changed = true;
    for (const node of nodes) each(node, source);
  }

  private delete(op: Operation, node: JNode, path: string): void {
    if (node === this.document || node === this.root) {
      this.errors.push(`cannot delete the root node: ${path}`);
      return;
    }
    this.markChange(node, { op, type: 'delete' });
  }

  private replace(op: Operation, node: JNode): void {
    // replacing the document replaces its root
    const target = node === this.document ? this.root : node;
    const value =
      op.apply !== undefined && isBuiltinFunction(op.apply)
        ? applyBuiltinFunction(op.apply, target.value, applyArguments(op.content))
        : clone(op.content);
    this.markChange(target, { op, type: 'replace', value });
  }

  private insert(op: Operation, node: JNode, path: string): void {
    if (op.apply !== undefined && isBuiltinFunction(op.apply)) {
      // the built-ins transform an existing value; the server refuses them for inserts
      applyBuiltinFunction(op.apply, undefined, applyArguments(op.content));
    }
    if (op.position === 'last-child') {
      const container = node === this.document ? this.root : node;
      if (container.kind !== 'object' && container.kind !== 'array') {
        this.errors.push(`cannot insert last child for ${nodeKindName(container)} node: ${path}`);
        return;
      }
      const addition = this.addition(op, container, path);
      if (addition && this.checkAnchor(op, container, 'last-child')) this.anchored(container).append.push(addition);
      return;
    }
    if (node === this.document || node === this.root) {
      this.errors.push(`cannot insert ${op.position} the root node: ${path}`);
      return;
    }
    const addition = this.addition(op, node.parent!, path);
    if (addition && this.checkAnchor(op, node, op.position)) this.anchored(node)[op.position === 'before' ? 'before' : 'after'].push(addition);
  }

  /** The content of an insertion, shaped for the container it goes into. */
  private addition(op: Operation, container: JNode, path: string): Addition | undefined {
    const content = clone(op.content);
    if (container.kind === 'array') return { op, items: Array.isArray(content) ? content : [content], entries: [] };
    // an object takes properties: the keys of object content (or of each object in an array of them)
    const objects = Array.isArray(content) ? content : [content];
    if (objects.length === 0 || !objects.every(isObject)) {
      this.errors.push(`can only insert object content (whose keys name the properties) into an object: ${path}`);
      return undefined;
    }
    return { op, items: [], entries: objects.flatMap((o) => Object.entries(o as Record<string, unknown>)) };
  }

  private anchored(node: JNode): Anchored {
    let anchored = this.anchors.get(node);
    if (!anchored) {
      anchored = { before: [], after: [], append: [] };
      this.anchors.set(node, anchored);
    }
    return anchored;
  }

  private isQuality(node: JNode): boolean {
    return this.category === 'metadata' && node.parent === this.root && node.key === 'quality';
  }

  private markChange(node: JNode, change: Change): void {
    if (this.isQuality(node) && change.type === 'delete') {
      this.errors.push('cannot delete document quality');
      return;
    }
    const existing = this.changes.get(node);
    if (existing) {
      this.conflict(existing.op, change.op, node, 'change');
      return;
    }
    const anchored = this.anchors.get(node);
    if (anchored) {
      const [first] = [...anchored.before, ...anchored.after, ...anchored.append];
      this.conflict(first.op, change.op, node, 'insert');
      return;
    }
    this.changes.set(node, change);
  }

  /** Whether an insertion may be placed at `node`; records why not. */
  private checkAnchor(op: Operation, node: JNode, position: Position): boolean {
    if (this.category === 'metadata') {
      if (this.isQuality(node)) {
        this.errors.push('cannot insert relative to document quality');
        return false;
      }
      if (position !== 'last-child' && node.parent === this.root) {
        this.errors.push(`cannot insert before or after metadata category: ${JSON.stringify(node.value)}`);
        return false;
      }
      if (position === 'last-child' && node.parent?.parent === this.root) {
        this.errors.push(`cannot insert last child in metadata item: ${JSON.stringify(node.value)}`);
        return false;
      }
    }
    const changed = this.changes.get(node);
    if (changed) {
      this.conflict(changed.op, op, node, 'insert');
      return false;
    }
    return true;
  }

  private conflict(first: Operation, second: Operation, node: JNode, what: 'change' | 'insert'): void {
    if (this.category === 'metadata') {
      const message = what === 'change' ? 'cannot make multiple changes on node' : 'cannot insert relative to changed node';
      this.errors.push(`${message}: ${JSON.stringify(node.value)}`);
      return;
    }
    throw new DbError(
      'XDMP-CONFLICTINGUPDATES',
      `${first.kind} ${pathOf(first, first.select ?? first.context)} and ${second.kind} ${pathOf(second, second.select ?? second.context)} update the same node`,
    );
  }

  /** A change inside a node that is itself replaced or deleted would be lost: that conflicts too. */
  private checkNesting(): void {
    const changedAncestor = (node: JNode): Change | undefined => {
      for (let a = node.parent; a; a = a.parent) {
        const change = this.changes.get(a);
        if (change) return change;
      }
      return undefined;
    };
    for (const [node, change] of this.changes) {
      const outer = changedAncestor(node);
      // deleting inside a deleted node has nothing left to disagree about
      if (outer && !(outer.type === 'delete' && change.type === 'delete')) this.conflict(outer.op, change.op, node, 'change');
    }
    for (const [node, anchored] of this.anchors) {
      const outer = changedAncestor(node);
      const [first] = [...anchored.before, ...anchored.after, ...anchored.append];
      if (outer) this.conflict(outer.op, first.op, node, 'insert');
    }
  }

  finish(uri: string): PatchResult {
    this.checkNesting();
    if (this.errors.length > 0) {
      throw invalidRequest(`invalid ${this.category} patch operations for uri ${uri}: ${this.errors.join(', ')}`);
    }
    return { result: this.build(this.root), changed: this.changed };
  }

  private build(node: JNode): unknown {
    const change = this.changes.get(node);
    if (change?.type === 'replace') return change.value;
    if (node.kind === 'array') {
      const items: unknown[] = [];
      for (const child of node.children) {
        const anchored = this.anchors.get(child);
        for (const a of anchored?.before ?? []) items.push(...a.items);
        if (this.changes.get(child)?.type !== 'delete') items.push(this.build(child));
        for (const a of anchored?.after ?? []) items.push(...a.items);
      }
      for (const a of this.anchors.get(node)?.append ?? []) items.push(...a.items);
      return items;
    }
    if (node.kind === 'object') {
      const entries: Entry[] = [];
      const add = (additions: Addition[] | undefined): void => {
        for (const a of additions ?? []) for (const [key, value] of a.entries) entries.push({ key, value, inserted: true });
      };
      for (const child of node.children) {
        const anchored = this.anchors.get(child);
        add(anchored?.before);
        if (this.changes.get(child)?.type !== 'delete') entries.push({ key: child.key as string, value: this.build(child), inserted: false });
        add(anchored?.after);
      }
      add(this.anchors.get(node)?.append);
      return assembleObject(entries);
    }
    return node.value;
  }
}

/**
 * Builds an object from entries in order. A key can come twice when inserted content
 * names an existing property: the patch wins, and the key keeps its first position.
 */
function assembleObject(entries: Entry[]): Record<string, unknown> {
  const winners = new Map<string, Entry>();
  for (const entry of entries) {
    // a Map keeps a key where it was first set, whatever value it ends with
    if (!winners.has(entry.key) || entry.inserted) winners.set(entry.key, entry);
  }
  return Object.fromEntries([...winners].map(([key, entry]) => [key, entry.value]));
}
