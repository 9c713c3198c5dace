/**
 * A subset of MarkLogic XPath over its JSON node model (the default `pathlang` of a JSON
 * patch, and the path of search's `extract-document-data`). Beyond the tree's model (`tree.ts`):
 * - name tests (`a`, `*`) never match an array node itself but look through it to
 *   its items, so `/tags` selects the tags, while `node("tags")` and
 *   `array-node("tags")` select the array;
 * - named steps from the document look through the anonymous root, so `/a` is the
 *   root object's property `a`, while `/node()` or `/object-node()` is the root.
 */

import { descendants, documentOf, inDocumentOrder, PathSyntaxError, type CompiledPath, type JNode, type NodeKind } from './tree';

// ---------------------------------------------------------------------------
// XPath: tokens

type TokenType = 'name' | 'string' | 'number' | 'op' | 'end';
interface Token {
  type: TokenType;
  text: string;
  at: number;
}

const isNameStart = (c: string): boolean => /[A-Za-z_\u00C0-\uFFFF]/.test(c);
const isNameChar = (c: string): boolean => /[A-Za-z0-9_.\-\u00B7\u00C0-\uFFFF]/.test(c);
const operators = ['//', '::', '!=', '<=', '>=', '..', '/', '[', ']', '(', ')', ',', '=', '<', '>', '+', '-', '*', '.', '@', '|', '$'];

function tokenize(path: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < path.length) {
    const c = path[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      // XPath escapes a quote inside a literal by doubling it
      let text = '';
      let j = i + 1;
      for (;;) {
        if (j >= path.length) throw new PathSyntaxError(`unterminated string at ${i}`);
        if (path[j] === c) {
          if (path[j + 1] === c) {
            text += c;
            j += 2;
            continue;
          }
          break;
        }
        text += path[j++];
      }
      tokens.push({ type: 'string', text, at: i });
      i = j + 1;
      continue;
    }
    const number = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(path.slice(i));
    if (number) {
      tokens.push({ type: 'number', text: number[0], at: i });
      i += number[0].length;
      continue;
    }
    if (isNameStart(c)) {
      let j = i + 1;
      while (j < path.length && isNameChar(path[j])) j++;
      // a prefixed name such as fn:not (but not an axis separator `::`)
      if (path[j] === ':' && path[j + 1] !== ':' && j + 1 < path.length && isNameStart(path[j + 1])) {
        j++;
        while (j < path.length && isNameChar(path[j])) j++;
      }
      tokens.push({ type: 'name', text: path.slice(i, j), at: i });
      i = j;
      continue;
    }
    const op = operators.find((o) => path.startsWith(o, i));
    if (!op) throw new PathSyntaxError(`unexpected character ${JSON.stringify(c)} at ${i}`);
    tokens.push({ type: 'op', text: op, at: i });
    i += op.length;
  }
  tokens.push({ type: 'end', text: '', at: path.length });
  return tokens;
}

// ---------------------------------------------------------------------------
// XPath: syntax tree and parser

type Axis = 'child' | 'descendant' | 'descendant-or-self' | 'self' | 'parent';
const axes: readonly Axis[] = ['child', 'descendant', 'descendant-or-self', 'self', 'parent'];

type KindTestKind = 'node' | Exclude<NodeKind, 'document'>;
const kindTests: Record<string, KindTestKind> = {
  node: 'node',
  'object-node': 'object',
  'array-node': 'array',
  'number-node': 'number',
  'boolean-node': 'boolean',
  'null-node': 'null',
  text: 'string',
  'text-node': 'string',
};

type NodeTest = { type: 'name'; name: string } | { type: 'any-name' } | { type: 'kind'; kind: KindTestKind; name?: string };

interface Step {
  axis: Axis;
  test: NodeTest;
  predicates: Expr[];
}

type Expr =
  | { type: 'path'; absolute: boolean; steps: Step[] }
  | { type: 'literal'; value: string | number }
  | { type: 'call'; name: string; args: Expr[] }
  | { type: 'binary'; op: string; left: Expr; right: Expr }
  | { type: 'negate'; operand: Expr };

const comparisonOps = new Set(['=', '!=', '<', '<=', '>', '>=', 'eq', 'ne', 'lt', 'le', 'gt', 'ge']);

