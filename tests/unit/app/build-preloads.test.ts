import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutLoadedDeps } from '../../../scripts/entry-out-of-preloads';
import { RENDERED_SCREENS, screenChunkFiles } from '../../../scripts/screen-chunks';

const table = (files: string[]) => `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=${JSON.stringify(files)})))=>i.map(i=>d[i]);\n`;

describe('the entry out of dynamic imports\' preload lists (scripts/entry-out-of-preloads.ts)', () => {
  const files = ['assets/data-1.js', 'assets/index-2.js', 'assets/index-3.css', 'assets/hooks-4.js', 'assets/runtime-5.js'];
  const loaded = new Set(['assets/index-2.js', 'assets/index-3.css', 'assets/runtime-5.js']);

  it('drops the loaded files from every call and keeps the rest in order', () => {
    const code = `${table(files)}a(()=>import("./data-1.js"),__vite__mapDeps([0,4,1,2,3]));b(()=>import("./hooks-4.js"),__vite__mapDeps([3,1]))`;
    const out = withoutLoadedDeps(code, loaded);
    expect(out).toContain('__vite__mapDeps([0,3]))');
    expect(out).toContain('__vite__mapDeps([3]))');
    // The file table itself is untouched: only the indexes change.
    expect(out.startsWith(table(files))).toBe(true);
  });

  it('leaves an empty list when a call named only loaded files, and code without a table as it is', () => {
    expect(withoutLoadedDeps(`${table(files)}x(__vite__mapDeps([1,2]))`, loaded)).toContain('x(__vite__mapDeps([]))');
    const plain = 'import("./a.js").then(f)';
    expect(withoutLoadedDeps(plain, loaded)).toBe(plain);
    const nothingLoaded = `${table(['assets/a.js'])}x(__vite__mapDeps([0]))`;
    expect(withoutLoadedDeps(nothingLoaded, loaded)).toBe(nothingLoaded);
  });
});

describe("each rendered screen's chunks (scripts/screen-chunks.ts)", () => {
  const root = '/project';
  const id = (path: string) => resolve(root, path);
  const chunk = (fileName: string, imports: string[], moduleIds: string[] = [], isEntry = false) => ({ fileName, imports, moduleIds, isEntry });
  const screens = Object.values(RENDERED_SCREENS);
  const entry = chunk('assets/index.js', ['assets/runtime.js'], [id('src/main.tsx')], true);
  const runtime = chunk('assets/runtime.js', []);
  const shared = chunk('assets/shared.js', ['assets/index.js', 'assets/deep.js', 'assets/runtime.js']);
  const deep = chunk('assets/deep.js', ['assets/shared.js']);
  const others = screens.slice(1).map((screen, i) => chunk(`assets/Screen${i}.js`, ['assets/index.js'], [id(screen)]));

  it('lists the screen\'s chunk, then what it imports depth first and once, without the entry and its imports', () => {
    const home = chunk('assets/home.js', ['assets/runtime.js', 'assets/index.js', 'assets/shared.js', 'assets/deep.js'], [id(screens[0]!), id('src/features/home/Feed.tsx')]);
    const lists = screenChunkFiles([entry, runtime, shared, deep, home, ...others], root);
    expect(lists.home).toEqual(['assets/home.js', 'assets/shared.js', 'assets/deep.js']);
    expect(Object.keys(lists).sort()).toEqual(Object.keys(RENDERED_SCREENS).sort());
    expect(lists.listing).toEqual([others[2]!.fileName]);
  });

  it('fails the build when a rendered screen is in no chunk (a moved or renamed screen)', () => {
    expect(() => screenChunkFiles([entry, runtime, ...others], root)).toThrow(/src\/features\/home\/HomePage\.tsx is in no chunk/);
  });
});
