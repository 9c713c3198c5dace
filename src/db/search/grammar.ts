/**
 * The string query grammar (MarkLogic’s Search Developer’s Guide, string query grammar): the `q` text of a search → the query model.
 *
 * A tokenizer and a hand-written precedence-climbing parser, both driven by a compiled
 * grammar: MarkLogic's default one (plus a `NOT` prefix, which the issue asks for) or the
 * options' own `grammar`. A given grammar replaces the default key by key (`quotation`,
 * `implicit`, `starter`, `joiner`), so a set dumped from a real server, which always spells
 * out all four, behaves exactly as written, and a set that only changes the quotation mark
 * keeps the usual operators.
 *
 * Choices the digest leaves open, decided here:
 * - Malformed text is a 400 (REST-INVALIDPARAM) naming the problem and its 1-based
 *   character position, rather than MarkLogic's silent best effort: a search box that
 *   quietly drops `AND` from `a AND` shows results the user did not ask for.
 * - `name:value` with an undefined name is a 400 (constraints.ts), not a term with a colon.
 * - Constraint joiners bind to the term right before them whatever their strength: they
 *   are the tightest operators of any useful grammar, and binding them in the operand
 *   parser is what makes `-tag:x` and `a tag:x` mean what they look like.
 * - A constraint value may contain the joiner (`coll:http://example.org/`, `time GT 12:30`)
 *   and may follow it after spaces (`tag: x`).
 * - `name:(a OR b)` applies the constraint to each term in the group; on container,
 *   element-query and properties constraints the group is matched inside the scope
 *   instead, so `addr:(city street)` means both words in the same address.
 * - Terms that are only punctuation (`-` in `a - b`, `,`) carry no words and are dropped,
 *   so punctuation-only text is the empty query.
 */
import { DbError } from '../errors';
import type { GrammarDef, QueryOptions } from '../options/types';
import { constraintKind, constraintScopedQuery, constraintTextQuery, rangeConstraintQuery, requireConstraint, termOptionsOf } from './constraints';
import type { Query, RangeOperator } from './query-model';
import { limitError, limits } from '../limits';

/** MarkLogic's default grammar (search:get-default-options), plus a word prefix `NOT`. */
export const DEFAULT_GRAMMAR: GrammarDef = {
  quotation: '"',
  implicit: '<cts:and-query strength="20" xmlns:cts="http://marklogic.com/cts"/>',
  starter: [
    { label: '(', strength: 30, apply: 'grouping', delimiter: ')' },
    { label: '-', strength: 40, apply: 'prefix', 'cts-element': 'cts:not-query' },
    { label: 'NOT', strength: 40, apply: 'prefix', 'cts-element': 'cts:not-query', tokenize: 'word' },
  ],
  joiner: [
    { label: 'OR', strength: 10, apply: 'infix', 'cts-element': 'cts:or-query', tokenize: 'word' },
    { label: 'AND', strength: 20, apply: 'infix', 'cts-element': 'cts:and-query', tokenize: 'word' },
    { label: 'NEAR', strength: 30, apply: 'infix', 'cts-element': 'cts:near-query', tokenize: 'word' },
    { label: 'NEAR/', strength: 30, apply: 'near2', 'cts-element': 'cts:near-query', consume: 2 },
    { label: 'BOOST', strength: 32, apply: 'boost', 'cts-element': 'cts:boost-query', tokenize: 'word' },
    { label: 'NOT_IN', strength: 35, apply: 'not-in', 'cts-element': 'cts:not-in-query', tokenize: 'word' },
    { label: ':', strength: 50, apply: 'constraint' },
    { label: 'LT', strength: 50, apply: 'constraint', compare: 'LT', tokenize: 'word' },
    { label: 'LE', strength: 50, apply: 'constraint', compare: 'LE', tokenize: 'word' },
    { label: 'GT', strength: 50, apply: 'constraint', compare: 'GT', tokenize: 'word' },
    { label: 'GE', strength: 50, apply: 'constraint', compare: 'GE', tokenize: 'word' },
    { label: 'NE', strength: 50, apply: 'constraint', compare: 'NE', tokenize: 'word' },
  ],
};

/** cts:near-query's default distance, which plain `NEAR` uses. */
const NEAR_DISTANCE = 10;

export type JoinerApply = 'and' | 'or' | 'near' | 'and-not' | 'boost' | 'not-in' | 'constraint';

