/**
 * The BSBM-shaped dataset as the page holds it: generated once per size and kept, so
 * several scenarios in one page (and the chunking of each variant) reuse the same
 * lines. Generation is never inside a measured interval.
 */
import { bsbmQueries, bsbmTriples, type BsbmData, type BsbmQuery } from './bsbm';

const cache = new Map<number, BsbmData>();

export function dataset(triples: number): BsbmData {
  let data = cache.get(triples);
  if (!data) {
    data = bsbmTriples(triples);
    cache.set(triples, data);
  }
  return data;
}

/** The query mix over the dataset of `triples` lines. */
export function queries(triples: number): BsbmQuery[] {
  return bsbmQueries(dataset(triples).products);
}

/** Bytes of the N-Triples text of `triples` lines (UTF-8; the generator writes ASCII only). */
export function datasetBytes(triples: number): number {
  return dataset(triples).lines.reduce((n, line) => n + line.length + 1, 0);
}
