/**
 * The neighbourhood diagram grows by expansion: each expanded node adds the first
 * links of both its sides (the queries cap them) to the triples drawn. Adding is
 * idempotent — a triple already drawn (Ada knows Bob, reached from either end) is
 * not drawn twice — and bounded: past `maxTriples` the diagram stops growing and
 * counts what it left out, since a picture of everything tells nobody anything.
 */
import type { Triple } from '../../../../client/graphs';

export const MAX_DIAGRAM_TRIPLES = 600;

export interface Grown {
  triples: Triple[];
  /** Triples of this expansion not drawn because the diagram was full. */
  leftOut: number;
}

export function tripleKey(t: Triple): string {
  const term = (x: Triple['subject']) =>
    x.type === 'uri' ? `<${x.value}>` : x.type === 'bnode' ? `_:${x.value}` : `"${x.value}"${x.lang ? `@${x.lang}` : x.datatype ? `^^${x.datatype}` : ''}`;
  return `${term(t.subject)} ${term(t.predicate)} ${term(t.object)}`;
}

export function grow(drawn: readonly Triple[], added: readonly Triple[], maxTriples = MAX_DIAGRAM_TRIPLES): Grown {
  const seen = new Set(drawn.map(tripleKey));
  const triples = [...drawn];
  let leftOut = 0;
  for (const t of added) {
    const key = tripleKey(t);
    if (seen.has(key)) continue;
    if (triples.length >= maxTriples) {
      leftOut++;
      continue;
    }
    seen.add(key);
    triples.push(t);
  }
  return { triples, leftOut };
}
