/**
 * What a runner needs to know about a query or update before sending it, read off
 * its tokens (no full parser: the suite's point is to test the endpoint's parser,
 * and several W3C queries are beyond sparqljs): the query form, the FROM / FROM
 * NAMED graphs, whether the outermost query has ORDER BY, and which dataset keywords
 * (WITH, USING) and WHERE clauses an update holds.
 */

export interface Token {
  /** `word` (keyword or prefixed name), `iri` (resolved), `var`, `string`, `punct`. */
  kind: 'word' | 'iri' | 'var' | 'string' | 'punct';
  text: string;
  /** Brace depth: 0 outside every group. */
  depth: number;
}

export interface QueryShape {
  form?: 'SELECT' | 'ASK' | 'CONSTRUCT' | 'DESCRIBE';
  from: string[];
  fromNamed: string[];
  /** ORDER BY on the outermost query (a subquery's does not order the result). */
  orderBy: boolean;
}

export interface UpdateShape {
  /** Some operation carries WITH, USING or USING NAMED. */
  datasetClause: boolean;
  /** Some operation reads a pattern (DELETE/INSERT … WHERE, DELETE WHERE). */
  readsPattern: boolean;
}

// eslint-disable-next-line no-control-regex -- IRIREF excludes exactly the characters U+0000 to U+0020
const IRIREF = /^<([^<>"{}|^`\\\u0000-\u0020]*)>/;
const PNAME = /^([A-Za-z\u00C0-\uFFFF][\w\u00B7\u00C0-\uFFFF.-]*)?:((?:[\w\u00B7\u00C0-\uFFFF:%-]|\\.|\.(?=[\w\u00B7\u00C0-\uFFFF:%-]))*)/;
const WORD = /^[A-Za-z_][A-Za-z0-9_]*/;
const VAR = /^[?$][\w\u00B7\u00C0-\uFFFF]+/;
const STRING = /^("""(?:[^"\\]|\\.|"(?!""))*"""|'''(?:[^'\\]|\\.|'(?!''))*'''|"(?:[^"\\\n\r]|\\.)*"|'(?:[^'\\\n\r]|\\.)*')/s;

/** Tokens of a query or update, IRIs and prefixed names resolved against `base` and the PREFIX/BASE declarations met so far. */
export function tokenize(text: string, base: string): Token[] {
  const tokens: Token[] = [];
  const prefixes = new Map<string, string>();
  let currentBase = base;
  let depth = 0;
  let i = 0;
  const push = (token: Token, length: number) => {
    tokens.push(token);
    i += length;
  };
  while (i < text.length) {
    const rest = text.slice(i);
    const previous = tokens[tokens.length - 1];
    let m: RegExpExecArray | null;
    if ((m = /^\s+/.exec(rest))) {
      i += m[0].length;
    } else if (rest[0] === '#') {
      const end = rest.search(/[\r\n]/);
      i += end < 0 ? rest.length : end;
    } else if ((m = STRING.exec(rest))) {
      push({ kind: 'string', text: m[0], depth }, m[0].length);
    } else if ((m = IRIREF.exec(rest))) {
      const value = resolve(m[1], currentBase);
      if (previous?.kind === 'word' && previous.text === 'BASE') currentBase = value;
      const declared = tokens[tokens.length - 2];
      if (declared?.kind === 'word' && declared.text === 'PREFIX' && previous?.kind === 'word') prefixes.set(previous.text.replace(/:$/, ''), value);
      push({ kind: 'iri', text: value, depth }, m[0].length);
    } else if ((m = VAR.exec(rest))) {
      push({ kind: 'var', text: m[0], depth }, m[0].length);
    } else if ((m = PNAME.exec(rest))) {
      const namespace = prefixes.get(m[1] ?? '');
      // The name a PREFIX declares, and names of undeclared prefixes, stay words.
      const declaring = previous?.kind === 'word' && previous.text === 'PREFIX';
      if (declaring || namespace === undefined) push({ kind: 'word', text: m[0], depth }, m[0].length);
      else push({ kind: 'iri', text: namespace + m[2].replace(/\\(.)/g, '$1'), depth }, m[0].length);
    } else if ((m = WORD.exec(rest))) {
      push({ kind: 'word', text: m[0].toUpperCase(), depth }, m[0].length);
    } else {
      if (rest[0] === '{') depth++;
      push({ kind: 'punct', text: rest[0], depth }, 1);
      if (rest[0] === '}') depth = Math.max(0, depth - 1);
    }
  }
  return tokens;
}

function resolve(relative: string, base: string): string {
  try {
    return new URL(relative, base).href;
  } catch {
    return relative;
  }
}

export function queryShape(text: string, base: string): QueryShape {
  const tokens = tokenize(text, base);
  const top = tokens.filter((t) => t.depth === 0);
  const form = top.find((t) => t.kind === 'word' && ['SELECT', 'ASK', 'CONSTRUCT', 'DESCRIBE'].includes(t.text))?.text as QueryShape['form'];
  const from: string[] = [];
  const fromNamed: string[] = [];
  for (let k = 0; k < top.length; k++) {
    if (top[k].kind !== 'word' || top[k].text !== 'FROM') continue;
    if (top[k + 1]?.kind === 'word' && top[k + 1].text === 'NAMED') {
      if (top[k + 2]?.kind === 'iri') fromNamed.push(top[k + 2].text);
    } else if (top[k + 1]?.kind === 'iri') from.push(top[k + 1].text);
  }
  const orderBy = top.some((t, k) => t.kind === 'word' && t.text === 'ORDER' && top[k + 1]?.text === 'BY');
  return { form, from, fromNamed, orderBy };
}

export function updateShape(text: string, base: string): UpdateShape {
  const top = tokenize(text, base).filter((t) => t.depth === 0 && t.kind === 'word');
  return {
    datasetClause: top.some((t) => t.text === 'WITH' || t.text === 'USING'),
    readsPattern: top.some((t) => t.text === 'WHERE'),
  };
}