export interface Joiner {
  label: string;
  strength: number;
  apply: JoinerApply;
  /** Recognised only as a whole word (`OR`), not inside one (`:`). */
  word: boolean;
  /** `NEAR/n`: the distance is written right after the label. */
  near2: boolean;
  compare?: RangeOperator;
}

interface Prefix {
  label: string;
  strength: number;
  word: boolean;
}

interface Grouping {
  label: string;
  delimiter: string;
}

interface Grammar {
  quotation: string;
  implicit: { apply: 'and' | 'or'; strength: number };
  groups: Grouping[];
  prefixes: Prefix[];
  joiners: Joiner[];
}

/** A piece of query text, with its 0-based [start, end) offsets (for highlighting too). */
export type QueryTextToken =
  | { type: 'term'; text: string; start: number; end: number }
  /** `closed` is false when the text ends before the closing quotation mark. */
  | { type: 'phrase'; text: string; start: number; end: number; closed: boolean }
  | { type: 'open'; label: string; delimiter: string; start: number; end: number }
  | { type: 'close'; label: string; start: number; end: number }
  | { type: 'prefix'; label: string; strength: number; start: number; end: number }
  /** `label` is the text as written (`NEAR/3`); `distance` is NaN when `NEAR/` is not followed by a whole number. */
  | { type: 'joiner'; label: string; joiner: Joiner; distance?: number; start: number; end: number };

const COMPARE_OPERATORS = new Set<RangeOperator>(['LT', 'LE', 'GT', 'GE', 'EQ', 'NE']);

const INFIX_ELEMENTS: Record<string, JoinerApply> = {
  'cts:or-query': 'or',
  'cts:and-query': 'and',
  'cts:near-query': 'near',
  'cts:and-not-query': 'and-not',
};

function grammarError(problem: string): DbError {
  return new DbError('RESTAPI-INVALIDCONTENT', `Invalid options grammar: ${problem}`);
}

function checkLabel(label: unknown, strength: unknown, what: string): void {
  if (typeof label !== 'string' || label.trim() === '' || /\s/.test(label)) throw grammarError(`${what} needs a label without spaces`);
  if (typeof strength !== 'number' || !Number.isFinite(strength)) throw grammarError(`${what} ${label} needs a numeric strength`);
}

/** `<cts:and-query strength="20" …/>` (how options spell the implicit joiner) → what it does. */
function compileImplicit(implicit: string): Grammar['implicit'] {
  const kind = /(and|or)-query\b/.exec(implicit)?.[1];
  if (kind !== 'and' && kind !== 'or') throw grammarError(`implicit must be a cts:and-query or cts:or-query, not ${implicit}`);
  const strength = /\bstrength\s*=\s*["']([0-9.]+)["']/.exec(implicit)?.[1];
  return { apply: kind, strength: strength === undefined ? 20 : Number(strength) };
}

function compileGrammar(def: GrammarDef): Grammar {
  const groups: Grouping[] = [];
  const prefixes: Prefix[] = [];
  for (const s of def.starter ?? DEFAULT_GRAMMAR.starter ?? []) {
    checkLabel(s.label, s.strength, 'starter');
    if (s.apply === 'grouping') {
      if (!s.delimiter) throw grammarError(`grouping starter ${s.label} needs a delimiter`);
      groups.push({ label: s.label, delimiter: s.delimiter });
    } else if (s.apply === 'prefix') {
      if (s['cts-element'] !== undefined && s['cts-element'] !== 'cts:not-query') {
        throw grammarError(`prefix starter ${s.label}: only cts:not-query is supported, not ${s['cts-element']}`);
      }
      prefixes.push({ label: s.label, strength: s.strength, word: s.tokenize === 'word' });
    } else {
      throw grammarError(`starter ${s.label}: apply ${s.apply} is not supported (grouping or prefix)`);
    }
  }
  const joiners: Joiner[] = [];
  for (const j of def.joiner ?? DEFAULT_GRAMMAR.joiner ?? []) {
    checkLabel(j.label, j.strength, 'joiner');
    const base = { label: j.label, strength: j.strength, word: j.tokenize === 'word', near2: false };
    switch (j.apply) {
      case 'infix': {
        const apply = INFIX_ELEMENTS[j['cts-element'] ?? ''];
        if (!apply) throw grammarError(`infix joiner ${j.label}: cts-element ${j['cts-element'] ?? '(none)'} is not supported`);
        joiners.push({ ...base, apply });
        break;
      }
      case 'near2':
        // The distance is glued to the label (`NEAR/3`), so the label is always a word start.
        joiners.push({ ...base, apply: 'near', word: true, near2: true });
        break;
      case 'boost':
      case 'not-in':
        joiners.push({ ...base, apply: j.apply });
        break;
      case 'constraint': {
        if (j.compare !== undefined && !COMPARE_OPERATORS.has(j.compare as RangeOperator)) {
          throw grammarError(`constraint joiner ${j.label}: compare ${j.compare} is not one of LT, LE, GT, GE, EQ, NE`);
        }
        joiners.push({ ...base, apply: 'constraint', ...(j.compare ? { compare: j.compare as RangeOperator } : {}) });
        break;
      }
      default:
        throw grammarError(`joiner ${j.label}: apply ${j.apply} is not supported`);
    }
  }
  const quotation = def.quotation ?? DEFAULT_GRAMMAR.quotation!;
  if (quotation === '' || /\s/.test(quotation)) throw grammarError('quotation must be a mark without spaces');
  return { quotation, implicit: compileImplicit(def.implicit ?? DEFAULT_GRAMMAR.implicit!), groups, prefixes, joiners };
}

const compiled = new WeakMap<GrammarDef, Grammar>();

function grammarOf(options: QueryOptions): Grammar {
  const def = options.grammar ?? DEFAULT_GRAMMAR;
  let grammar = compiled.get(def);
  if (!grammar) {
    grammar = compileGrammar(def);
    compiled.set(def, grammar);
  }
  return grammar;
}

/** Whether text carries anything a word index could hold (a letter or a digit). */
const hasWords = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);

