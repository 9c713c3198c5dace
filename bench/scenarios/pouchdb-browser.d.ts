/**
 * The slice of pouchdb-browser's API the peers benchmark uses (the package ships no
 * types). Documents carry `_id` and, once stored, `_rev`.
 */
declare module 'pouchdb-browser' {
  interface PouchDocument {
    _id: string;
    _rev?: string;
    [field: string]: unknown;
  }
  interface PouchWriteResult {
    ok?: boolean;
    id: string;
    rev: string;
    error?: string;
    reason?: string;
  }
  class PouchDB {
    constructor(name: string);
    /** The adapter serving this database (`idb` in pouchdb-browser). */
    adapter: string;
    bulkDocs(docs: PouchDocument[]): Promise<PouchWriteResult[]>;
    put(doc: PouchDocument): Promise<PouchWriteResult>;
    get(id: string): Promise<PouchDocument & { _rev: string }>;
    info(): Promise<{ doc_count: number }>;
    destroy(): Promise<void>;
  }
  export default PouchDB;
}
