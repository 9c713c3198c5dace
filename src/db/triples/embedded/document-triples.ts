/**
 * What a stored document contributes to the triple store: its embedded triples
 * (./extract.ts), in the graphs its collections name (docs/decisions/0032-embedded-triples.md).
 */
import type { StoredDocument } from '../../documents/types';
import { indexableContent } from '../../indexes/index-values';
import { SEM_NS } from '../../xml/namespaces';
import { checkGraphIri, DEFAULT_KEY, GRAPHS_CATALOGUE_IRI, keyOfClientIri, type GraphKey } from '../graph-names';
import { triplesInJson, triplesInXml, type EmbeddedTriple } from './extract';

/**
 * Whether the content could hold a triple at all: a JSON `triple` key, or the semantics
 * namespace in XML. Most documents have neither, and are not parsed again for triples.
 */
export function mayEmbedTriples(doc: Pick<StoredDocument, 'format' | 'content'>): boolean {
  if (typeof doc.content !== 'string') return false;
  if (doc.format === 'json') return doc.content.includes('"triple"');
  if (doc.format === 'xml') return doc.content.includes(SEM_NS);
  return false;
}

/** The document's embedded triples, in document order (none for text, binary, or content that does not parse). */
export function triplesOfDocument(doc: Pick<StoredDocument, 'format' | 'content'>): EmbeddedTriple[] {
  if (!mayEmbedTriples(doc)) return [];
  let content: ReturnType<typeof indexableContent>;
  try {
    content = indexableContent(doc);
  } catch {
    return [];
  }
  if (!content) return [];
  return content.format === 'json' ? triplesInJson(content.json) : triplesInXml(content.xml);
}

/**
 * The graphs a document's triples are in: one per collection, as MarkLogic's triple index
 * puts them; the default graph when it has none. A collection no IRI can name (one with a
 * space, say) names no graph, nor does the graph catalogue's IRI; when none of its
 * collections can, the default graph holds them.
 */
export function graphsOfDocument(doc: Pick<StoredDocument, 'metadata'>): GraphKey[] {
  const keys = new Set<GraphKey>();
  for (const collection of doc.metadata.collections) {
    const key = graphKeyOfCollection(collection);
    if (key !== undefined) keys.add(key);
  }
  return keys.size > 0 ? [...keys] : [DEFAULT_KEY];
}

/** The graph a collection names; undefined when no IRI can name it (a space, say), or it is the graph catalogue's. */
export function graphKeyOfCollection(collection: string): GraphKey | undefined {
  try {
    const key = keyOfClientIri(checkGraphIri(collection));
    return key === GRAPHS_CATALOGUE_IRI ? undefined : key;
  } catch {
    return undefined;
  }
}