class XPathParser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.i + offset, this.tokens.length - 1)];
  }
  private next(): Token {
    return this.tokens[this.i++];
  }
  private isOp(text: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.type === 'op' && t.text === text;
  }
  private isKeyword(text: string): boolean {
    const t = this.peek();
    return t.type === 'name' && t.text === text;
  }
  private expectOp(text: string): void {
    const t = this.next();
    if (t.type !== 'op' || t.text !== text) throw new PathSyntaxError(`expected ${text} at ${t.at}`);
  }

  parseTopLevel(): Expr {
    const expr = this.parseLocationPath();
    if (this.peek().type !== 'end') throw new PathSyntaxError(`unexpected ${JSON.stringify(this.peek().text)} at ${this.peek().at}`);
    return expr;
  }

  private startsStep(): boolean {
    const t = this.peek();
    if (t.type === 'name') return true;
    return t.type === 'op' && (t.text === '*' || t.text === '.' || t.text === '..');
  }

  private parseLocationPath(): Expr {
    if (this.isOp('/')) {
      this.next();
      return { type: 'path', absolute: true, steps: this.startsStep() ? this.parseRelativeSteps() : [] };
    }
    if (this.isOp('//')) {
      this.next();
      return { type: 'path', absolute: true, steps: [descendantOrSelfStep(), ...this.parseRelativeSteps()] };
    }
    return { type: 'path', absolute: false, steps: this.parseRelativeSteps() };
  }

  private parseRelativeSteps(): Step[] {
    const steps = [this.parseStep()];
    for (;;) {
      if (this.isOp('/')) {
        this.next();
        steps.push(this.parseStep());
      } else if (this.isOp('//')) {
        this.next();
        steps.push(descendantOrSelfStep(), this.parseStep());
      } else return steps;
    }
  }

  private parseStep(): Step {
    if (this.isOp('.')) {
      this.next();
      return { axis: 'self', test: { type: 'kind', kind: 'node' }, predicates: this.parsePredicates() };
    }
    if (this.isOp('..')) {
      this.next();
      return { axis: 'parent', test: { type: 'kind', kind: 'node' }, predicates: this.parsePredicates() };
    }
    let axis: Axis = 'child';
    const t = this.peek();
    if (t.type === 'name' && this.isOp('::', 1)) {
      if (!axes.includes(t.text as Axis)) throw new PathSyntaxError(`unsupported axis ${t.text}`);
      axis = t.text as Axis;
      this.next();
      this.next();
    }
    return { axis, test: this.parseNodeTest(), predicates: this.parsePredicates() };
  }

  private parseNodeTest(): NodeTest {
    const t = this.next();
    if (t.type === 'op' && t.text === '*') return { type: 'any-name' };
    if (t.type !== 'name') throw new PathSyntaxError(`expected a step at ${t.at}`);
    if (!this.isOp('(')) return { type: 'name', name: t.text };
    const kind = kindTests[t.text];
    if (!kind) throw new PathSyntaxError(`unsupported node test ${t.text}()`);
    this.next();
    let name: string | undefined;
    if (this.peek().type === 'string') name = this.next().text;
    this.expectOp(')');
    return { type: 'kind', kind, name };
  }

  private parsePredicates(): Expr[] {
    const predicates: Expr[] = [];
    while (this.isOp('[')) {
      this.next();
      predicates.push(this.parseOr());
      this.expectOp(']');
    }
    return predicates;
  }

  private parseOr(): Expr {
    return this.parseLeftAssociative('or', () => this.parseAnd());
  }

  private parseAnd(): Expr {
    return this.parseLeftAssociative('and', () => this.parseComparison());
  }

  /** `operand (keyword operand)*`, grouped to the left. */
  private parseLeftAssociative(keyword: 'or' | 'and', operand: () => Expr): Expr {
    let left = operand();
    while (this.isKeyword(keyword)) {
      this.next();
      left = { type: 'binary', op: keyword, left, right: operand() };
    }
    return left;
  }

  private parseComparison(): Expr {
    const left = this.parseAdditive();
    const t = this.peek();
    if ((t.type === 'op' || t.type === 'name') && comparisonOps.has(t.text)) {
      this.next();
      return { type: 'binary', op: t.text, left, right: this.parseAdditive() };
    }
    return left;
  }

  private parseAdditive(): Expr {
    let left = this.parseUnary();
    while (this.isOp('+') || this.isOp('-')) {
      const op = this.next().text;
      left = { type: 'binary', op, left, right: this.parseUnary() };
    }
    return left;
  }

  private parseUnary(): Expr {
    if (this.isOp('-')) {
      this.next();
      return { type: 'negate', operand: this.parseUnary() };
    }
    return this.parsePrimary();
  }

  private parsePrimary(): Expr {
    const t = this.peek();
    if (t.type === 'string') {
      this.next();
      return { type: 'literal', value: t.text };
    }
    if (t.type === 'number') {
      this.next();
      return { type: 'literal', value: Number(t.text) };
    }
    if (this.isOp('(')) {
      this.next();
      const inner = this.parseOr();
      this.expectOp(')');
      return inner;
    }
    if (t.type === 'name' && this.isOp('(', 1) && !kindTests[t.text]) {
      this.next();
      this.next();
      const args: Expr[] = [];
      if (!this.isOp(')')) {
        args.push(this.parseOr());
        while (this.isOp(',')) {
          this.next();
          args.push(this.parseOr());
        }
      }
      this.expectOp(')');
      const name = t.text.startsWith('fn:') ? t.text.slice(3) : t.text;
      const arity = functionArity[name];
      if (!arity) throw new PathSyntaxError(`unsupported function ${t.text}()`);
      if (args.length < arity[0] || args.length > arity[1]) throw new PathSyntaxError(`wrong number of arguments to ${t.text}()`);
      return { type: 'call', name, args };
    }
    if (this.startsStep() || this.isOp('/') || this.isOp('//')) return this.parseLocationPath();
    throw new PathSyntaxError(`unexpected ${JSON.stringify(t.text)} at ${t.at}`);
  }
}

