import { describe, expect, it } from 'vitest';
import { withoutLoadedDeps } from '../../../scripts/entry-out-of-preloads';

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
