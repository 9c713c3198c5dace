/**
 * A JSON parser that keeps where every value and key is in the text, so the editor can
 * mark the exact place a problem is about — a syntax error, a duplicate key, or the
 * constraint a server refusal names — and insert snippets without reformatting what the
 * person wrote. `JSON.parse` gives neither positions (only, in some engines, an offset
 * in its message) nor duplicate keys, which it silently resolves to the last one.
 *
 * Strict RFC 8259 JSON: no comments, no trailing commas, no single quotes.
 */

interface Span {
  /** Offset of the first character. */
  from: number;
  /** Offset after the last character. */
  to: number;
}

export interface JsonMember {
  key: string;
  /** The key with its quotes. */
  keySpan: Span;
  value: JsonNode;
}

export type JsonNode = Span &
  (
    | { kind: 'object'; members: JsonMember[] }
    | { kind: 'array'; items: JsonNode[] }
    | { kind: 'string'; value: string }
    | { kind: 'number'; value: number }
    | { kind: 'boolean'; value: boolean }
    | { kind: 'null' }
  );

export type JsonObjectNode = Extract<JsonNode, { kind: 'object' }>;
export type JsonArrayNode = Extract<JsonNode, { kind: 'array' }>;

export class JsonSyntaxError extends Error {
  override readonly name = 'JsonSyntaxError';
  constructor(
    message: string,
    readonly from: number,
    readonly to: number,
  ) {
    super(message);
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The positioned tree of `text`, or a {@link JsonSyntaxError} at the first mistake. */
export function parseJsonWithPositions(text: string): JsonNode {
  let i = 0;

  const fail = (message: string, from = i, to = Math.min(from + 1, text.length)): never => {
    throw new JsonSyntaxError(message, from, to);
  };
  const describe = (at: number) => (at >= text.length ? 'the end of the text' : `"${text[at]}"`);
  const skip = () => {
    while (i < text.length && WHITESPACE.has(text[i])) i++;
  };

  const string = (): { value: string; from: number; to: number } => {
    const from = i;
    i++; // the opening quote
    let value = '';
    while (true) {
      if (i >= text.length) fail('Unterminated string', from, text.length);
      const c = text[i];
      if (c === '"') break;
      if (c === '\\') {
        const e = text[i + 1];
        if (e === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('Bad \\u escape: it takes four hexadecimal digits', i, Math.min(i + 6, text.length));
          value += String.fromCharCode(parseInt(hex, 16));
          i += 6;
        } else if (e !== undefined && e in ESCAPES) {
          value += ESCAPES[e];
          i += 2;
        } else {
          fail(`Bad escape \\${e ?? ''} in a string`, i, Math.min(i + 2, text.length));
        }
        continue;
      }
      if (c < ' ') fail(c === '\n' ? 'Unterminated string (a line break must be written \\n)' : 'A control character must be escaped in a string', i);
      value += c;
      i++;
    }
    i++; // the closing quote
    return { value, from, to: i };
  };

  const value = (): JsonNode => {
    skip();
    const from = i;
    const c = text[i];
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"') {
      const s = string();
      return { kind: 'string', value: s.value, from, to: s.to };
    }
    if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (!m || m[0] === '-') fail('Bad number', from);
      i += m![0].length;
      if (i < text.length && /[0-9.eE]/.test(text[i])) fail('Bad number (no leading zeros; digits after "." and "e")', from, i + 1);
      return { kind: 'number', value: Number(m![0]), from, to: i };
    }
    for (const [word, node] of [
      ['true', { kind: 'boolean', value: true }],
      ['false', { kind: 'boolean', value: false }],
      ['null', { kind: 'null' }],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return { ...node, from, to: i } as JsonNode;
      }
    }
    const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(i))?.[0];
    if (word) fail(`Unexpected word ${word}: a string needs double quotes`, from, from + word.length);
    return fail(`Expected a value, found ${describe(i)}`);
  };

  const object = (): JsonNode => {
    const from = i;
    i++;
    const members: JsonMember[] = [];
    skip();
    if (text[i] === '}') {
      i++;
      return { kind: 'object', members, from, to: i };
    }
    while (true) {
      skip();
      if (text[i] !== '"') {
        if (text[i] === '}' && members.length > 0) fail('Trailing comma before "}"', lastComma(i), lastComma(i) + 1);
        fail(`Expected a key in double quotes, found ${describe(i)}`);
      }
      const key = string();
      skip();
      if (text[i] !== ':') fail(`Expected ":" after the key "${key.value}", found ${describe(i)}`);
      i++;
      members.push({ key: key.value, keySpan: { from: key.from, to: key.to }, value: value() });
      skip();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return { kind: 'object', members, from, to: i };
      }
      fail(`Expected "," or "}" after a member, found ${describe(i)}`);
    }
  };

  const array = (): JsonNode => {
    const from = i;
    i++;
    const items: JsonNode[] = [];
    skip();
    if (text[i] === ']') {
      i++;
      return { kind: 'array', items, from, to: i };
    }
    while (true) {
      skip();
      if (text[i] === ']' && items.length > 0) fail('Trailing comma before "]"', lastComma(i), lastComma(i) + 1);
      items.push(value());
      skip();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') {
        i++;
        return { kind: 'array', items, from, to: i };
      }
      fail(`Expected "," or "]" after an item, found ${describe(i)}`);
    }
  };

  const lastComma = (before: number) => text.lastIndexOf(',', before);

  const root = value();
  skip();
  if (i < text.length) fail(`Unexpected ${describe(i)} after the end of the JSON value`);
  return root;
}

/** The plain value of a node, as `JSON.parse` would give it (the last of duplicate keys wins there too). */
export function jsonValue(node: JsonNode): unknown {
  switch (node.kind) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const m of node.members) out[m.key] = jsonValue(m.value);
      return out;
    }
    case 'array':
      return node.items.map(jsonValue);
    case 'null':
      return null;
    default:
      return node.value;
  }
}

/** The member of an object node named `key` (the first, when a key is repeated). */
export function memberOf(node: JsonNode | undefined, key: string): JsonMember | undefined {
  return node?.kind === 'object' ? node.members.find((m) => m.key === key) : undefined;
}

/** Every key given more than once in an object, anywhere in the tree: each repeat after the first. */
export function duplicateKeys(node: JsonNode): JsonMember[] {
  const out: JsonMember[] = [];
  const visit = (n: JsonNode) => {
    if (n.kind === 'object') {
      const seen = new Set<string>();
      for (const m of n.members) {
        if (seen.has(m.key)) out.push(m);
        seen.add(m.key);
        visit(m.value);
      }
    } else if (n.kind === 'array') {
      n.items.forEach(visit);
    }
  };
  visit(node);
  return out;
}