const descendantOrSelfStep = (): Step => ({ axis: 'descendant-or-self', test: { type: 'kind', kind: 'node' }, predicates: [] });

const functionArity: Record<string, [number, number]> = {
  last: [0, 0],
  position: [0, 0],
  true: [0, 0],
  false: [0, 0],
  not: [1, 1],
  exists: [1, 1],
  empty: [1, 1],
  count: [1, 1],
  string: [0, 1],
  number: [0, 1],
  'string-length': [0, 1],
  contains: [2, 2],
  'starts-with': [2, 2],
  'ends-with': [2, 2],
};

// ---------------------------------------------------------------------------
// XPath: evaluation

type Atomic = string | number | boolean;
type Value = JNode[] | Atomic;

interface Focus {
  node: JNode;
  position: number;
  size: number;
}

function matchesTest(test: NodeTest, node: JNode): boolean {
  switch (test.type) {
    case 'name':
      return node.kind !== 'array' && node.kind !== 'document' && node.name === test.name;
    case 'any-name':
      return node.kind !== 'array' && node.kind !== 'document' && node.name !== null;
    case 'kind':
      if (test.kind !== 'node' && node.kind !== test.kind) return false;
      return test.name === undefined || node.name === test.name;
  }
}

/** The child step, with MarkLogic's look-through of arrays (and of the root, from the document). */
function childStep(node: JNode, test: NodeTest): JNode[] {
  const out: JNode[] = [];
  const collect = (child: JNode): void => {
    if (matchesTest(test, child)) out.push(child);
    else if (child.kind === 'array') child.children.forEach(collect);
  };
  if (node.kind === 'document') {
    const root = node.children[0];
    if (matchesTest(test, root)) out.push(root);
    else root.children.forEach(collect);
  } else node.children.forEach(collect);
  return out;
}

function axisStep(node: JNode, step: Step): JNode[] {
  switch (step.axis) {
    case 'child':
      return childStep(node, step.test);
    case 'self':
      return matchesTest(step.test, node) ? [node] : [];
    case 'parent':
      return node.parent && matchesTest(step.test, node.parent) ? [node.parent] : [];
    case 'descendant':
      return [...descendants(node)].filter((n) => matchesTest(step.test, n));
    case 'descendant-or-self':
      return [node, ...descendants(node)].filter((n) => matchesTest(step.test, n));
  }
}

function evaluatePath(expr: Extract<Expr, { type: 'path' }>, focus: Focus): JNode[] {
  let nodes = [expr.absolute ? documentOf(focus.node) : focus.node];
  for (const step of expr.steps) {
    const next: JNode[] = [];
    for (const node of nodes) {
      let selected = axisStep(node, step);
      for (const predicate of step.predicates) selected = filterByPredicate(selected, predicate);
      next.push(...selected);
    }
    nodes = inDocumentOrder(next);
  }
  return nodes;
}

function filterByPredicate(nodes: JNode[], predicate: Expr): JNode[] {
  return nodes.filter((node, i) => {
    const value = evaluate(predicate, { node, position: i + 1, size: nodes.length });
    // a numeric predicate is a position test, as in XPath
    return typeof value === 'number' ? value === i + 1 : effectiveBoolean(value);
  });
}

