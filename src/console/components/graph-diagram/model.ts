/**
 * What a graph diagram draws, built from a list of triples: one node per IRI or
 * blank node, one leaf per literal (a shared "true" node would tie unrelated
 * subjects together), and one edge per ordered pair of nodes carrying every
 * predicate between them (parallel arrows would sit on top of each other).
 *
 * The predicate filter is applied here: hidden predicates' triples are left out,
 * and so are the nodes only they reached. Pure, so the component only draws.
 */
import type { RdfTerm, Triple } from '../../../client/graphs';

export type NodeKind = 'iri' | 'bnode' | 'literal';

export interface DiagramNode {
  id: string;
  kind: NodeKind;
  term: RdfTerm;
  /** Edges touching it, in the filtered picture. */
  degree: number;
}

export interface DiagramEdge {
  id: string;
  source: string;
  target: string;
  /** Predicate IRIs of the triples it stands for, in triple order, without repeats. */
  predicates: string[];
}

export interface PredicateCount {
  iri: string;
  /** Triples using it among those given (before the filter). */
  count: number;
}

export interface DiagramModel {
  nodes: DiagramNode[];
  edges: DiagramEdge[];
  /** Every predicate of the triples given, most used first: the filter's choices. */
  predicates: PredicateCount[];
  /** Triples left out because the diagram already held `maxNodes` nodes. */
  omitted: number;
}

export interface BuildOptions {
  focus?: string;
  hiddenPredicates?: ReadonlySet<string>;
  /** Nodes drawn at most; the focus's own triples come first. Default {@link MAX_NODES}. */
  maxNodes?: number;
}

/** Beyond this a node-link picture stops telling anyone anything; the tables still list all. */
export const MAX_NODES = 400;

/** The node id of an IRI (itself) or blank node (`_:label`); literals get per-triple ids. */
export function nodeKey(term: RdfTerm): string {
  return term.type === 'bnode' ? `_:${term.value}` : term.value;
}

function objectKey(t: Triple): string {
  const o = t.object;
  if (o.type !== 'literal') return nodeKey(o);
  return `${nodeKey(t.subject)} ${t.predicate.value} "${o.value}"${o.lang ? `@${o.lang}` : o.datatype ? `^^${o.datatype}` : ''}`;
}

export function buildDiagram(triples: readonly Triple[], options: BuildOptions = {}): DiagramModel {
  const { focus, hiddenPredicates, maxNodes = MAX_NODES } = options;
  const counts = new Map<string, number>();
  for (const t of triples) counts.set(t.predicate.value, (counts.get(t.predicate.value) ?? 0) + 1);
  const predicates = [...counts].map(([iri, count]) => ({ iri, count })).sort((a, b) => b.count - a.count || (a.iri < b.iri ? -1 : 1));

  const nodes = new Map<string, DiagramNode>();
  const edges = new Map<string, DiagramEdge>();
  let omitted = 0;
  if (focus) nodes.set(focus, { id: focus, kind: 'iri', term: { type: 'uri', value: focus }, degree: 0 });

  // The focus's own triples first, so a capped picture still shows its neighbourhood; then structure before attributes.
  const touchesFocus = (t: Triple) => (focus && (nodeKey(t.subject) === focus || nodeKey(t.object) === focus) ? 0 : 1);
  const ordered = triples
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => !hiddenPredicates?.has(t.predicate.value))
    .sort((a, b) => touchesFocus(a.t) - touchesFocus(b.t) || Number(a.t.object.type === 'literal') - Number(b.t.object.type === 'literal') || a.i - b.i);

  for (const { t } of ordered) {
    const s = nodeKey(t.subject);
    const o = objectKey(t);
    // A loop would draw as nothing; the tables still list it.
    if (s === o) continue;
    const missing = Number(!nodes.has(s)) + Number(!nodes.has(o));
    if (missing > 0 && nodes.size + missing > maxNodes) {
      omitted++;
      continue;
    }
    if (!nodes.has(s)) nodes.set(s, { id: s, kind: kindOf(t.subject), term: t.subject, degree: 0 });
    if (!nodes.has(o)) nodes.set(o, { id: o, kind: kindOf(t.object), term: t.object, degree: 0 });
    const id = `${s}\u0000${o}`;
    const edge = edges.get(id);
    if (edge) {
      if (!edge.predicates.includes(t.predicate.value)) edge.predicates.push(t.predicate.value);
      continue;
    }
    edges.set(id, { id, source: s, target: o, predicates: [t.predicate.value] });
    nodes.get(s)!.degree++;
    nodes.get(o)!.degree++;
  }
  return { nodes: [...nodes.values()], edges: [...edges.values()], predicates, omitted };
}

function kindOf(term: RdfTerm): NodeKind {
  return term.type === 'uri' ? 'iri' : term.type;
}

/** The IRIs among a model's nodes (what labels can be looked up for). */
export function iriNodes(model: DiagramModel): string[] {
  return model.nodes.filter((n) => n.kind === 'iri').map((n) => n.id);
}
