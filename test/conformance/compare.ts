/**
 * Comparing an actual result with the expected one, as the W3C suite asks: solutions
 * as a multiset (a sequence only when order is asserted), graphs and datasets as
 * sets of quads, both up to ONE blank-node bijection across the whole result — a
 * blank node that appears in two solutions must map to the same node in both.
 *
 * `compareResults` returns undefined when they match, else a description of the
 * difference for the failure message.
 */
import type { QueryResult, RdfQuad, SolutionsResult } from './results';
import { termKey, type RdfTerm } from './terms';

type Tuple = Array<RdfTerm | undefined>;

export function compareResults(expected: QueryResult, actual: QueryResult, options: { ordered?: boolean } = {}): string | undefined {
  if (expected.kind !== actual.kind) return `expected a ${expected.kind} result, got a ${actual.kind} result:\n${describe(actual)}`;
  if (expected.kind === 'boolean' && actual.kind === 'boolean') {
    return expected.value === actual.value ? undefined : `expected ${expected.value}, got ${actual.value}`;
  }
  if (expected.kind === 'graph' && actual.kind === 'graph') return compareQuads(expected.quads, actual.quads);
  if (expected.kind === 'solutions' && actual.kind === 'solutions') return compareSolutions(expected, actual, options.ordered ?? false);
  return 'unreachable';
}

function compareSolutions(expected: SolutionsResult, actual: SolutionsResult, ordered: boolean): string | undefined {
  const expectedVars = [...expected.vars].sort();
  const actualVars = [...actual.vars].sort();
  if (expectedVars.join(' ') !== actualVars.join(' ')) {
    return `expected variables ${expectedVars.join(' ') || '(none)'}, got ${actualVars.join(' ') || '(none)'}`;
  }
  const toTuple = (row: Map<string, RdfTerm>): Tuple => expectedVars.map((v) => row.get(v));
  const extra = (rows: Array<Map<string, RdfTerm>>) => rows.flatMap((row) => [...row.keys()].filter((k) => !expectedVars.includes(k)));
  const stray = [...extra(expected.rows), ...extra(actual.rows)];
  if (stray.length) return `bindings for variables outside the head: ${[...new Set(stray)].join(' ')}`;
  const e = expected.rows.map(toTuple);
  const a = actual.rows.map(toTuple);
  if (isomorphic(e, a, ordered && expected.ordered)) return undefined;
  return diff(expectedVars, e, a, ordered && expected.ordered);
}

/** Datasets or graphs: sets of quads (duplicates collapse, as in RDF). */
export function compareQuads(expected: RdfQuad[], actual: RdfQuad[]): string | undefined {
  const e = dedupe(expected.map(quadTuple));
  const a = dedupe(actual.map(quadTuple));
  if (isomorphic(e, a, false)) return undefined;
  return diff(['subject', 'predicate', 'object', 'graph'], e, a, false);
}

const quadTuple = (q: RdfQuad): Tuple => [q.subject, q.predicate, q.object, q.graph];

