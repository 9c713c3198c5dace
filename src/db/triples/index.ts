/**
 * The triple store's surface for the api (decision 0018): what HTTP handlers and
 * serializers need besides `db.triples` itself. Everything else in this folder is the
 * store's inside; its modules import each other by file path.
 */
export type { Binding } from './bindings';
export { rethrowTrap } from './engine-trap';
export { DEFAULT_GRAPH_IRI } from './graph-names';
export { parsePayload, type RdfPayload } from './graph-operations';
export type { QueryForm } from './query';
export { hasScheme, type JsonTerm } from './relative-iris';
export { XSD } from './xsd-lexical';
export type { FromHost, Port, ToHost } from './replica-protocol';
export { graphKeyOfCollection } from './embedded/document-triples';
export type { DocumentRestriction } from './embedded/restricted-view';
export type { TripleJournal } from './transaction-journal';
