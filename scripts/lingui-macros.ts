import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

/** Source files of the app (not dependencies) that import a Lingui macro. */
const SOURCE = /\.[cm]?[jt]sx?(?:$|\?)/;
const DEPENDENCY = /[/\\]node_modules[/\\]/;
const USES_MACRO = /from ['"]@lingui\/(?:core|react)\/macro['"]/;

/**
 * Compiles Lingui macros (<Trans>, t``, msg``, plural) with @lingui/babel-plugin-lingui-macro.
 * @vitejs/plugin-react 6 no longer runs Babel, and @rolldown/plugin-babel (the usual bridge)
 * declares Node 22 in every release while this project runs on Node 20.19+: this is the part of
 * it the project used, on @babel/core directly. `enforce: 'pre'` so Babel sees the original TSX;
 * the code filter keeps Babel off every file that imports no macro.
 */
export function linguiMacros(): Plugin {
  return {
    name: 'eventmarket:lingui-macros',
    enforce: 'pre',
    transform: {
      filter: { id: { include: SOURCE, exclude: DEPENDENCY }, code: USES_MACRO },
      async handler(code, id) {
        const path = id.replace(/\?.*$/, '');
        const typescript = /\.[cm]?tsx?$/.test(path);
        const jsx = /x$/.test(path);
        const result = await transformAsync(code, {
          filename: path,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: {
            sourceType: 'module',
            plugins: [...(typescript ? ['typescript' as const] : []), ...(jsx ? ['jsx' as const] : [])],
          },
          plugins: ['@lingui/babel-plugin-lingui-macro'],
        });
        if (!result?.code) return null;
        return { code: result.code, map: result.map ?? null };
      },
    },
  };
}