const isSpace = (c: string): boolean => /\s/.test(c);

/**
 * The query text as tokens under the options' grammar. Never throws: an unclosed phrase
 * or a bad `NEAR/` distance is marked on its token and reported by the parser, so a
 * search box can highlight text that does not parse yet.
 */
export function queryTextTokens(text: string, options: QueryOptions = {}): QueryTextToken[] {
  return tokenize(text, grammarOf(options));
}

function tokenize(text: string, g: Grammar): QueryTextToken[] {
  const tokens: QueryTextToken[] = [];
  const symbolJoiners = g.joiners.filter((j) => !j.word).sort((a, b) => b.label.length - a.label.length);
  const wordJoiners = g.joiners.filter((j) => j.word && !j.near2);
  const near2Joiners = g.joiners.filter((j) => j.near2);
  const symbolPrefixes = g.prefixes.filter((p) => !p.word);
  const wordPrefixes = g.prefixes.filter((p) => p.word);
  const opens = [...g.groups].sort((a, b) => b.label.length - a.label.length);
  const closes = [...new Set(g.groups.map((x) => x.delimiter))].sort((a, b) => b.length - a.length);

  let i = 0;
  /** Whitespace was skipped since the last token. */
  let spaced = false;
  /** The next word was split off a prefix (`-OR`): it is a term, whatever it spells. */
  let afterPrefixSplit = false;
  /**
   * Prefixes split off one word so far (`---cat`), and where that word ends. Each split
   * rescans the rest of the word, so a long run would cost its length squared; a run
   * past `maxNestingDepth` nests too deep for the parser anyway and is refused here.
   */
  let prefixRun = 0;
  let splitWordEnd = -1;
  /** Groups open here: each is a level of nesting, so past the limit the text is refused before it is all read. */
  let openGroups = 0;

  const last = (): QueryTextToken | undefined => tokens[tokens.length - 1];
  const afterConstraint = (): boolean => {
    const t = last();
    return t?.type === 'joiner' && t.joiner.apply === 'constraint';
  };
  const push = (token: QueryTextToken): void => {
    tokens.push(token);
    i = token.end;
    spaced = false;
    if (token.type !== 'prefix') prefixRun = 0;
  };
  const symbolAt = (pos: number, inValue: boolean): boolean =>
    text.startsWith(g.quotation, pos) ||
    opens.some((o) => text.startsWith(o.label, pos)) ||
    closes.some((c) => text.startsWith(c, pos)) ||
    symbolJoiners.some((j) => text.startsWith(j.label, pos) && !(inValue && j.apply === 'constraint'));

  while (i < text.length) {
    if (isSpace(text[i])) {
      i++;
      spaced = true;
      afterPrefixSplit = false;
      continue;
    }
    const start = i;
    const isValue = afterConstraint();

    if (text.startsWith(g.quotation, i)) {
      const from = i + g.quotation.length;
      const close = text.indexOf(g.quotation, from);
      const closed = close >= 0;
      const inner = text.slice(from, closed ? close : text.length);
      const end = closed ? close + g.quotation.length : text.length;
      if (closed && !hasWords(inner) && !isValue) {
        i = end; // `""` or `"--"` says nothing; a constraint value may still be empty on purpose
        continue;
      }
      push({ type: 'phrase', text: inner, start, end, closed });
      afterPrefixSplit = false;
      continue;
    }
    const open = opens.find((o) => text.startsWith(o.label, i));
    if (open) {
      if (++openGroups > limits.maxNestingDepth) throw limitError('maxNestingDepth', 'string query');
      push({ type: 'open', label: open.label, delimiter: open.delimiter, start, end: i + open.label.length });
      continue;
    }
    const close = closes.find((c) => text.startsWith(c, i));
    if (close) {
      openGroups = Math.max(0, openGroups - 1);
      push({ type: 'close', label: close, start, end: i + close.length });
      continue;
    }
    const symbol = symbolJoiners.find((j) => text.startsWith(j.label, i));
    if (symbol) {
      push({ type: 'joiner', label: symbol.label, joiner: symbol, start, end: i + symbol.label.length });
      continue;
    }

    // The rest of a word a prefix was split off ends where the word did (outside a value,
    // where the scan that found it stopped at the same characters).
    let end = afterPrefixSplit && !isValue && splitWordEnd > i ? splitWordEnd : i + 1;
    while (end < text.length && !isSpace(text[end]) && !symbolAt(end, isValue)) end++;
    const word = text.slice(i, end);
    const literal = (isValue && !spaced) || afterPrefixSplit;
    afterPrefixSplit = false;

    if (!literal) {
      const joiner = wordJoiners.find((j) => j.label === word);
      if (joiner) {
        push({ type: 'joiner', label: word, joiner, start, end });
        continue;
      }
      const near2 = near2Joiners.find((j) => word.startsWith(j.label));
      if (near2) {
        const distance = word.slice(near2.label.length);
        push({ type: 'joiner', label: word, joiner: near2, distance: /^\d+$/.test(distance) ? Number(distance) : NaN, start, end });
        continue;
      }
      const wordPrefix = wordPrefixes.find((p) => p.label === word);
      if (wordPrefix) {
        push({ type: 'prefix', label: word, strength: wordPrefix.strength, start, end });
        continue;
      }
    }
    if (!(isValue && !spaced)) {
      // A prefix counts only when something follows it: `-cat`, `-"a b"`, `-(a b)`, `--cat`;
      // `- cat` and `-!` are punctuation, not negations.
      const prefix = symbolPrefixes.find((p) => word.startsWith(p.label));
      if (prefix) {
        const rest = word.slice(prefix.label.length);
        const opensNext = rest === '' && end < text.length && (text.startsWith(g.quotation, end) || opens.some((o) => text.startsWith(o.label, end)));
        if (hasWords(rest) || opensNext) {
          if (++prefixRun > limits.maxNestingDepth) throw limitError('maxNestingDepth', 'string query');
          push({ type: 'prefix', label: prefix.label, strength: prefix.strength, start, end: start + prefix.label.length });
          afterPrefixSplit = true;
          splitWordEnd = isValue ? -1 : end;
          continue;
        }
      }
    }
    if (!hasWords(word) && !isValue) {
      i = end;
      continue;
    }
    push({ type: 'term', text: word, start, end });
  }
  return tokens;
}

