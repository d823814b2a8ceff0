import { execSync } from 'node:child_process';

/** The e2e tests drive the built app: build it once (only when sources changed). */
export default function setup() {
  execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
}
