// IndexedDB for Dexie in happy-dom: the real IndexedDB semantics, kept in memory.
import 'fake-indexeddb/auto';