type Leaf = (text: string) => Query;

/**
 * Parses `text` (a search's `q`, or a combined query's `qtext`) under `options`, the
 * search's effective options: their `grammar`, their `term` settings (default term
 * options, the empty-query rule, a default constraint for bare terms) and their
 * constraints. Throws a 400 DbError for text that does not parse or names an unknown
 * constraint.
 */
export function parseQueryText(text: string, options: QueryOptions): Query {
  const grammar = grammarOf(options);
  const tokens = tokenize(text, grammar);
  if (tokens.length === 0) return options.term?.empty?.apply === 'no-results' ? { kind: 'false' } : { kind: 'true' };
  return new Parser(text, tokens, grammar, options).parse();
}

class Parser {
  private pos = 0;
  /**
   * Groups and prefixes open around the current operand: each is a level of recursion
   * here and in everything that walks the query, so they are held to `maxNestingDepth`.
   */
  private depth = 0;
  /** A bare term as a plain word query with the options' default term options. */
  private readonly wordLeaf: Leaf;
  /** What a bare term becomes here: a word query, or inside `name:( … )` the constraint's query. */
  private leaf: Leaf;

  constructor(
    private readonly text: string,
    private readonly tokens: QueryTextToken[],
    private readonly grammar: Grammar,
    private readonly options: QueryOptions,
  ) {
    const termOptions = termOptionsOf(options.term?.['term-option']);
    this.wordLeaf = (t) => ({ kind: 'word', text: [t], options: termOptions });
    this.leaf = this.defaultLeaf();
  }

