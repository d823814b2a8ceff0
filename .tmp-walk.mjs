// Walk-through: screenshots of the company-side screens at 390 and 1280, light/dark, en/no.
// Usage: node walk.mjs <baseUrl>
import { chromium } from 'playwright-core';
const base = process.argv[2];
const out = '/work/walk/shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

async function login(page, email) {
  await page.goto(base);
  await page.evaluate(async ({ email }) => {
    const res = await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Demo1234!' }) });
    const auth = await res.json();
    localStorage.setItem('auth', JSON.stringify({ accessToken: auth.accessToken, refreshToken: auth.refreshToken, user: auth.user }));
  }, { email });
}

const combos = [
  { w: 390, h: 844, theme: 'light', locale: 'en' },
  { w: 1280, h: 900, theme: 'dark', locale: 'no' },
  { w: 390, h: 844, theme: 'dark', locale: 'no' },
  { w: 1280, h: 900, theme: 'light', locale: 'en' },
];
const which = process.argv[3] ? combos.filter((_, i) => String(i) === process.argv[3]) : combos;
for (const c of which) {
  const ctx = await browser.newContext({ viewport: { width: c.w, height: c.h } });
  await ctx.addInitScript(([theme, locale]) => { localStorage.setItem('theme', theme); localStorage.setItem('locale', locale); }, [c.theme, c.locale]);
  const page = await ctx.newPage();
  const tag = `${c.w}-${c.theme}-${c.locale}`;
  const shot = async (name) => { await page.waitForTimeout(800); await page.screenshot({ path: `${out}/${tag}-${name}.png`, fullPage: true }); };
  await login(page, 'user@example.com');
  await page.goto(`${base}/companies`); await shot('companies');
  const first = page.locator('a[href*="/company?companyId="]').first();
  const href = await first.getAttribute('href');
  await page.goto(`${base}${href}`); await shot('hub');
  await page.goto(`${base}${href}&view=details`); await shot('details');
  await page.goto(`${base}${href}&view=listings`); await shot('listings');
  const id = new URL(`${base}${href}`).searchParams.get('companyId');
  await page.goto(`${base}/company/listing?companyId=${id}&mode=create`); await shot('create-listing');
  await page.goto(`${base}/company`); await shot('create-company');
  await page.goto(`${base}/company-overview?companyId=${id}`); await shot('overview');
  await ctx.clearCookies();
  const admin = await browser.newContext({ viewport: { width: c.w, height: c.h } });
  await admin.addInitScript(([theme, locale]) => { localStorage.setItem('theme', theme); localStorage.setItem('locale', locale); }, [c.theme, c.locale]);
  const ap = await admin.newPage();
  await login(ap, 'admin@example.com');
  await ap.goto(`${base}/admin/approvals/companies`); await ap.waitForTimeout(800); await ap.screenshot({ path: `${out}/${tag}-admin-companies.png`, fullPage: true });
  const review = ap.getByRole('link', { name: /review|gjennomg/i }).first();
  if (await review.count()) { await review.click(); await ap.waitForTimeout(1200); await ap.screenshot({ path: `${out}/${tag}-admin-review.png`, fullPage: true }); }
  await ap.goto(`${base}/admin/approvals/listings`); await ap.waitForTimeout(800); await ap.screenshot({ path: `${out}/${tag}-admin-listings.png`, fullPage: true });
  await admin.close();
  await ctx.close();
}
await browser.close();
