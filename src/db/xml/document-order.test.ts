import { describe, expect, test } from 'vitest';
import type { Element, Node } from '@xmldom/xmldom';
import { withDocumentOrder } from './document-order';
import { parseXml } from './parse';
import { compilePath } from './xpath';

/** Every node of the tree, attributes included. */
function allNodes(root: Node): Node[] {
  const out: Node[] = [root];
  if (root.nodeType === root.ELEMENT_NODE) out.push(...Array.from((root as Element).attributes));
  for (const child of Array.from(root.childNodes)) out.push(...allNodes(child));
  return out;
}

const order = (a: Node, b: Node) => {
  const position = a.compareDocumentPosition(b);
  return position & 0x02 ? 'preceding' : position & 0x04 ? 'following' : 'same';
};

describe('document order while paths are evaluated', () => {
  test('the index orders every pair of nodes as xmldom does', () => {
    const doc = parseXml('<!-- c --><a x="1" y="2"><b z="3">t<c/></b><!-- d --><e><?p q?></e></a>');
    const nodes = allNodes(doc);
    const slow = nodes.flatMap((a) => nodes.map((b) => order(a, b)));
    const fast = withDocumentOrder(doc, () => nodes.flatMap((a) => nodes.map((b) => order(a, b))));
    expect(fast).toEqual(slow);
  });

  test('a node of another document is compared by xmldom as before', () => {
    const doc = parseXml('<a><b/></a>');
    const other = parseXml('<z/>').documentElement!;
    const before = doc.documentElement!.compareDocumentPosition(other);
    withDocumentOrder(doc, () => expect(doc.documentElement!.compareDocumentPosition(other)).toBe(before));
    expect(before & 0x01).toBe(0x01); // disconnected
  });

  test('the index is dropped afterwards, so later changes are seen', () => {
    const doc = parseXml('<a><b/><c/></a>');
    const [b, c] = Array.from(doc.documentElement!.childNodes);
    withDocumentOrder(doc, () => expect(order(b, c)).toBe('following'));
    doc.documentElement!.insertBefore(c, b);
    expect(order(b, c)).toBe('preceding');
  });

  test('a union over many siblings comes back complete and in document order', () => {
    // How fast is the benchmark's business (npm run bench), not a test's: this checks the
    // indexed comparison answers correctly at a size where xmldom's scan would take seconds.
    const items = Array.from({ length: 5000 }, (_, i) => `<item n="${i}"><q>${i}</q></item>`).join('');
    const doc = parseXml(`<list>${items}</list>`);
    const path = compilePath('//q | /list/item/@n', { prefixes: {} })!;
    const selected = path.select(doc) as Array<{ nodeValue?: string | null; textContent?: string | null }>;
    expect(selected).toHaveLength(10000);
    // Each item's attribute comes before its q element: @n, q, @n, q, …
    expect(selected.slice(0, 4).map((n) => n.nodeValue ?? n.textContent)).toEqual(['0', '0', '1', '1']);
    expect(selected.at(-1)?.textContent).toBe('4999');
  });
});
