// The write queue against the real server: Dexie on fake-indexeddb (real IndexedDB semantics in
// memory) in Node, the API in this process on PGlite.
import 'fake-indexeddb/auto';
