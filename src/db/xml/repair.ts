/**
 * `repair=full` on a write: like MarkLogic's repair mode, unclosed elements are
 * closed where an enclosing element ends (or at the end of the text) and stray end
 * tags are dropped. The result is then checked like any other XML, so what is stored
 * is always well-formed; what cannot be repaired this way is still refused.
 */
import { checkXml } from './parse';

// Markup that is copied through untouched, then start/end tags.
const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<\/\s*([^\s>]+)\s*>|<([^\s/>!?]+)(?:[^>"']|"[^"]*"|'[^']*')*?(\/?)>/g;

export function repairXml(text: string): string {
  const open: string[] = [];
  let out = '';
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    out += text.slice(last, m.index);
    last = m.index + m[0].length;
    const [token, endName, startName, selfClosing] = m;
    if (startName !== undefined) {
      if (!selfClosing) open.push(startName);
      out += token;
    } else if (endName !== undefined) {
      const at = open.lastIndexOf(endName);
      if (at < 0) continue; // a stray end tag: dropped
      while (open.length > at + 1) out += `</${open.pop()}>`;
      open.pop();
      out += token;
    } else {
      out += token;
    }
  }
  out += text.slice(last);
  while (open.length) out += `</${open.pop()}>`;
  checkXml(out);
  return out;
}
