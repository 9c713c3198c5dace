/**
 * How one word of a query matches words of documents: by folded key, by stem, or by a
 * wildcard pattern — over the forward index's term ids (fast, case- and
 * diacritic-insensitive), and over surface text when the query asks for case or
 * diacritic sensitivity (checked against the stored document).
 */
import { foldKey, lowerKey, stemKey, undiacriticKey } from './analyze';
import type { TextCorpus } from './corpus';
import { effectiveTermOptions, type TermOptions } from './query-model';

const QUERY_WORD = /[\p{L}\p{N}\p{M}]+/gu;
const WILDCARD_WORD = /[\p{L}\p{N}\p{M}*?]+/gu;

export interface WordMatcher {
  /** The query word as written. */
  text: string;
  /** Keys to look up in the term index; their union holds every candidate. */
  keys: string[];
  /** The folded term ids that match (insensitively). */
  ids: ReadonlySet<number>;
  /** Whether a document word (by folded term id) matches, insensitively. */
  matchesTerm(id: number): boolean;
  /** Whether a document word as written matches, with case and diacritic sensitivity applied. */
  matchesSurface(word: string): boolean;
  /** True when {@link matchesTerm} is not the whole truth (case or diacritic sensitive). */
  sensitive: boolean;
}

export interface PhraseMatcher {
  words: WordMatcher[];
  /** The options in force, resolved against the text (auto sensitivity). */
  options: ReturnType<typeof effectiveTermOptions>;
}

/** The matcher of a word or phrase query text; undefined when it has no words at all. */
export function phraseMatcher(corpus: TextCorpus, text: string, options: TermOptions, kind: 'word' | 'value'): PhraseMatcher | undefined {
  const eff = effectiveTermOptions(text, options, kind);
  const pattern = eff.wildcarded ? WILDCARD_WORD : QUERY_WORD;
  const words = [...text.matchAll(pattern)].map((m) => m[0]).filter((w) => /[\p{L}\p{N}]/u.test(w) || (eff.wildcarded && /[*?]/.test(w)));
  if (words.length === 0) return undefined;
  return { words: words.map((w) => wordMatcher(corpus, w, eff)), options: eff };
}

function wordMatcher(corpus: TextCorpus, word: string, eff: ReturnType<typeof effectiveTermOptions>): WordMatcher {
  const sensitive = eff.caseSensitive || eff.diacriticSensitive;
  const surfaceKey = (w: string) => (eff.caseSensitive && eff.diacriticSensitive ? w.normalize('NFC') : eff.caseSensitive ? undiacriticKey(w) : eff.diacriticSensitive ? lowerKey(w) : foldKey(w));
  if (eff.wildcarded && /[*?]/.test(word)) {
    const re = wildcardRegExp(foldKey(word));
    const keys = corpus.terms.keys((k) => !k.startsWith('\u0001') && re.test(k));
    const ids = new Set(keys.map((k) => corpus.knownTerm(k)).filter((id): id is number => id !== undefined));
    const surface = wildcardRegExp(surfaceKey(word));
    return { text: word, keys, ids, matchesTerm: (id) => ids.has(id), matchesSurface: (w) => surface.test(surfaceKey(w)), sensitive };
  }
  const folded = foldKey(word);
  const surface = surfaceKey(word);
  if (eff.stemmed) {
    const stem = stemKey(folded);
    const ids = new Set(corpus.wordsWithStem(stem));
    return {
      text: word,
      keys: [...ids].map((id) => corpus.termText(id)),
      ids,
      matchesTerm: (id) => ids.has(id),
      // Stemming works on folded forms; sensitivity then asks the surface to agree too.
      matchesSurface: (w) => stemKey(foldKey(w)) === stem && (!sensitive || sameBesidesStem(surfaceKey(w), surface)),
      sensitive,
    };
  }
  const id = corpus.knownTerm(folded);
  const ids = new Set(id === undefined ? [] : [id]);
  return { text: word, keys: [folded], ids, matchesTerm: (t) => t === id, matchesSurface: (w) => surfaceKey(w) === surface, sensitive };
}

/**
 * With stemming and case sensitivity, "Running" matches "Runs" but not "runs": the
 * words must agree in case (and diacritics) where they overlap.
 */
function sameBesidesStem(a: string, b: string): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i].toLowerCase() !== b[i].toLowerCase()) return true; // past the shared stem
    if (a[i] !== b[i]) return false;
  }
  return true;
}

/** `*` any run of characters, `?` one character; the rest literal. */
export function wildcardRegExp(pattern: string): RegExp {
  const body = [...pattern].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${body}$`, 'u');
}
