/**
 * The search benchmark's documents: ~1 KB JSON records of English-looking text, made by
 * a seeded generator so the API runs and the in-page FlexSearch baseline see exactly
 * the same data, run after run.
 *
 * Words follow a Zipf-like law (weight 1/rank) over the vocabulary of search-words.ts:
 * function words are the most frequent ranks, and the content words (in a seeded order)
 * run from common to rare, so a query term can be picked for the share of documents it
 * hits. A quarter of the sentences carry a collocation ("customer service") so phrase
 * queries have real hits. Each record also has a category (a dozen values, skewed), a
 * decimal price (log-uniform, 1–1000), a date, an author, a rating and tags; it lands
 * in one of four collections.
 *
 * Document `i` depends only on `i` (its own PRNG stream), so the first n documents are
 * the same whatever the total.
 */
import { random } from './random';
import { COLLOCATIONS, vocabulary } from './search-words';

/** MarkLogic's root collation: the category index and constraint use it. */
export const ROOT_COLLATION = 'http://marklogic.com/collation/';

export const CATEGORIES = ['books', 'electronics', 'garden', 'kitchen', 'travel', 'sports', 'music', 'health', 'toys', 'automotive', 'fashion', 'office'];
export const COLLECTIONS = ['source/news', 'source/reviews', 'source/manuals', 'source/forum'];

/** The price facet's buckets (bounds as the options write them: ge inclusive, lt exclusive). */
export const PRICE_BUCKETS: Array<{ name: string; label: string; ge?: string; lt?: string }> = [
  { name: 'under10', label: 'Under 10', lt: '10' },
  { name: '10to25', label: '10 to 25', ge: '10', lt: '25' },
  { name: '25to50', label: '25 to 50', ge: '25', lt: '50' },
  { name: '50to100', label: '50 to 100', ge: '50', lt: '100' },
  { name: '100to250', label: '100 to 250', ge: '100', lt: '250' },
  { name: '250up', label: '250 and up', ge: '250' },
];

const FIRST_NAMES = 'Ada Alan Alice Amir Ana Ben Carla Chen Dana David Elena Emma Farid Grace Hana Ivan Jonas Julia Kofi Lara Leo Maria Mei Nina Omar Paula Ravi Sara Tom Yuki'.split(' ');
const LAST_NAMES = 'Adams Baker Costa Diaz Evans Fischer Garcia Hughes Ito Jensen Khan Lopez Martin Novak Okafor Patel Quinn Rossi Silva Tanaka Umar Varga Walsh Xu Young Zhang Berg Moreau Kowalski Nguyen'.split(' ');

const SEED = 20_240_404;

export interface SearchDocument {
  uri: string;
  /** The JSON text sent to the API (about 1 KB). */
  text: string;
  collection: string;
  category: string;
  price: number;
  /** Every string value of the record, space-separated: what the FlexSearch baseline indexes. */
  plainText: string;
}

