/**
 * JSONPath (`pathlang: "jsonpath"` in a JSON patch): `$.a.b`, `$["a"]`, `$.arr[0]`, slices,
 * `$..a` and filters, over the same node tree as the XPath subset (`tree.ts`).
 */

import { descendants, inDocumentOrder, PathSyntaxError, type CompiledPath, type JNode } from './tree';

// ---------------------------------------------------------------------------
// JSONPath

type JpSelector =
  | { type: 'name'; name: string }
  | { type: 'wildcard' }
  | { type: 'index'; index: number }
  | { type: 'slice'; start?: number; end?: number; step: number }
  | { type: 'filter'; expr: JpExpr };

interface JpSegment {
  descendant: boolean;
  selectors: JpSelector[];
}

type JpOperand = { type: 'literal'; value: string | number | boolean | null } | { type: 'query'; relative: boolean; segments: JpSegment[] };

type JpExpr =
  | { type: 'or' | 'and'; left: JpExpr; right: JpExpr }
  | { type: 'not'; operand: JpExpr }
  | { type: 'compare'; op: string; left: JpOperand; right: JpOperand }
  | { type: 'exists'; query: Extract<JpOperand, { type: 'query' }> };

const jpNameStart = /[A-Za-z_$\u0080-\uFFFF]/;
const jpNameChar = /[A-Za-z0-9_$\-\u0080-\uFFFF]/;

class JsonPathParser {
  private i = 0;
  constructor(private readonly text: string) {}

  private fail(what: string): never {
    throw new PathSyntaxError(`${what} at ${this.i}`);
  }
  private skipSpace(): void {
    while (this.i < this.text.length && /\s/.test(this.text[this.i])) this.i++;
  }
  private eat(s: string): boolean {
    if (this.text.startsWith(s, this.i)) {
      this.i += s.length;
      return true;
    }
    return false;
  }
  private expect(s: string): void {
    if (!this.eat(s)) this.fail(`expected ${s}`);
  }

  parse(): JpSegment[] {
    if (!this.eat('$')) this.fail('a JSONPath starts with $');
    const segments = this.parseSegments();
    if (this.i < this.text.length) this.fail(`unexpected ${JSON.stringify(this.text[this.i])}`);
    return segments;
  }

  private parseSegments(): JpSegment[] {
    const segments: JpSegment[] = [];
    for (;;) {
      if (this.eat('..')) {
        if (this.text[this.i] === '[') segments.push({ descendant: true, selectors: this.parseBracket() });
        else segments.push({ descendant: true, selectors: [this.parseDotSelector()] });
      } else if (this.eat('.')) segments.push({ descendant: false, selectors: [this.parseDotSelector()] });
      else if (this.text[this.i] === '[') segments.push({ descendant: false, selectors: this.parseBracket() });
      else return segments;
    }
  }

  private parseDotSelector(): JpSelector {
    if (this.eat('*')) return { type: 'wildcard' };
    const start = this.i;
    if (!jpNameStart.test(this.text[this.i] ?? '')) this.fail('expected a member name');
    while (this.i < this.text.length && jpNameChar.test(this.text[this.i])) this.i++;
    return { type: 'name', name: this.text.slice(start, this.i) };
  }

  private parseBracket(): JpSelector[] {
    this.expect('[');
    const selectors: JpSelector[] = [];
    do {
      this.skipSpace();
      selectors.push(this.parseBracketSelector());
      this.skipSpace();
    } while (this.eat(','));
    this.expect(']');
    return selectors;
  }

  private parseBracketSelector(): JpSelector {
    const c = this.text[this.i];
    if (c === "'" || c === '"') return { type: 'name', name: this.parseString() };
    if (this.eat('*')) return { type: 'wildcard' };
    if (this.eat('?')) {
      this.skipSpace();
      // Goessner's `?(…)` and RFC 9535's bare `?…` both occur in the wild
      const expr = this.parseLogical();
      return { type: 'filter', expr };
    }
    const first = this.parseOptionalInt();
    this.skipSpace();
    if (this.text[this.i] !== ':') {
      if (first === undefined) this.fail('expected a selector');
      return { type: 'index', index: first };
    }
    this.i++;
    this.skipSpace();
    const end = this.parseOptionalInt();
    this.skipSpace();
    let step = 1;
    if (this.eat(':')) {
      this.skipSpace();
      step = this.parseOptionalInt() ?? 1;
    }
    if (step === 0) this.fail('a slice step of 0');
    return { type: 'slice', start: first, end, step };
  }

  private parseOptionalInt(): number | undefined {
    const m = /^-?\d+/.exec(this.text.slice(this.i));
    if (!m) return undefined;
    this.i += m[0].length;
    return Number(m[0]);
  }

