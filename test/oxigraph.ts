/** The Node host's RDF engine factory, for tests under src/ (which may not import a host directly). */
export { freshOxigraph, nodeOxigraph } from '../src/node/oxigraph-engine';
