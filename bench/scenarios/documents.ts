/**
 * The benchmark's documents: ~1 KB JSON records, generated deterministically so every
 * scenario (through the API, or straight into IndexedDB) writes exactly the same data.
 */
import { random } from './random';

const WORDS = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua'.split(' ');

export interface BenchDocument {
  uri: string;
  /** The JSON text sent to the API (about 1 KB). */
  text: string;
}


export function benchDocument(prefix: string, i: number): BenchDocument {
  const next = random(i + 1);
  const words = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
  const value = {
    id: i,
    title: words(6),
    body: words(140).slice(0, 820),
    tags: [words(1), words(1), words(1)],
    price: Math.round(next() * 100_000) / 100,
    inStock: next() > 0.3,
  };
  return { uri: `${prefix}${i}.json`, text: JSON.stringify(value) };
}

export function benchDocuments(prefix: string, count: number): BenchDocument[] {
  return Array.from({ length: count }, (_, i) => benchDocument(prefix, i));
}