/** The typed value of a node: `fn:data`. Null, objects and arrays have none usable in comparisons. */
function atomize(value: Value): Atomic[] {
  if (!Array.isArray(value)) return [value];
  const out: Atomic[] = [];
  for (const node of value) {
    if (node.kind === 'string' || node.kind === 'number' || node.kind === 'boolean') out.push(node.value as Atomic);
  }
  return out;
}

const stringValue = (value: Value): string => {
  const [first] = atomize(value);
  return first === undefined ? '' : String(first);
};

function effectiveBoolean(value: Value): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value.length > 0;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  return value;
}

function compareAtomic(op: string, a: Atomic, b: Atomic): boolean {
  let x: Atomic = a;
  let y: Atomic = b;
  // JSON numbers are typed; a string compared with a number is cast, as untyped data would be
  if (typeof x === 'number' && typeof y === 'string') y = Number(y);
  else if (typeof x === 'string' && typeof y === 'number') x = Number(x);
  else if (typeof x !== typeof y) {
    x = String(x);
    y = String(y);
  }
  switch (op) {
    case '=':
    case 'eq':
      return x === y;
    case '!=':
    case 'ne':
      return x !== y;
    case '<':
    case 'lt':
      return x < y;
    case '<=':
    case 'le':
      return x <= y;
    case '>':
    case 'gt':
      return x > y;
    default:
      return x >= y;
  }
}

const toNumber = (value: Value): number => {
  const [first] = atomize(value);
  return first === undefined ? NaN : Number(first);
};

function evaluate(expr: Expr, focus: Focus): Value {
  switch (expr.type) {
    case 'literal':
      return expr.value;
    case 'path':
      return evaluatePath(expr, focus);
    case 'negate':
      return -toNumber(evaluate(expr.operand, focus));
    case 'binary': {
      if (expr.op === 'and') return effectiveBoolean(evaluate(expr.left, focus)) && effectiveBoolean(evaluate(expr.right, focus));
      if (expr.op === 'or') return effectiveBoolean(evaluate(expr.left, focus)) || effectiveBoolean(evaluate(expr.right, focus));
      const left = evaluate(expr.left, focus);
      const right = evaluate(expr.right, focus);
      if (expr.op === '+') return toNumber(left) + toNumber(right);
      if (expr.op === '-') return toNumber(left) - toNumber(right);
      // general and value comparisons alike: true when some pair of typed values compares true
      const rights = atomize(right);
      return atomize(left).some((a) => rights.some((b) => compareAtomic(expr.op, a, b)));
    }
    case 'call':
      return callFunction(expr.name, expr.args, focus);
  }
}

function callFunction(name: string, args: Expr[], focus: Focus): Value {
  const arg = (i: number): Value => evaluate(args[i], focus);
  const contextOr = (i: number): Value => (args.length > i ? arg(i) : [focus.node]);
  switch (name) {
    case 'last':
      return focus.size;
    case 'position':
      return focus.position;
    case 'true':
      return true;
    case 'false':
      return false;
    case 'not':
      return !effectiveBoolean(arg(0));
    case 'exists':
      return atomizeOrNodes(arg(0)) > 0;
    case 'empty':
      return atomizeOrNodes(arg(0)) === 0;
    case 'count':
      return atomizeOrNodes(arg(0));
    case 'string':
      return stringValue(contextOr(0));
    case 'number':
      return toNumber(contextOr(0));
    case 'string-length':
      return [...stringValue(contextOr(0))].length;
    case 'contains':
      return stringValue(arg(0)).includes(stringValue(arg(1)));
    case 'starts-with':
      return stringValue(arg(0)).startsWith(stringValue(arg(1)));
    case 'ends-with':
      return stringValue(arg(0)).endsWith(stringValue(arg(1)));
    default:
      throw new PathSyntaxError(`unsupported function ${name}()`);
  }
}

const atomizeOrNodes = (value: Value): number => (Array.isArray(value) ? value.length : 1);

/** Compiles a MarkLogic XPath over JSON. Throws {@link PathSyntaxError}. */
export function compileXPath(path: string): CompiledPath {
  const expr = new XPathParser(tokenize(path)).parseTopLevel();
  if (expr.type !== 'path') throw new PathSyntaxError('not a path');
  return {
    source: path,
    select: (document) => evaluatePath(expr, { node: document, position: 1, size: 1 }),
  };
}
