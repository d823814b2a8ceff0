// Builds the app when dist/ is missing or older than its sources, so `npm start` works on a fresh clone.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const inputs = ['src', 'public', 'sw', 'index.html', 'vite.config.ts', 'lingui.config.ts', 'package.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), st.mtimeMs);
}

const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
const source = Math.max(...inputs.map(newest));
if (built < source) {
  console.log(built ? 'Sources changed since the last build: rebuilding the app…' : 'Building the app (first start)…');
  // NODE_ENV may be 'test' when called from Vitest; the build must always be a production one.
  execSync('npx vite build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  execSync('node scripts/compress-dist.mjs', { stdio: 'inherit' });
}
