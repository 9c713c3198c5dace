/**
 * What the neighbourhood diagram shows: nodes and links grown from a focus node by
 * expanding nodes one at a time. Immutable, so React can compare models and the
 * layout can keep the positions of nodes already placed.
 *
 * Legibility rules: labels are short (known prefixes, else the IRI's last segment);
 * each literal is its own leaf, since one shared "true" node tying unrelated
 * subjects together would mislead; an expansion adds at most `maxLinks` links,
 * structure (IRIs, blank nodes) before attributes (literals), and counts what it
 * left out so the diagram can say so.
 */
import type { RdfTerm, Triple } from '../../../../client/graphs';
import { compactIri, localName, truncate } from './prefixes';
import { XSD_STRING } from '../../../lib/xsd';

export type NodeKind = 'iri' | 'bnode' | 'literal';

export interface DiagramNode {
  id: string;
  kind: NodeKind;
  /** The IRI, the blank node's label, or the literal's lexical form. */
  value: string;
  /** Short text drawn next to the node. */
  label: string;
  /** The full term, for the tooltip. */
  title: string;
  /** Its neighbours have been added. */
  expanded: boolean;
  /** Neighbours left out when it was expanded. */
  hidden: number;
  /** The node whose expansion brought it in (none for the focus): new nodes are placed near it. */
  origin?: string;
}

export interface DiagramLink {
  id: string;
  source: string;
  target: string;
  predicate: string;
  label: string;
}

export interface DiagramModel {
  focus: string;
  nodes: readonly DiagramNode[];
  links: readonly DiagramLink[];
}

export interface ExpandLimits {
  /** Links one expansion may add. */
  maxLinks?: number;
  /** Nodes the whole diagram may hold. */
  maxNodes?: number;
}

export const DEFAULT_MAX_LINKS = 30;
export const DEFAULT_MAX_NODES = 150;
const LABEL_LENGTH = 24;
const LINK_LABEL_LENGTH = 22;

/** The node id of an IRI or blank node; literals get per-triple ids in {@link expandNode}. */
export function nodeId(term: RdfTerm): string {
  return term.type === 'bnode' ? `_:${term.value}` : `<${term.value}>`;
}

export const iriNodeId = (iri: string) => nodeId({ type: 'uri', value: iri });

export function createDiagram(focusIri: string): DiagramModel {
  const focus = newNode(iriNodeId(focusIri), { type: 'uri', value: focusIri });
  return { focus: focus.id, nodes: [focus], links: [] };
}

/** Adds the neighbours a node's triples name (outgoing and incoming alike) and marks it expanded. */
export function expandNode(model: DiagramModel, id: string, triples: readonly Triple[], limits: ExpandLimits = {}): DiagramModel {
  const { maxLinks = DEFAULT_MAX_LINKS, maxNodes = DEFAULT_MAX_NODES } = limits;
  if (!model.nodes.some((n) => n.id === id)) return model;
  const nodes = new Map(model.nodes.map((n) => [n.id, n]));
  const links = new Map(model.links.map((l) => [l.id, l]));
  let added = 0;
  let hidden = 0;

  const candidates = triples
    .map((t) => ({ t, s: nodeId(t.subject), o: objectId(t) }))
    // A loop would draw as nothing; the tables still list it.
    .filter(({ s, o }) => s !== o)
    .sort((a, b) => Number(a.t.object.type === 'literal') - Number(b.t.object.type === 'literal'));

  for (const { t, s, o } of candidates) {
    const linkId = `${s} ${t.predicate.value} ${o}`;
    if (links.has(linkId)) continue;
    const missing = [!nodes.has(s), !nodes.has(o)].filter(Boolean).length;
    if (added >= maxLinks || nodes.size + missing > maxNodes) {
      hidden++;
      continue;
    }
    if (!nodes.has(s)) nodes.set(s, newNode(s, t.subject, id));
    if (!nodes.has(o)) nodes.set(o, newNode(o, t.object, id));
    links.set(linkId, { id: linkId, source: s, target: o, predicate: t.predicate.value, label: iriLabel(t.predicate.value, LINK_LABEL_LENGTH) });
    added++;
  }
  const node = nodes.get(id)!;
  nodes.set(id, { ...node, expanded: true, hidden });
  return { focus: model.focus, nodes: [...nodes.values()], links: [...links.values()] };
}

function objectId(t: Triple): string {
  const o = t.object;
  if (o.type !== 'literal') return nodeId(o);
  return `${nodeId(t.subject)} ${t.predicate.value} "${o.value}"${o.lang ? `@${o.lang}` : o.datatype ? `^^${o.datatype}` : ''}`;
}

function newNode(id: string, term: RdfTerm, origin?: string): DiagramNode {
  return { id, kind: term.type === 'uri' ? 'iri' : term.type, value: term.value, label: termLabel(term), title: termTitle(term), expanded: false, hidden: 0, origin };
}

function iriLabel(iri: string, max: number): string {
  return truncate(compactIri(iri) ?? localName(iri), max);
}

export function termLabel(term: RdfTerm): string {
  if (term.type === 'uri') return iriLabel(term.value, LABEL_LENGTH);
  // Stores mint long random labels; the start is enough to tell blank nodes apart at a glance.
  if (term.type === 'bnode') return truncate(`_:${term.value}`, 14);
  return truncate(`"${term.value.replace(/\s+/g, ' ')}"`, LABEL_LENGTH);
}

function termTitle(term: RdfTerm): string {
  if (term.type === 'uri') return term.value;
  if (term.type === 'bnode') return `_:${term.value}`;
  if (term.lang) return `"${term.value}"@${term.lang}`;
  const typed = term.datatype && term.datatype !== XSD_STRING;
  return typed ? `"${term.value}"^^${compactIri(term.datatype!) ?? term.datatype}` : `"${term.value}"`;
}
