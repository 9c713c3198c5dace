/**
 * How many triple patterns a SPARQL text holds, counted in one linear, non-recursive pass
 * and checked against `maxSparqlTriplePatterns`: Oxigraph's optimiser takes time
 * super-linear in them (one group of 256 patterns: 3 s, 512: 21 s; a collection of 200
 * items, 401 patterns: 5 s, of 400 a stack overflow), whether they sit in one group,
 * in sibling groups, in object lists, blank-node property lists or collections.
 * Figures: docs/decisions/0014-engine-traps.md.
 *
 * Counted: in each group `{ … }` and blank-node list `[ … ]`, every statement with a
 * term makes one pattern, and each `;` or `,` in it one more; a collection `( a b … )`
 * in a pattern makes two per item. Not counted: INSERT DATA / DELETE DATA blocks and
 * INSERT / DELETE / CONSTRUCT templates (data, not matched), VALUES tables, expressions
 * (`FILTER(…)`, `BIND(…)`, function arguments), anything outside a group. Strings, IRIs
 * and comments are skipped. A subquery's projection may count as one pattern more.
 */
import { limitError, limits } from '../limits';
import { afterString, endOf, IRIREF } from './text-scan';

const WORD = /[\p{L}\p{N}_:.\-%\\?$]+/uy;
const OPERATOR = /[|/^!=<>&+*-]+/y;
const KEYWORD = /^[A-Za-z]+$/;
const NOT_KEYWORDS = new Set(['a', 'true', 'false']);
// Keywords whose next term names a graph or service, not part of a pattern.
const NAMING = new Set(['GRAPH', 'SERVICE']);
const TEMPLATES = new Set(['INSERT', 'DELETE', 'CONSTRUCT']);

type Kind = 'group' | 'blank' | 'collection' | 'expression' | 'exempt';

interface Frame {
  kind: Kind;
  /** Terms of the current statement (group, blank) or items (collection). */
  terms: number;
  /** `;` and `,` in the current statement. */
  seps: number;
}

/** Throws 400 TABULA-LIMIT when `text` holds more than `maxSparqlTriplePatterns` triple patterns. */
export function checkSparqlPatterns(text: string, what: string): void {
  const frames: Frame[] = [{ kind: 'exempt', terms: 0, seps: 0 }];
  let patterns = 0;
  // The next `{` opens a template, DATA block or VALUES table; inside VALUES' variable list until then.
  let exemptNext = false;
  let inValues = false;
  let skipTerm = false;
  // What came just before: a keyword, or a word with no space after it (`fn(` is a call).
  let afterKeyword = false;
  let adjacentWord = false;
  const top = () => frames[frames.length - 1];
  const add = (n: number): void => {
    patterns += n;
    if (patterns > limits.maxSparqlTriplePatterns) throw limitError('maxSparqlTriplePatterns', `${what}: triple patterns`);
  };
  const flush = (f: Frame): void => {
    if ((f.kind === 'group' || f.kind === 'blank') && f.terms > 0) add(1 + f.seps);
    f.terms = 0;
    f.seps = 0;
  };
  const term = (): void => {
    const f = top();
    if (skipTerm) skipTerm = false;
    else if (f.kind === 'group' || f.kind === 'blank' || f.kind === 'collection') f.terms++;
  };
  const open = (c: string): void => {
    const parent = top();
    let kind: Kind;
    if (parent.kind === 'exempt' && frames.length > 1) kind = 'exempt';
    else if (c === '{') kind = exemptNext ? 'exempt' : 'group';
    else if (inValues) kind = 'exempt';
    else if (parent.kind === 'expression' || parent.kind === 'exempt') kind = 'expression';
    else if (c === '[') kind = 'blank';
    else kind = afterKeyword || adjacentWord ? 'expression' : 'collection';
    if (c === '{') {
      flush(parent);
      exemptNext = false;
      inValues = false;
    } else if (kind !== 'expression') {
      term();
    }
    frames.push({ kind, terms: 0, seps: 0 });
  };
  const close = (): void => {
    if (frames.length === 1) return;
    const f = frames.pop()!;
    if (f.kind === 'collection') add(2 * f.terms);
    else flush(f);
  };
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    let keyword = false;
    let word = false;
    if (c === '#') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
    } else if (c === '"' || c === "'") {
      term();
      i = afterString(text, i);
    } else if (c === '{' || c === '(' || c === '[') {
      open(c);
      i++;
    } else if (c === '}' || c === ')' || c === ']') {
      close();
      i++;
    } else if (c === '.') {
      flush(top());
      i++;
    } else if (c === ';' || c === ',') {
      if (top().terms > 0) top().seps++;
      i++;
    } else if (c === '<' && endOf(IRIREF, text, i) > i) {
      term();
      i = endOf(IRIREF, text, i);
    } else if (endOf(OPERATOR, text, i) > i) {
      i = endOf(OPERATOR, text, i);
    } else if (endOf(WORD, text, i) > i) {
      const end = endOf(WORD, text, i);
      const statementEnd = text[end - 1] === '.';
      const w = text.slice(i, statementEnd ? end - 1 : end);
      i = end;
      if (KEYWORD.test(w) && !NOT_KEYWORDS.has(w)) {
        keyword = true;
        const k = w.toUpperCase();
        flush(top());
        if (NAMING.has(k)) skipTerm = true;
        else if (TEMPLATES.has(k) || k === 'DATA') exemptNext = true;
        else if (k === 'WHERE') exemptNext = false;
        else if (k === 'VALUES') {
          exemptNext = true;
          inValues = true;
        }
      } else if (w !== '' && !inValues) {
        term();
      }
      word = !statementEnd;
      if (statementEnd) flush(top());
    } else {
      i++;
    }
    if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') {
      afterKeyword = keyword;
      adjacentWord = word;
    } else {
      adjacentWord = false;
    }
  }
}
