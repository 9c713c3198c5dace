/**
 * Indents XML for display. It only re-flows whitespace between tags; when an
 * element mixes text with child elements (where whitespace may matter) the
 * document is returned exactly as given rather than risk changing its meaning.
 * Well-formedness is the server's business: malformed input is returned as is.
 */

const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE(?:[^>[]|\[[\s\S]*?\])*>|<\/?[A-Za-z_][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>|[^<]+|</g;

type Kind = 'open' | 'close' | 'empty' | 'other' | 'text';

function kindOf(token: string): Kind {
  if (!token.startsWith('<') || token === '<') return 'text';
  if (token.startsWith('</')) return 'close';
  if (token.startsWith('<!') || token.startsWith('<?')) return 'other';
  return token.endsWith('/>') ? 'empty' : 'open';
}

const nameOf = (tag: string) => /^<\/?([^\s/>]+)/.exec(tag)?.[1];

export function prettyXml(xml: string, indent = '  '): string {
  const tokens = xml.match(TOKEN) ?? [];
  const kinds = tokens.map(kindOf);
  const lines: string[] = [];
  const open: Array<string | undefined> = [];
  const closes = (i: number, tag: string) => kinds[i] === 'close' && nameOf(tokens[i]) === nameOf(tag);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const pad = indent.repeat(open.length);
    switch (kinds[i]) {
      case 'text':
        if (token.trim() === '') continue;
        // Text next to elements: mixed content, or not XML at all.
        return xml;
      case 'open':
        if (closes(i + 1, token)) {
          lines.push(pad + token + tokens[i + 1]);
          i += 1;
        } else if (kinds[i + 1] === 'text' && closes(i + 2, token)) {
          lines.push(pad + token + tokens[i + 1] + tokens[i + 2]);
          i += 2;
        } else {
          lines.push(pad + token);
          open.push(nameOf(token));
        }
        break;
      case 'close':
        if (open.pop() !== nameOf(token)) return xml;
        lines.push(indent.repeat(open.length) + token);
        break;
      default:
        lines.push(pad + token.trim());
    }
  }
  return open.length === 0 ? lines.join('\n') : xml;
}
