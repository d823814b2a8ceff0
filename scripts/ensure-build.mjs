// Builds the app when dist/ is missing or older than its sources, so `npm start` works on a fresh clone.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const inputs = ['src', 'public', 'sw', 'index.html', 'vite.config.ts', 'lingui.config.ts', 'package.json', 'scripts'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), st.mtimeMs);
}

// Both halves: the app (dist/) and its server entry for the server-rendered pages (dist-server/).
const outputs = ['dist/index.html', 'dist-server/entry-server.js'];
const built = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
const source = Math.max(...inputs.map(newest));
if (built < source) {
  console.log(built ? 'Sources changed since the last build: rebuilding the app…' : 'Building the app (first start)…');
  // NODE_ENV may be 'test' when called from Vitest; the build must always be a production one.
  const env = { ...process.env, NODE_ENV: 'production' };
  execSync('npx vite build', { stdio: 'inherit', env });
  execSync('npx vite build --ssr src/entry-server.tsx --outDir dist-server', { stdio: 'inherit', env });
  execSync('node scripts/compress-dist.mjs', { stdio: 'inherit' });
}
