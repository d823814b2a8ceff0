import { describe, expect, it } from 'vitest';
import type { AuthResponse, FileManifestEntry, User } from '../../src/domain/user';
import { makePng } from '../fixtures/images';
import { useServerAndBrowser } from './harness';

const env = useServerAndBrowser();

/**
 * The README's first-run story, against the real server on its embedded database: register,
 * read the confirmation mail in /dev/outbox, confirm, log in, refresh, upload an avatar and
 * find it in the manifest. Driven from a real browser page so CORS, cookies and multipart are real.
 */
describe('first-run account journey', () => {
  it('register → mail in /dev/outbox → confirm → login → refresh → avatar in the manifest', async () => {
    const page = await env.browser.context.newPage();
    await page.goto(env.server.url);
    const email = `journey.${Date.now()}@example.org`;
    const registered = await page.evaluate(async (email) => {
      const res = await fetch('/api/auth/register', {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Journey1!', confirmPassword: 'Journey1!', firstName: 'Nora', lastName: 'Berg', dateOfBirth: '1995-06-01', gender: 'female', acceptedTerms: true }),
      });
      return res.status;
    }, email);
    expect(registered).toBe(201);

    await page.goto(`${env.server.url}/dev/outbox`);
    const link = page.getByRole('link', { name: /confirm-email/ }).first();
    const href = await link.getAttribute('href');
    expect(href).toContain(`${env.server.url}/confirm-email?token=`);
    const url = new URL(href!);
    // The outbox page's own CSP allows no fetch: call the API from the app's page.
    await page.goto(env.server.url);
    const confirmed = await page.evaluate(async (q) => (await fetch(`/api/auth/confirm-email${q}`)).status, url.search);
    expect(confirmed).toBe(200);

    const demo = await page.evaluate(async () => {
      const res = await fetch('/api/auth/login', {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'Demo1234!' }),
      });
      return (await res.json()) as AuthResponse;
    });
    expect(demo.user.roles).toContain('Admin');

    const png = (await makePng(300, 300, '#8a2be2')).toString('base64');
    const result = await page.evaluate(async ({ email, png }) => {
      const login = await (await fetch('/api/auth/login', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Journey1!' }),
      })).json() as AuthResponse;
      const refreshed = await (await fetch('/api/auth/refresh-token', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken: login.refreshToken }),
      })).json() as AuthResponse;
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('data', new Blob([bytes], { type: 'image/png' }), 'avatar.png');
      const auth = { authorization: `Bearer ${refreshed.accessToken}` };
      const uploaded = await (await fetch('/api/files', { method: 'POST', headers: auth, body: form })).json() as { id: string };
      const profile = await (await fetch('/api/users/profile', {
        method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ profilePictureId: uploaded.id }),
      })).json() as User;
      const manifest = await (await fetch('/api/files/manifest')).json() as FileManifestEntry[];
      const digest = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))));
      return { login, refreshed, uploaded, profile, manifest, digest };
    }, { email, png });

    expect(result.login.user.email).toBe(email);
    expect(result.refreshed.refreshToken).not.toBe(result.login.refreshToken);
    expect(result.profile.profilePictureId).toBe(result.uploaded.id);
    expect(result.manifest).toContainEqual({ blobFileId: result.uploaded.id, shA256Hash: result.digest });

    const img = await page.goto(`${env.server.url}/api/files/${result.uploaded.id}?width=64`);
    expect(img?.headers()['content-type']).toBe('image/webp');
  });
});
