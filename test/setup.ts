// Node has no IndexedDB: fake-indexeddb provides the same API in memory, so the one
// storage implementation is exercised in Node tests too.
import 'fake-indexeddb/auto';
