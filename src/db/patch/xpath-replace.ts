/**
 * `fn:replace` on a JavaScript RegExp: XPath flags (`s m i x q`), `$n` group references
 * and `\$` / `\\` escapes in the replacement. Used by the `ml.replace-regex` built-in.
 */
import { invalidContent } from './xs-values';

export function xpathReplace(value: string, pattern: string, replacement: string, flags: string): string {
  if (!/^[smixq]*$/.test(flags)) throw invalidContent(`invalid regular expression flags: ${flags}`);
  let source = pattern;
  if (flags.includes('q')) source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  else if (flags.includes('x')) source = stripRegexWhitespace(pattern);
  const jsFlags = `g${flags.includes('s') ? 's' : ''}${flags.includes('m') ? 'm' : ''}${flags.includes('i') ? 'i' : ''}`;
  let regex: RegExp;
  try {
    regex = new RegExp(source, `${jsFlags}u`);
  } catch {
    try {
      regex = new RegExp(source, jsFlags);
    } catch {
      throw invalidContent(`invalid regular expression: ${pattern}`);
    }
  }
  if (new RegExp(regex.source, regex.flags.replace('g', '')).test('')) {
    throw invalidContent(`regular expression matches a zero-length string: ${pattern}`);
  }
  const parts = flags.includes('q') ? [replacement] : parseReplacement(replacement);
  return value.replace(regex, (...match: unknown[]) => {
    // The callback gets (match, group 1…n, offset, input[, named groups]).
    const hasNamedGroups = typeof match[match.length - 1] === 'object';
    const groups = match.slice(0, match.length - (hasNamedGroups ? 3 : 2)) as (string | undefined)[];
    return parts.map((p) => (typeof p === 'string' ? p : groupValue(p.digits, groups))).join('');
  });
}

/** `$12` means group 12 if there are that many groups, else group 1 followed by "2"; a missing group is "". */
function groupValue(digits: string, groups: (string | undefined)[]): string {
  const groupCount = groups.length - 1;
  let n = digits.length;
  while (n > 1 && Number(digits.slice(0, n)) > groupCount) n--;
  const index = Number(digits.slice(0, n));
  const text = index <= groupCount ? (groups[index] ?? '') : ''; // $0 is the whole match
  return text + digits.slice(n);
}

function parseReplacement(replacement: string): (string | { digits: string })[] {
  const parts: (string | { digits: string })[] = [];
  let literal = '';
  for (let i = 0; i < replacement.length; i++) {
    const c = replacement[i];
    if (c === '\\') {
      const next = replacement[i + 1];
      if (next !== '\\' && next !== '$') throw invalidContent(`invalid replacement string: ${replacement}`);
      literal += next;
      i++;
    } else if (c === '$') {
      const digits = /^\d+/.exec(replacement.slice(i + 1))?.[0];
      if (!digits) throw invalidContent(`invalid replacement string: ${replacement}`);
      parts.push(literal, { digits });
      literal = '';
      i += digits.length;
    } else literal += c;
  }
  parts.push(literal);
  return parts;
}

/** The x flag: whitespace in the pattern is ignored, except inside a character class. */
function stripRegexWhitespace(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      out += c + (pattern[i + 1] ?? '');
      i++;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    if (!inClass && /\s/.test(c)) continue;
    out += c;
  }
  return out;
}
