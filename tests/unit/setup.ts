// IndexedDB for Dexie in happy-dom: the real IndexedDB semantics, kept in memory.
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts between tests by itself only with Vitest globals, which are off here.
afterEach(() => cleanup());