  parse(): Query {
    const query = this.expression(-Infinity, null);
    const rest = this.peek();
    if (rest) {
      // expression() stops only at the end or at a delimiter nothing opened.
      throw this.fail(`unbalanced parentheses: ${this.labelOf(rest)} ${this.at(rest)} has no matching opening`);
    }
    return query;
  }

  /** `term.default` sends bare terms to a constraint (by `ref`, or defined inline). */
  private defaultLeaf(): Leaf {
    const def = this.options.term?.default;
    if (!def) return this.wordLeaf;
    if (typeof def.ref === 'string') {
      const ref = def.ref;
      requireConstraint(this.options, ref);
      return (t) => constraintTextQuery(this.options, ref, t);
    }
    const inline = { ...def, name: 'term default' };
    if (!constraintKind(inline)) return this.wordLeaf;
    const withDefault: QueryOptions = { ...this.options, constraint: [...(this.options.constraint ?? []), inline] };
    return (t) => constraintTextQuery(withDefault, inline.name, t);
  }

  private peek(): QueryTextToken | undefined {
    return this.tokens[this.pos];
  }

  private at(token: QueryTextToken): string {
    return `at character ${token.start + 1}`;
  }

  private fail(problem: string): DbError {
    return new DbError('REST-INVALIDPARAM', `Invalid string query ${JSON.stringify(this.text)}: ${problem}`);
  }

  private labelOf(token: QueryTextToken): string {
    return token.type === 'term' || token.type === 'phrase' ? JSON.stringify(token.text) : token.label;
  }

  /**
   * Operands joined by operators stronger than `above` (precedence climbing: an
   * operator's right operand takes only operators stronger than itself, so equal
   * strengths associate left). `after` is the operator waiting for this expression,
   * for error messages.
   */
  private expression(above: number, after: QueryTextToken | null): Query {
    let left = this.operand(after);
    /** `left` is a near query this loop built, which a following NEAR of the same distance extends. */
    let nearChain = false;
    for (;;) {
      const t = this.peek();
      if (!t || t.type === 'close') return left;
      let apply: JoinerApply;
      let strength: number;
      let distance = NEAR_DISTANCE;
      if (t.type === 'joiner') {
        if (t.joiner.apply === 'constraint') throw this.fail(`${t.label} ${this.at(t)} needs a constraint name right before it`);
        if (t.joiner.strength <= above) return left;
        if (t.joiner.near2) {
          if (!Number.isInteger(t.distance)) throw this.fail(`${t.label} ${this.at(t)}: the distance after ${t.joiner.label} must be a whole number`);
          distance = t.distance!;
        }
        apply = t.joiner.apply;
        strength = t.joiner.strength;
        this.pos++;
      } else {
        // Two operands side by side: the implicit joiner.
        if (this.grammar.implicit.strength <= above) return left;
        apply = this.grammar.implicit.apply;
        strength = this.grammar.implicit.strength;
      }
      const right = this.expression(strength, t.type === 'joiner' ? t : null);
      if (apply === 'near') {
        left = nearChain && left.kind === 'near' && left.distance === distance ? { ...left, queries: [...left.queries, right] } : { kind: 'near', queries: [left, right], distance };
        nearChain = true;
      } else {
        left = combine(apply, left, right);
        nearChain = false;
      }
    }
  }

