/**
 * Search suggestions (`/v1/suggest`, MarkLogic’s REST API reference, /v1/suggest): completions of the token at the cursor
 * (the end of the text by default) of a partial query text. A bare token completes from the options'
 * `default-suggestion-source` constraint when there is one, else from the word lexicon,
 * and also to constraint names (`tag:`); `name:prefix` completes from that constraint's
 * values (collection names, or the words of a word or value constraint's scope). Every
 * suggestion is the whole query text with the token replaced, values with spaces quoted,
 * in lexicon order, at most `limit`. Only words of documents the user may read (and that
 * match the `q` restrictions) are offered.
 */
import type { ConstraintDef, QueryOptions, RangeConstraintDef } from '../options/types';
import { constraintKind, findConstraint } from './constraints';
import type { Corpus } from './corpus';
import { foldKey } from './analyze';

export interface SuggestRequest {
  partial: string;
  /** Where the token to complete ends (default: the end of the text). */
  cursor?: number;
  limit: number;
  options: QueryOptions;
  /** Documents whose words may be offered (readable, and matching the `q` restrictions). */
  documents: ReadonlySet<number>;
  /** The values of a range index over `documents`, in index order (empty when there is no such index). */
  rangeValues?: (range: RangeConstraintDef, name: string) => string[];
  /**
   * The spellings (case, diacritics) a folded lexicon word has in the given documents, which
   * hold it. The term index keeps words folded; a suggestion keeps the case of the text it
   * comes from (`aSuggestA`, not `asuggesta`). Without it, the folded word is offered.
   */
  surfaces?: (folded: string, holders: number[]) => Promise<string[]>;
}

const isWordKey = (k: string) => !k.startsWith('~') && !k.startsWith('\u0001');

export async function suggest(corpus: Corpus, r: SuggestRequest): Promise<string[]> {
  const cursor = r.cursor ?? r.partial.length;
  const before = r.partial.slice(0, cursor);
  // The token at the cursor is completed from its text before the cursor and replaced whole;
  // the text after it stays as it was (`sil|ent ri` → `silent ri`, `silence ri`).
  const after = r.partial.slice(tokenEnd(r.partial, cursor));
  const start = tokenStart(before);
  const head = before.slice(0, start);
  const token = before.slice(start);
  const out: string[] = [];
  const add = (completion: string) => {
    if (out.length < r.limit) out.push(`${head}${completion}${after}`);
  };
  const colon = token.indexOf(':');
  if (colon > 0 && findConstraint(r.options, token.slice(0, colon))) {
    const name = token.slice(0, colon);
    const prefix = unquote(token.slice(colon + 1));
    for (const value of await constraintValues(corpus, r, name, prefix)) add(`${name}:${quoteIfNeeded(value)}`);
    return out;
  }
  const bare = unquote(token);
  const source = r.options['default-suggestion-source']?.ref;
  const values = source && findConstraint(r.options, source) ? await constraintValues(corpus, r, source, bare) : await lexiconWords(corpus, r, bare);
  const names = (r.options.constraint ?? []).map((c) => c.name).filter((n) => bare !== '' && n.toLowerCase().startsWith(bare.toLowerCase()));
  // Lexicon order across both kinds.
  for (const s of [...values.map(quoteIfNeeded), ...names.map((n) => `${n}:`)].sort(compareCodepoints)) add(s);
  return out;
}

/** Where the last token of `text` begins: after the last space outside quotes, or after an opening parenthesis. */
function tokenStart(text: string): number {
  let inQuote = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') inQuote = !inQuote;
    else if (!inQuote && (/\s/.test(c) || c === '(')) start = i + 1;
  }
  // A leading `-` (negation) is kept out of the token.
  return text[start] === '-' ? start + 1 : start;
}

/** Where the token holding `cursor` ends: at the next space or closing parenthesis outside quotes, or the end of the text. */
function tokenEnd(text: string, cursor: number): number {
  let inQuote = (text.slice(0, cursor).match(/"/g)?.length ?? 0) % 2 === 1;
  for (let i = cursor; i < text.length; i++) {
    const c = text[i];
    if (c === '"') inQuote = !inQuote;
    else if (!inQuote && (/\s/.test(c) || c === ')')) return i;
  }
  return text.length;
}

const unquote = (s: string) => s.replace(/^"/, '').replace(/"$/, '');
const quoteIfNeeded = (s: string) => (/[\s()"]/.test(s) ? `"${s.replace(/"/g, '')}"` : s);
const compareCodepoints = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Words of the readable documents starting with `prefix`, as they are written there (each spelling once), in lexicon order. */
async function lexiconWords(corpus: Corpus, r: SuggestRequest, prefix: string): Promise<string[]> {
  const folded = foldKey(prefix);
  if (folded === '') return [];
  const candidates = corpus.content.terms.keys((k) => isWordKey(k) && k.startsWith(folded) && k !== folded).sort(compareCodepoints);
  const words = firstIn(candidates, (k) => corpus.content.terms.lookup(k), r);
  if (!r.surfaces) return words;
  const out: string[] = [];
  for (const word of words) {
    const holders: number[] = [];
    for (const d of corpus.content.terms.lookup(word)) if (r.documents.has(d)) holders.push(d);
    const spelled = await r.surfaces(word, holders);
    out.push(...(spelled.length > 0 ? spelled : [word]));
  }
  return out.sort(compareCodepoints).slice(0, r.limit);
}

/** Keeps candidates (in order) held by some allowed document, until `limit`. */
function firstIn(candidates: string[], docsOf: (c: string) => Iterable<number>, r: SuggestRequest): string[] {
  const out: string[] = [];
  for (const c of candidates) {
    if (out.length >= r.limit) break;
    for (const d of docsOf(c)) {
      if (r.documents.has(d)) {
        out.push(c);
        break;
      }
    }
  }
  return out;
}

/**
 * The values `name:` completes to: from the options' `suggestion-source` for that name
 * (`ref`) when there is one — the official client sends its suggestBindings that way —
 * else from the constraint's own lexicon.
 */
async function constraintValues(corpus: Corpus, r: SuggestRequest, name: string, prefix: string): Promise<string[]> {
  const source = r.options['suggestion-source']?.find((s) => s.ref === name);
  const def = (source && constraintKind({ ...source, name }) ? { ...source, name } : findConstraint(r.options, name)!) as ConstraintDef;
  switch (constraintKind(def)) {
    case 'collection': {
      const base = def.collection?.prefix ?? '';
      const names = corpus
        .collectionNames()
        .filter((c) => c.startsWith(base + prefix))
        .sort(compareCodepoints);
      return firstIn(names, (c) => corpus.collection(c), r).map((c) => c.slice(base.length));
    }
    case 'range': {
      // The index's values: what a range constraint can be compared with.
      const values = r.rangeValues?.(def.range!, name) ?? [];
      const folded = prefix.toLowerCase();
      return values.filter((v) => v.toLowerCase().startsWith(folded)).slice(0, r.limit);
    }
    default:
      // Word, value and container constraints: the words under the constraint's scope would
      // need a per-scope lexicon; the word lexicon is the honest approximation Tabula offers.
      return lexiconWords(corpus, r, prefix);
  }
}
