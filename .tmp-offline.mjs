import { chromium } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
const base = process.argv[2];
const dir = mkdtempSync('/tmp/walkprof-');
let ctx = await chromium.launchPersistentContext(dir, { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'], viewport: { width: 390, height: 844 } });
let page = ctx.pages()[0] ?? await ctx.newPage();
await page.goto(base);
await page.evaluate(async () => {
  const res = await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'user@example.com', password: 'Demo1234!' }) });
  const auth = await res.json();
  localStorage.setItem('auth', JSON.stringify({ accessToken: auth.accessToken, refreshToken: auth.refreshToken, user: auth.user }));
});
await page.goto(`${base}/companies`);
await page.waitForTimeout(3000);
await page.evaluate(() => navigator.serviceWorker.ready);
const href = await page.locator('a[href*="/company?companyId="]').first().getAttribute('href');
await page.goto(`${base}${href}&view=listings`);
await page.waitForTimeout(3000);
const edit = await page.locator('a[href*="/company/listing?"]').first().getAttribute('href');
await page.goto(`${base}${edit}`); await page.waitForTimeout(3000);
await ctx.close();
// relaunch offline
ctx = await chromium.launchPersistentContext(dir, { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'], viewport: { width: 390, height: 844 }, offline: true });
page = ctx.pages()[0] ?? await ctx.newPage();
for (const [name, url] of [['companies', '/companies'], ['hub', href], ['listings', `${href}&view=listings`], ['listing', edit]]) {
  await page.goto(`${base}${url}`).catch((e) => console.log('goto', name, e.message));
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/work/walk/shots/offline-${name}.png`, fullPage: false });
  console.log(name, (await page.locator('main').innerText().catch(() => '')).slice(0, 200).replace(/\n/g, ' | '));
}
await ctx.close();