function dedupe(tuples: Tuple[]): Tuple[] {
  const seen = new Set<string>();
  return tuples.filter((t) => {
    const key = exactKey(t);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const exactKey = (t: Tuple): string => t.map((x) => (x ? termKey(x) : '-')).join(' ');
/** The tuple with every blank node blurred: tuples that can match under some bijection share it. */
const shapeKey = (t: Tuple): string => t.map((x) => (x === undefined ? '-' : x.type === 'bnode' ? '_' : termKey(x))).join(' ');
const hasBlank = (t: Tuple): boolean => t.some((x) => x?.type === 'bnode');

/** Gives up on pathological searches rather than hanging the suite; no W3C result comes near it. */
const SEARCH_BUDGET = 1_000_000;

/** Is there one bijection of blank nodes that maps `expected` onto `actual`, as multisets (or as sequences)? */
export function isomorphic(expected: Tuple[], actual: Tuple[], ordered: boolean): boolean {
  if (expected.length !== actual.length) return false;
  const bijection = new Bijection();
  if (ordered) return expected.every((t, i) => bijection.unify(t, actual[i]) !== undefined);

  // Ground tuples must match one for one; only the rest need a search.
  const count = new Map<string, number>();
  for (const t of expected) count.set(shapeKey(t), (count.get(shapeKey(t)) ?? 0) + 1);
  for (const t of actual) {
    const key = shapeKey(t);
    const n = count.get(key);
    if (!n) return false;
    count.set(key, n - 1);
  }
  const pending = orderByConnection(expected.filter(hasBlank));
  const candidates = new Map<string, Tuple[]>();
  for (const t of actual.filter(hasBlank)) {
    const list = candidates.get(shapeKey(t));
    if (list) list.push(t);
    else candidates.set(shapeKey(t), [t]);
  }
  const used = new Set<Tuple>();
  let steps = 0;
  const search = (k: number): boolean => {
    if (k === pending.length) return true;
    if (++steps > SEARCH_BUDGET) throw new Error('blank-node isomorphism search exceeded its budget');
    const target = pending[k];
    for (const candidate of candidates.get(shapeKey(target)) ?? []) {
      if (used.has(candidate)) continue;
      const undo = bijection.unify(target, candidate);
      if (undo === undefined) continue;
      used.add(candidate);
      if (search(k + 1)) return true;
      used.delete(candidate);
      bijection.undo(undo);
    }
    return false;
  };
  return search(0);
}

/** Tuples that share blank nodes placed next to each other, so a wrong choice fails early. */
function orderByConnection(tuples: Tuple[]): Tuple[] {
  const blanks = (t: Tuple) => t.flatMap((x) => (x?.type === 'bnode' ? [x.value] : []));
  const remaining = new Set(tuples);
  const out: Tuple[] = [];
  const seen = new Set<string>();
  while (remaining.size) {
    let next = [...remaining].find((t) => blanks(t).some((b) => seen.has(b)));
    next ??= [...remaining][0];
    remaining.delete(next);
    out.push(next);
    for (const b of blanks(next)) seen.add(b);
  }
  return out;
}

class Bijection {
  private readonly forward = new Map<string, string>();
  private readonly backward = new Map<string, string>();

  /** Extends the mapping so `e` maps onto `a`; returns the new pairs (to undo), or undefined when impossible. */
  unify(e: Tuple, a: Tuple): string[] | undefined {
    const added: string[] = [];
    for (let i = 0; i < e.length; i++) {
      const x = e[i];
      const y = a[i];
      if (x === undefined || y === undefined) {
        if (x !== y) return this.rollback(added);
        continue;
      }
      if (x.type !== 'bnode' || y.type !== 'bnode') {
        if (termKey(x) !== termKey(y)) return this.rollback(added);
        continue;
      }
      const mapped = this.forward.get(x.value);
      if (mapped !== undefined) {
        if (mapped !== y.value) return this.rollback(added);
        continue;
      }
      if (this.backward.has(y.value)) return this.rollback(added);
      this.forward.set(x.value, y.value);
      this.backward.set(y.value, x.value);
      added.push(x.value);
    }
    return added;
  }

  undo(added: string[]): void {
    for (const x of added) {
      const y = this.forward.get(x);
      this.forward.delete(x);
      if (y !== undefined) this.backward.delete(y);
    }
  }

  private rollback(added: string[]): undefined {
    this.undo(added);
    return undefined;
  }
}

const MAX_LINES = 40;

function diff(columns: string[], expected: Tuple[], actual: Tuple[], ordered: boolean): string {
  const line = (t: Tuple) => columns.map((c, i) => `${c}=${t[i] ? termKey(t[i]!) : '(unbound)'}`).join(' ');
  const show = (tuples: Tuple[]) => {
    const lines = tuples.map(line);
    if (!ordered) lines.sort();
    const shown = lines.slice(0, MAX_LINES).map((l) => `  ${l}`);
    if (lines.length > MAX_LINES) shown.push(`  … ${lines.length - MAX_LINES} more`);
    return shown.join('\n') || '  (none)';
  };
  const header = `expected ${expected.length} ${ordered ? 'ordered ' : ''}rows, got ${actual.length}`;
  return `${header}\nexpected:\n${show(expected)}\nactual:\n${show(actual)}`;
}

function describe(result: QueryResult): string {
  switch (result.kind) {
    case 'boolean':
      return String(result.value);
    case 'graph':
      return `${result.quads.length} quads`;
    case 'solutions':
      return `${result.rows.length} solutions of ${result.vars.join(' ')}`;
  }
}
