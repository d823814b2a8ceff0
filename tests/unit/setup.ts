// IndexedDB for Dexie in happy-dom: the real IndexedDB semantics, kept in memory.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts between tests by itself only with Vitest globals, which are off here.
afterEach(() => cleanup());

// waitFor/findBy wait up to 15 s instead of 1 s: on a loaded 2-core CI machine a Dexie transaction
// plus a React commit can take longer than a second, and on a machine whose system calls are slow
// (bench/README.md, "Session 18") one wait of a full run took over 5 s. A passing wait still ends
// at once; only a failing one takes longer to report.
configure({ asyncUtilTimeout: 15_000 });
