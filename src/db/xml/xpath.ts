/**
 * XPath over XML documents, compiled once with the namespace bindings in scope and
 * evaluated against a document: the paths of an XML patch (src/db/patch/xml/) and of
 * search's `extract-document-data`. The `xpath` package is XPath 1.0; the
 * server speaks XPath 2.0, so two things patches commonly rely on are added here:
 * value comparisons (`[. eq "x"]`) and a default element namespace.
 */
import type { Document, Node } from '@xmldom/xmldom';
import * as xpathModule from 'xpath';
import { withDocumentOrder } from './document-order';

/** The parts of the `xpath` package used here; `parse` and the AST classes are exported but not typed. */
interface XPathApi {
  parse(expression: string): { expression: unknown; evaluate(options: Record<string, unknown>): unknown };
  Step: { new (...args: never[]): { axis: number; nodeTest: unknown }; ATTRIBUTE: number; NAMESPACE: number };
  NodeTest: { NameTestQName: new (...args: never[]) => { prefix: string | null } };
  XNodeSet: new (...args: never[]) => { toArray(): Node[] };
}

// Bundlers hand over the CommonJS exports either as the namespace or as its default.
const xpath = ((xpathModule as unknown as { default?: XPathApi }).default ?? xpathModule) as unknown as XPathApi;

/** The prefixes a path may use; `defaultElementNamespace` applies to unprefixed element names. */
export interface NamespaceBindings {
  prefixes: Readonly<Record<string, string>>;
  defaultElementNamespace?: string;
}

export interface CompiledPath {
  /** The path as written after making it absolute; error messages quote it. */
  readonly text: string;
  /** The nodes selected from `document`, in document order. Throws when the path does not select nodes. */
  select(document: Document): Node[];
}

/** Not a valid prefix, so it cannot collide with one the patch declares. */
const DEFAULT_PREFIX = '#default';

/**
 * Compiles `text`, or returns undefined when it is not a path the patch can use
 * (syntax error, undeclared prefix).
 */
export function compilePath(text: string, bindings: NamespaceBindings): CompiledPath | undefined {
  const parsed = parseWithFallback(text);
  if (!parsed) return undefined;
  const namespaces: Record<string, string> = { ...bindings.prefixes };
  if (bindings.defaultElementNamespace) namespaces[DEFAULT_PREFIX] = bindings.defaultElementNamespace;
  if (!bindNameTests(parsed.expression, namespaces, bindings.defaultElementNamespace !== undefined)) return undefined;
  return {
    text,
    select(document: Document): Node[] {
      return withDocumentOrder(document, () => {
        const result = parsed.evaluate({ node: document, namespaces });
        if (!(result instanceof xpath.XNodeSet)) throw new Error(`${text} does not select nodes`);
        return result.toArray();
      });
    },
  };
}

function parseWithFallback(text: string): ReturnType<XPathApi['parse']> | undefined {
  for (const candidate of [text, withGeneralComparisons(text)]) {
    try {
      return xpath.parse(candidate);
    } catch {
      // try the next spelling
    }
  }
  return undefined;
}

const comparisons: Record<string, string> = { eq: '=', ne: '!=', lt: '<', le: '<=', gt: '>', ge: '>=' };

/**
 * XPath 2.0's value comparisons spelled as XPath 1.0 general comparisons, outside
 * string literals. Only tried when the path does not parse as written, so a valid
 * XPath 1.0 path naming an element `eq` is never rewritten.
 */
function withGeneralComparisons(text: string): string {
  return text
    .split(/("[^"]*"|'[^']*')/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/(\s)(eq|ne|lt|le|gt|ge)(\s)/g, (_m, a, op, b) => `${a}${comparisons[op]}${b}`)))
    .join('');
}

/**
 * Walks the parsed expression: every prefixed name test must use a bound prefix, and
 * unprefixed element name tests get the default element namespace when there is one.
 * The AST is the package's own object graph, so the walk is structural.
 */
function bindNameTests(root: unknown, namespaces: Record<string, string>, hasDefault: boolean): boolean {
  const seen = new Set<unknown>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    if (node instanceof xpath.Step) {
      const test = node.nodeTest as { prefix?: unknown };
      if (typeof test.prefix === 'string' && !Object.hasOwn(namespaces, test.prefix)) return false;
      const elementAxis = node.axis !== xpath.Step.ATTRIBUTE && node.axis !== xpath.Step.NAMESPACE;
      if (hasDefault && elementAxis && test instanceof xpath.NodeTest.NameTestQName && test.prefix === null) {
        test.prefix = DEFAULT_PREFIX;
      }
    }
    for (const value of Object.values(node)) stack.push(value);
  }
  return true;
}
