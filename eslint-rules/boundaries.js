// @ts-check
/**
 * The client's layer boundaries, in the spirit of import/no-restricted-paths (bulletproof-react):
 * every import is resolved against the importing file, so `../favorites/x` and
 * `../../features/favorites/x` are the same import of another feature and both fail.
 *
 *   src/config, src/domain          import no other layer of src/
 *   src/api                         not state/, ui/, db/, sync/, features/, app/
 *   src/state, src/db, src/sync     not ui/, features/, app/
 *   src/ui                          not features/, app/
 *   src/features/<name>             not another feature, not app/
 *   src/app                         the shell: anything
 *   dexie, dexie-react-hooks        only in src/db and src/sync (screens read through db/hooks)
 */
import path from 'node:path';

const LAYERS = ['config', 'domain', 'api', 'state', 'db', 'sync', 'ui', 'features', 'app'];

/** What each layer may not import (besides the feature-to-feature rule). */
const FORBIDDEN = {
  config: ['domain', 'api', 'state', 'db', 'sync', 'ui', 'features', 'app'],
  domain: ['config', 'api', 'state', 'db', 'sync', 'ui', 'features', 'app'],
  api: ['state', 'db', 'sync', 'ui', 'features', 'app'],
  state: ['db', 'sync', 'ui', 'features', 'app'],
  db: ['state', 'sync', 'ui', 'features', 'app'],
  sync: ['ui', 'features', 'app'],
  ui: ['features', 'app'],
  features: ['app'],
  app: [],
};

const DEXIE_PACKAGES = new Set(['dexie', 'dexie-react-hooks']);
const DEXIE_LAYERS = new Set(['db', 'sync']);

/** 'features/home' style location of a file under src/, or null outside src/. */
function locate(file, root) {
  const rel = path.relative(path.join(root, 'src'), file).split(path.sep);
  if (rel[0] === '..' || !LAYERS.includes(rel[0])) return null;
  return { layer: rel[0], feature: rel[0] === 'features' && rel.length > 2 ? rel[1] : null };
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: {
      feature: 'A feature does not import another feature ({{target}}): move what both need to ui/, domain/ or db/.',
      layer: 'src/{{from}} may not import src/{{to}} (see docs/architecture.md, "Layers").',
      dexie: 'Dexie is used only in src/db and src/sync: read through db/hooks or a query in db/.',
    },
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const file = context.filename;
    const from = locate(file, root);
    if (!from) return {};

    /** @param {import('estree').Node} node @param {unknown} value */
    function check(node, value) {
      if (typeof value !== 'string') return;
      if (!value.startsWith('.')) {
        const pkg = value.startsWith('@') ? value.split('/').slice(0, 2).join('/') : value.split('/')[0];
        if (DEXIE_PACKAGES.has(pkg) && !DEXIE_LAYERS.has(from.layer)) context.report({ node, messageId: 'dexie' });
        return;
      }
      const to = locate(path.resolve(path.dirname(file), value), root);
      if (!to) return;
      if (from.layer === 'features' && to.layer === 'features' && to.feature !== from.feature) {
        context.report({ node, messageId: 'feature', data: { target: `features/${to.feature ?? ''}` } });
      } else if (FORBIDDEN[from.layer].includes(to.layer)) {
        context.report({ node, messageId: 'layer', data: { from: from.layer, to: to.layer } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { boundaries: rule } };
