// npm run dev: the API (restarting on change) and Vite's dev server with its proxy to the API.
// The API serves the pseudo-locale catalog for layout QA (?locale=en-XA) unless PSEUDO_LOCALE=0.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8080';
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: apiPort, STATIC_DIR: '.tmp/no-static', PSEUDO_LOCALE: process.env.PSEUDO_LOCALE ?? '1', PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' } }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; }));
