// @vitest-environment node
import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The layer rules of eslint.config.js (eslint-rules/boundaries.js), run on planted imports: each
// forbidden one must be reported, and the allowed ones must not.
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(`${code}\nexport {};\n`, { filePath: path.join(root, file) });
  return results.flatMap((r) => r.messages).filter((m) => m.ruleId === 'local/boundaries').map((m) => m.message);
}

describe('lint boundaries', () => {
  it.each([
    ['a feature importing a sibling feature', 'src/features/home/Planted.tsx', "import { FavoriteToggle } from '../favorites/FavoriteToggle';"],
    ['a feature importing a feature through features/', 'src/features/home/Planted.tsx', "import { X } from '../../features/favorites/FavoritesPage';"],
    ['a feature importing a feature dynamically', 'src/features/home/Planted.tsx', "void import('../browse/BrowsePage');"],
    ['a feature re-exporting a feature', 'src/features/home/Planted.ts', "export { X } from '../listing/x';"],
    ['a feature importing the shell', 'src/features/home/Planted.tsx', "import { AppRoutes } from '../../app/routes';"],
    ['ui importing the shell', 'src/ui/Planted.tsx', "import { x } from '../app/x';"],
    ['ui importing a feature', 'src/ui/Planted.tsx', "import { x } from '../features/home/x';"],
    ['api importing state', 'src/api/planted.ts', "import { session } from '../state/x';"],
    ['config importing the shell', 'src/config/planted.ts', "import { x } from '../app/x';"],
    ['a feature importing dexie', 'src/features/home/planted.ts', "import Dexie from 'dexie';"],
    ['a feature importing dexie-react-hooks', 'src/features/home/planted.ts', "import { useLiveQuery } from 'dexie-react-hooks';"],
    ['ui importing dexie', 'src/ui/planted.ts', "import { liveQuery } from 'dexie';"],
  ])('reports %s', async (_name, file, code) => {
    expect(await boundaryErrors(file, code)).toHaveLength(1);
  });

  it.each([
    ['a feature importing its own files', 'src/features/home/Planted.tsx', "import { x } from './BeInspired';"],
    ['a feature importing the shared layers', 'src/features/home/Planted.tsx',
      "import { a } from '../../ui/FavoriteToggle';\nimport { b } from '../../config/paths';\nimport { c } from '../../db/hooks';\nimport { d } from '../../sync/pull';\nimport { e } from '../../domain/ids';\nimport { f } from '../../state/session';"],
    ['the shell importing features', 'src/app/Planted.tsx', "import { x } from '../features/home/HomePage';"],
    ['db importing dexie', 'src/db/planted.ts', "import Dexie from 'dexie';"],
    ['sync importing dexie', 'src/sync/planted.ts', "import { liveQuery } from 'dexie';"],
    ['state importing api', 'src/state/planted.ts', "import { x } from '../api/http';"],
  ])('allows %s', async (_name, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