/** A sampler of ranks 0..n-1 with weight 1/(rank+1)^s. */
function zipf(n: number, s: number): (u: number) => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let r = 0; r < n; r++) cdf[r] = sum += 1 / (r + 1) ** s;
  for (let r = 0; r < n; r++) cdf[r] /= sum;
  return (u) => {
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

interface Model {
  /** Function words, then the content words in seeded order: the Zipf ranks. */
  ranked: string[];
  content: string[];
  word: (u: number) => number;
  contentWord: (u: number) => number;
  collocation: (u: number) => number;
  category: (u: number) => number;
}

let model: Model | undefined;

function getModel(): Model {
  if (model) return model;
  const { functionWords, contentWords } = vocabulary();
  // The word lists are grouped by theme; a seeded shuffle spreads each theme over the ranks.
  const next = random(SEED);
  const content = [...contentWords];
  for (let i = content.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [content[i], content[j]] = [content[j], content[i]];
  }
  const ranked = [...functionWords, ...content];
  model = {
    ranked,
    content,
    word: zipf(ranked.length, 1),
    contentWord: zipf(content.length, 1),
    collocation: zipf(COLLOCATIONS.length, 1),
    category: zipf(CATEGORIES.length, 0.7),
  };
  return model;
}

/**
 * The query terms, by rank among the content words (0 = the most frequent content word):
 * chosen for the share of documents they hit (measured on the first 5,000, stems
 * included) — a mid-frequency word in ~9% of documents, two words whose AND hits ~1.6%,
 * a collocation in ~14%, and for the constraint query a word in ~15% within the second
 * most common category (~14%), together ~2.3%; `tenth`, a word in ~10% (on the first 20,000,
 * stems included: its stem has no other form in the vocabulary).
 */
export function queryTerms(): { single: string; pair: [string, string]; phrase: string; constraintWord: string; category: string; tenth: string } {
  const m = getModel();
  return {
    single: m.content[100],
    pair: [m.content[40], m.content[60]],
    phrase: COLLOCATIONS[4],
    constraintWord: m.content[25],
    category: CATEGORIES[1],
    tenth: m.content[81],
  };
}

export interface SearchQuery {
  name: string;
  kind: string;
  q: string;
  /** The same words for FlexSearch (AND of terms), when it can answer the query at all. */
  baseline?: string;
}

/** The search section's query mix, over {@link queryTerms}. */
export function searchQueries(): SearchQuery[] {
  const t = queryTerms();
  return [
    { name: 'one-term', kind: 'a mid-frequency word', q: t.single, baseline: t.single },
    { name: 'two-term-and', kind: 'two words, AND', q: t.pair.join(' '), baseline: t.pair.join(' ') },
    { name: 'phrase', kind: 'a two-word phrase', q: `"${t.phrase}"` },
    { name: 'constraint', kind: 'category range constraint AND a word', q: `category:${t.category} ${t.constraintWord}` },
    { name: 'near', kind: 'two words within 10 words of each other', q: `${t.pair[0]} NEAR ${t.pair[1]}` },
    { name: 'one-term-10pct', kind: 'a word in ~10% of the documents', q: t.tenth, baseline: t.tenth },
  ];
}

const capitalise = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

export function searchDocument(prefix: string, i: number): SearchDocument {
  const m = getModel();
  const next = random(SEED + 1 + i);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));

  const title = Array.from({ length: int(4, 8) }, () => capitalise(m.content[m.contentWord(next())])).join(' ');
  const sentences: string[] = [];
  let length = 0;
  while (length < 780) {
    const words = Array.from({ length: int(5, 16) }, () => m.ranked[m.word(next())]);
    if (next() < 0.25) words.splice(int(0, words.length), 0, COLLOCATIONS[m.collocation(next())]);
    const sentence = `${capitalise(words.join(' '))}.`;
    sentences.push(sentence);
    length += sentence.length + 1;
  }
  const category = CATEGORIES[m.category(next())];
  const price = Math.round(Math.exp(next() * Math.log(1000)) * 100) / 100;
  const day = new Date(Date.UTC(2015, 0, 1) + Math.floor(next() * 11 * 365.25) * 86_400_000);
  const record = {
    id: i,
    title,
    author: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
    category,
    price,
    date: day.toISOString().slice(0, 10),
    rating: int(1, 5),
    tags: Array.from({ length: 3 }, () => m.content[m.contentWord(next())]),
    body: sentences.join(' '),
  };
  return {
    uri: `${prefix}${i}.json`,
    text: JSON.stringify(record),
    collection: pick(COLLECTIONS),
    category,
    price,
    plainText: [record.title, record.author, record.category, record.date, ...record.tags, record.body].join(' '),
  };
}

const cache = new Map<string, SearchDocument[]>();

/** The first `count` documents under `prefix`, generated once per page and kept (generation is never timed). */
export function searchDocuments(prefix: string, count: number): SearchDocument[] {
  const key = `${prefix} ${count}`;
  let docs = cache.get(key);
  if (!docs) {
    docs = Array.from({ length: count }, (_, i) => searchDocument(prefix, i));
    cache.set(key, docs);
  }
  return docs;
}

/** The bucket a price falls in, by the same bounds the options give the API. */
export function priceBucket(price: number): string {
  const b = PRICE_BUCKETS.find((x) => (x.ge === undefined || price >= Number(x.ge)) && (x.lt === undefined || price < Number(x.lt)));
  if (!b) throw new Error(`no price bucket for ${price}`);
  return b.name;
}
