/**
 * The scenarios that run inside the benchmark page, bundled by bench/run.ts into one
 * script and installed as `window.tabulaBench`.
 */
export { latency } from './latency';
export { bulkIngest } from './bulk-ingest';
export { idbBaseline } from './idb-baseline';
export { graphSize, sparqlQueryMix, storedTriples, timedRequest, triplesBulkLoad } from './triples-api';
export { oxigraphLoad } from './oxigraph-baseline';
export { searchIngest, searchLatency, searchSnapshotSettled, searchTimedRequest, searchVerify, storedDocumentBytes, storedSearchIndex } from './search-api';
export { flexBaselineBuild, flexForget } from './search-flexsearch';
export { valuesConfigure, valuesLatency, valuesVerify } from './values-api';
export { valuesBaselineForget, valuesBaselineLoad } from './values-baseline';
export { sceneCounts, sceneExport, sceneForget, sceneImport, sceneRawBaseline } from './scene-api';
export { tabulaSearchRuns, tabulaSingleLatency, tabulaSparqlRuns } from './peers-tabula';
export { engineHostDocument, engineHostStart, longQueryProbe, longRequestProbe } from './engine-host';
export { embeddedFirstRestricted, embeddedFloorForget, embeddedFloorLoad, embeddedIngest, embeddedLatency, embeddedSettled, embeddedVerify, embeddedVerifyAnswers } from './embedded-api';
export { txnManualRedirectProbe, txnReadLatency, txnWriteMix } from './transactions-api';
export { databasesCreate, databasesDelete, databasesIdle, databasesLatency, databasesSearch, databasesStatus } from './databases-api';
