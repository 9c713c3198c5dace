/**
 * The peers' in-page scenarios, bundled by bench/page.ts (`peersScript`) into a second
 * classic script installed as `window.tabulaPeers`: Comunica, quadstore, PouchDB, Orama
 * and MiniSearch stay out of the main benchmark page's script.
 */
export { n3Load, peerQueries, peerSparqlForget, quadstoreLoad } from './peers-sparql';
export { pouchBulk, pouchLatency } from './peers-documents';
export { searchPeerForget, searchPeerIndex, searchPeerQueries } from './peers-search';
