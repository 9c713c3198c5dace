/**
 * The XML toolkit as the api sees it (docs/decisions/0018 and 0020): parsing and checking
 * request bodies, serialising nodes, and the XML representation of document metadata.
 */
export { checkXml, checkXmlDepth, parseXml } from './parse';
export { CTS_NS, RAPI_NS, SEARCH_NS, XS_NS, XSI_NS } from './namespaces';
export { serializeNode } from './serialize';
export { metadataFromXml, metadataToXml } from './metadata-xml';
