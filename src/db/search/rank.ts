/**
 * Relevance, in the shape of MarkLogic's `score-logtfidf` (MarkLogic’s REST API reference, /v1/search): every
 * positive word or phrase of the query contributes `8 × weight × logtf × idf` where it
 * occurs; score = 256 × Σ / Σ weight (+ 256 × quality-weight × quality); confidence and
 * fitness are that score against the largest a document could get (with the corpus's
 * largest IDF, and with the query's mean IDF), square-rooted into [0, 1]. A query with
 * no words (collection, range, everything) scores 0, as the real server's do.
 */
import type { PhraseMatcher } from './matchers';
import { phraseMatcher } from './matchers';
import { SET_CHUNK, type Evaluator } from './evaluate';
import type { Query, Scope } from './query-model';

/** MarkLogic's ceiling on log term frequency, used to bound confidence and fitness. */
const MAX_LOGTF = 18;

interface ScoringTerm {
  phrase: PhraseMatcher;
  frame: { target: 'content' | 'properties'; scopes: Scope[] };
  weight: number;
}

export interface Relevance {
  score: number;
  confidence: number;
  fitness: number;
}

/** The positive words and phrases of a query (not those under not, and-not's negative or not-in's negative). */
export function scoringTerms(q: Query, evaluator: Evaluator): ScoringTerm[] {
  const out: ScoringTerm[] = [];
  const walk = (q: Query, frame: ScoringTerm['frame']): void => {
    switch (q.kind) {
      case 'and':
      case 'or':
        q.queries.forEach((s) => walk(s, frame));
        return;
      case 'near':
        q.queries.forEach((s) => walk(s, frame));
        return;
      case 'boost':
        walk(q.matching, frame);
        walk(q.boosting, frame);
        return;
      case 'and-not':
      case 'not-in':
        walk(q.positive, frame);
        return;
      case 'container':
        walk(q.query, { ...frame, scopes: [...frame.scopes, q.scope] });
        return;
      case 'properties':
        walk(q.query, { target: 'properties', scopes: [] });
        return;
      case 'word': {
        const f = q.scope ? { ...frame, scopes: [...frame.scopes, q.scope] } : frame;
        for (const text of q.text) {
          const phrase = phraseMatcher(evaluator.corpusOf(f), text, q.options, 'word');
          if (phrase) out.push({ phrase, frame: f, weight: q.weight ?? 1 });
        }
        return;
      }
      case 'value': {
        const f = { ...frame, scopes: [...frame.scopes, q.scope] };
        for (const v of q.values) {
          if (typeof v !== 'string') continue;
          const phrase = phraseMatcher(evaluator.corpusOf(f), v, q.options, 'value');
          if (phrase) out.push({ phrase, frame: f, weight: q.weight ?? 1 });
        }
        return;
      }
      default:
        return;
    }
  };
  walk(q, { target: 'content', scopes: [] });
  return out;
}

/** Scores of the matching documents, aligned with `keys`; confidence and fitness on demand (the page's results only). */
export interface Ranking {
  scores: Float64Array;
  relevance(index: number): Relevance;
}

/** Scores of the matching documents. `quality(key)` gives a document's quality. */
export async function rank(
  keys: readonly number[],
  terms: ScoringTerm[],
  evaluator: Evaluator,
  corpusSize: number,
  qualityWeight: number,
  quality: (key: number) => number,
): Promise<Ranking> {
  const n = Math.max(corpusSize, 1);
  const idfs: number[] = [];
  for (const t of terms) idfs.push(Math.log(1 + n / Math.max(1, await evaluator.documentFrequency(t.frame, t.phrase))));
  const weights = terms.map((t) => t.weight);
  const weightSum = weights.reduce((s, w) => s + w, 0);
  const maxIdf = Math.log(1 + n);
  const meanIdf = idfs.length > 0 ? idfs.reduce((a, b) => a + b, 0) / idfs.length : 0;
  const bases = new Float64Array(keys.length);
  const scores = new Float64Array(keys.length);
  const frequencies: Float64Array[] = [];
  for (const t of terms) frequencies.push(await evaluator.frequencies(t.frame, keys, t.phrase));
  for (let k = 0; k < keys.length; k++) {
    if (k % SET_CHUNK === SET_CHUNK - 1) await evaluator.pace();
    const key = keys[k];
    let sum = 0;
    for (let i = 0; i < terms.length; i++) {
      const tf = frequencies[i][k];
      if (tf > 0) sum += 8 * weights[i] * (1 + Math.log(tf)) * idfs[i];
    }
    const base = weightSum > 0 ? (256 * sum) / weightSum : 0;
    bases[k] = base;
    scores[k] = Math.round(base + (qualityWeight === 0 ? 0 : 256 * qualityWeight * quality(key)));
  }
  const bound = (base: number, idf: number) => (idf > 0 ? Math.min(1, Math.sqrt(base / (256 * 8 * MAX_LOGTF * idf))) : 0);
  return {
    scores,
    relevance: (i) => ({ score: scores[i], confidence: bound(bases[i], maxIdf), fitness: bound(bases[i], meanIdf) }),
  };
}
