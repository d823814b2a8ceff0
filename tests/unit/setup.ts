// IndexedDB for Dexie in happy-dom: the real IndexedDB semantics, kept in memory.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts between tests by itself only with Vitest globals, which are off here.
afterEach(() => cleanup());

// waitFor/findBy wait up to 5 s instead of 1 s: on a loaded 2-core CI machine a Dexie transaction
// plus a React commit can take longer than a second. A passing wait still ends at once.
configure({ asyncUtilTimeout: 5_000 });