  /** One operand: a term (maybe a constraint's name), a phrase, a group, or a prefix and its operand. */
  private operand(after: QueryTextToken | null): Query {
    const t = this.peek();
    if (!t || t.type === 'close') {
      if (after) throw this.fail(`${this.labelOf(after)} ${this.at(after)} has no operand after it`);
      // Empty text and `()` are caught before, so with no operator waiting this is a stray delimiter.
      if (t) throw this.fail(`unbalanced parentheses: ${t.label} ${this.at(t)} has no matching opening`);
      throw this.fail('the text has no operand');
    }
    switch (t.type) {
      case 'joiner':
        if (t.joiner.apply === 'constraint') throw this.fail(`${t.label} ${this.at(t)} needs a constraint name right before it`);
        if (after) throw this.fail(`${this.labelOf(after)} ${this.at(after)} has no operand after it`);
        throw this.fail(`${t.label} ${this.at(t)} has no operand before it`);
      case 'prefix': {
        this.pos++;
        return { kind: 'not', query: this.nested(() => this.expression(t.strength, t)) };
      }
      case 'phrase':
        this.pos++;
        return this.leaf(this.phraseText(t));
      case 'open':
        return this.group(t, this.leaf);
      case 'term': {
        this.pos++;
        const next = this.peek();
        if (next?.type === 'joiner' && next.joiner.apply === 'constraint') return this.constraint(t, next);
        return this.leaf(t.text);
      }
    }
  }

  /** `parse` one level deeper; past `maxNestingDepth`, 400 TABULA-LIMIT before recursing further. */
  private nested(parse: () => Query): Query {
    if (++this.depth > limits.maxNestingDepth) throw limitError('maxNestingDepth', 'string query');
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  private phraseText(t: QueryTextToken & { type: 'phrase' }): string {
    if (!t.closed) throw this.fail(`unbalanced quotation mark: the ${this.grammar.quotation} ${this.at(t)} is never closed`);
    return t.text;
  }

  /** `( … )`: its content, with bare terms made by `leaf`. */
  private group(open: QueryTextToken & { type: 'open' }, leaf: Leaf): Query {
    this.pos++;
    const first = this.peek();
    if (!first) throw this.fail(`unbalanced parentheses: the ${open.label} ${this.at(open)} is never closed`);
    if (first.type === 'close') throw this.fail(`empty parentheses ${open.label}${first.label} ${this.at(open)}`);
    const outer = this.leaf;
    this.leaf = leaf;
    let query: Query;
    try {
      query = this.nested(() => this.expression(-Infinity, null));
    } finally {
      this.leaf = outer;
    }
    const close = this.peek();
    if (!close) throw this.fail(`unbalanced parentheses: the ${open.label} ${this.at(open)} is never closed`);
    if (close.type !== 'close' || close.label !== open.delimiter) {
      throw this.fail(`${this.labelOf(close)} ${this.at(close)} does not close the ${open.label} ${this.at(open)}`);
    }
    this.pos++;
    return query;
  }

  /** `name:value`, `name:"a phrase"`, `name:( … )`, `name LT value`. */
  private constraint(name: QueryTextToken & { type: 'term' }, joinerToken: QueryTextToken & { type: 'joiner' }): Query {
    this.pos++;
    const { options } = this;
    const def = requireConstraint(options, name.text);
    const compare = joinerToken.joiner.compare;
    const leaf: Leaf = compare ? (t) => rangeConstraintQuery(options, name.text, compare, [t]) : (t) => constraintTextQuery(options, name.text, t);
    const value = this.peek();
    switch (value?.type) {
      case 'term':
        this.pos++;
        return leaf(value.text);
      case 'phrase':
        this.pos++;
        return leaf(this.phraseText(value));
      case 'open': {
        const kind = constraintKind(def);
        if (!compare && (kind === 'container' || kind === 'element-query' || kind === 'properties')) {
          return constraintScopedQuery(options, name.text, this.group(value, this.wordLeaf));
        }
        return this.group(value, leaf);
      }
      default: {
        const written = joinerToken.joiner.word ? `${name.text} ${joinerToken.label}` : `${name.text}${joinerToken.label}`;
        throw this.fail(`${written} ${this.at(name)} has no value after it`);
      }
    }
  }
}

/** Two operands under a joiner; nested and/or of the same kind flatten into one. */
function combine(apply: Exclude<JoinerApply, 'near' | 'constraint'>, left: Query, right: Query): Query {
  switch (apply) {
    case 'and':
    case 'or': {
      const parts = (q: Query): Query[] => (q.kind === apply ? q.queries : [q]);
      return { kind: apply, queries: [...parts(left), ...parts(right)] };
    }
    case 'and-not':
      return { kind: 'and-not', positive: left, negative: right };
    case 'boost':
      return { kind: 'boost', matching: left, boosting: right };
    case 'not-in':
      return { kind: 'not-in', positive: left, negative: right };
  }
}