  private parseString(): string {
    const quote = this.text[this.i++];
    let out = '';
    for (;;) {
      if (this.i >= this.text.length) this.fail('unterminated string');
      const c = this.text[this.i++];
      if (c === quote) return out;
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = this.text[this.i++];
      const simple: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', '/': '/', '\\': '\\', "'": "'", '"': '"' };
      if (e in simple) out += simple[e];
      else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(this.text.slice(this.i, this.i + 4))) {
        out += String.fromCharCode(parseInt(this.text.slice(this.i, this.i + 4), 16));
        this.i += 4;
      } else this.fail('invalid escape');
    }
  }

  private parseLogical(): JpExpr {
    return this.parseLeftAssociative('||', 'or', () => this.parseAnd());
  }

  private parseAnd(): JpExpr {
    return this.parseLeftAssociative('&&', 'and', () => this.parseBasic());
  }

  /** `operand (operator operand)*`, grouped to the left. */
  private parseLeftAssociative(operator: string, type: 'or' | 'and', operand: () => JpExpr): JpExpr {
    let left = operand();
    for (;;) {
      this.skipSpace();
      if (!this.eat(operator)) return left;
      left = { type, left, right: operand() };
    }
  }

  private parseBasic(): JpExpr {
    this.skipSpace();
    if (this.text[this.i] === '!' && this.text[this.i + 1] !== '=') {
      this.i++;
      return { type: 'not', operand: this.parseBasic() };
    }
    if (this.eat('(')) {
      const inner = this.parseLogical();
      this.skipSpace();
      this.expect(')');
      return inner;
    }
    const left = this.parseOperand();
    this.skipSpace();
    const op = ['==', '!=', '<=', '>=', '<', '>'].find((o) => this.text.startsWith(o, this.i));
    if (!op) {
      if (left.type !== 'query') this.fail('a literal is not a test');
      return { type: 'exists', query: left };
    }
    this.i += op.length;
    this.skipSpace();
    return { type: 'compare', op, left, right: this.parseOperand() };
  }

  private parseOperand(): JpOperand {
    const c = this.text[this.i];
    if (c === '@' || c === '$') {
      this.i++;
      return { type: 'query', relative: c === '@', segments: this.parseSegments() };
    }
    if (c === "'" || c === '"') return { type: 'literal', value: this.parseString() };
    const m = /^(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(this.text.slice(this.i));
    if (!m) this.fail('expected a value');
    this.i += m[0].length;
    return { type: 'literal', value: JSON.parse(m[0]) as string | number | boolean | null };
  }
}

function selectJsonPath(start: JNode, segments: JpSegment[], root: JNode): JNode[] {
  let nodes = [start];
  for (const segment of segments) {
    const next: JNode[] = [];
    for (const node of nodes) {
      const bases = segment.descendant ? [node, ...descendants(node)] : [node];
      for (const base of bases) for (const selector of segment.selectors) next.push(...applySelector(base, selector, root));
    }
    nodes = next;
  }
  return nodes;
}

function applySelector(node: JNode, selector: JpSelector, root: JNode): JNode[] {
  switch (selector.type) {
    case 'name':
      return node.kind === 'object' ? node.children.filter((c) => c.key === selector.name) : [];
    case 'wildcard':
      return [...node.children];
    case 'index': {
      if (node.kind !== 'array') return [];
      const i = selector.index < 0 ? node.children.length + selector.index : selector.index;
      return node.children[i] ? [node.children[i]] : [];
    }
    case 'slice':
      return node.kind === 'array' ? slice(node.children, selector) : [];
    case 'filter':
      return node.children.filter((child) => testFilter(selector.expr, child, root));
  }
}

function slice(items: readonly JNode[], { start, end, step }: { start?: number; end?: number; step: number }): JNode[] {
  const len = items.length;
  const norm = (i: number): number => (i >= 0 ? i : len + i);
  const out: JNode[] = [];
  if (step > 0) {
    const lower = Math.min(Math.max(norm(start ?? 0), 0), len);
    const upper = Math.min(Math.max(norm(end ?? len), 0), len);
    for (let i = lower; i < upper; i += step) out.push(items[i]);
  } else {
    const upper = Math.min(Math.max(norm(start ?? len - 1), -1), len - 1);
    const lower = Math.min(Math.max(end === undefined ? -1 : norm(end), -1), len - 1);
    for (let i = upper; i > lower; i += step) out.push(items[i]);
  }
  return out;
}

const NOTHING = Symbol('nothing');

function operandValue(operand: JpOperand, current: JNode, root: JNode): unknown {
  if (operand.type === 'literal') return operand.value;
  const nodes = selectJsonPath(operand.relative ? current : root, operand.segments, root);
  // comparisons take singular queries: anything else compares as "nothing"
  return nodes.length === 1 ? nodes[0].value : NOTHING;
}

function testFilter(expr: JpExpr, current: JNode, root: JNode): boolean {
  switch (expr.type) {
    case 'or':
      return testFilter(expr.left, current, root) || testFilter(expr.right, current, root);
    case 'and':
      return testFilter(expr.left, current, root) && testFilter(expr.right, current, root);
    case 'not':
      return !testFilter(expr.operand, current, root);
    case 'exists':
      return selectJsonPath(expr.query.relative ? current : root, expr.query.segments, root).length > 0;
    case 'compare': {
      const a = operandValue(expr.left, current, root);
      const b = operandValue(expr.right, current, root);
      const equal = a === b || (a !== NOTHING && b !== NOTHING && typeof a === 'object' && JSON.stringify(a) === JSON.stringify(b));
      switch (expr.op) {
        case '==':
          return equal;
        case '!=':
          return !equal;
        default: {
          const comparable = (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');
          if (!comparable) return (expr.op === '<=' || expr.op === '>=') && equal;
          const x = a as number | string;
          const y = b as number | string;
          if (expr.op === '<') return x < y;
          if (expr.op === '<=') return x <= y;
          if (expr.op === '>') return x > y;
          return x >= y;
        }
      }
    }
  }
}

/** Compiles a JSONPath (`$.a.b`, `$["a"]`, `$.arr[0]`, `$..a`, filters). Throws {@link PathSyntaxError}. */
export function compileJsonPath(path: string): CompiledPath {
  const segments = new JsonPathParser(path.trim()).parse();
  return {
    source: path,
    select: (document) => {
      const root = document.children[0];
      return inDocumentOrder(selectJsonPath(root, segments, root));
    },
  };
}
