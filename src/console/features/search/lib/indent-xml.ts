/**
 * Indents a search response for reading. Unlike the console's prettyXml, which leaves a
 * document with mixed content alone, this one indents every element holding only
 * elements and keeps each element holding text — a snippet's `search:match`, with its
 * highlights — on one line exactly as sent, so what the server wrote is still what is
 * shown. Text that does not parse as balanced tags is returned unchanged.
 */

const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE(?:[^>[]|\[[\s\S]*?\])*>|<\/?[A-Za-z_][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>|[^<]+|</g;

type XmlNode = { kind: 'element'; name: string; tokens: string[]; children: XmlNode[] } | { kind: 'text'; text: string } | { kind: 'other'; text: string };

const nameOf = (tag: string) => /^<\/?([^\s/>]+)/.exec(tag)?.[1] ?? '';

export function indentXml(xml: string, indent = '  '): string {
  const root = parse(xml);
  if (!root) return xml;
  const lines: string[] = [];
  for (const node of root) print(node, 0, indent, lines);
  return lines.join('\n');
}

/** The top-level nodes, or undefined when the tags do not balance. */
function parse(xml: string): XmlNode[] | undefined {
  const top: XmlNode[] = [];
  const stack: Array<Extract<XmlNode, { kind: 'element' }>> = [];
  const add = (node: XmlNode) => (stack.length ? stack[stack.length - 1].children : top).push(node);
  for (const token of xml.match(TOKEN) ?? []) {
    if (!token.startsWith('<') || token === '<') {
      if (token === '<') return undefined;
      add({ kind: 'text', text: token });
    } else if (token.startsWith('<![CDATA[')) {
      add({ kind: 'text', text: token });
    } else if (token.startsWith('<!') || token.startsWith('<?')) {
      add({ kind: 'other', text: token });
    } else if (token.startsWith('</')) {
      const open = stack.pop();
      if (!open || open.name !== nameOf(token)) return undefined;
      open.tokens.push(token);
    } else {
      const element: XmlNode = { kind: 'element', name: nameOf(token), tokens: [token], children: [] };
      add(element);
      if (!token.endsWith('/>')) stack.push(element);
    }
  }
  return stack.length === 0 ? top : undefined;
}

const holdsText = (n: Extract<XmlNode, { kind: 'element' }>) => n.children.some((c) => c.kind === 'text' && c.text.trim() !== '');

/** The node as it was written, child tokens in place. */
function verbatim(n: XmlNode): string {
  if (n.kind !== 'element') return n.text;
  return n.tokens[0] + n.children.map(verbatim).join('') + (n.tokens[1] ?? '');
}

function print(n: XmlNode, depth: number, indent: string, lines: string[]): void {
  const pad = indent.repeat(depth);
  if (n.kind === 'text') {
    if (n.text.trim() !== '') lines.push(pad + n.text.trim());
    return;
  }
  if (n.kind === 'other') {
    lines.push(pad + n.text);
    return;
  }
  if (n.children.length === 0 || holdsText(n)) {
    lines.push(pad + verbatim(n));
    return;
  }
  lines.push(pad + n.tokens[0]);
  for (const child of n.children) print(child, depth + 1, indent, lines);
  lines.push(pad + n.tokens[1]);
}
