import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_ROLE } from '../../../src/domain/constants';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../lib/errors';
import { outboxService } from './service';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Escapes the text, then turns http(s) addresses into links (the escaped text has no quotes left). */
const linkify = (s: string) => escapeHtml(s).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const PAGE_STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;background:#111;color:#eee}
article{border:1px solid #444;border-radius:.5rem;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;word-break:break-all}a{color:#e3b341}`;
/** The page's own CSP: nothing but its one inline style (by hash), links and no framing. */
const PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** 127.0.0.0/8, ::1, or 127.x mapped into IPv6 (a dual-stack listener reports `::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (address === '::1') return true;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The outbox holds live confirmation and password-reset links (the admin's too), so it is served
 * only to the machine itself or to an Admin. The socket's address decides, never request.ip:
 * with TRUST_PROXY set, request.ip is whatever the proxy says. A request that a proxy forwarded is
 * refused even from loopback, since behind a proxy on the same machine every visitor would
 * otherwise look local.
 */
function assertOutboxReader(request: FastifyRequest): void {
  if (request.auth?.roles.includes(ADMIN_ROLE)) return;
  const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) => request.headers[name] !== undefined);
  if (!forwarded && isLoopbackAddress(request.socket.remoteAddress)) return;
  throw forbidden('The local outbox is only served on the server\'s own machine (localhost) or to an Admin.');
}

/**
 * The local outbox: mail and WhatsApp codes kept in the database while no outside provider is
 * set. Only registered when a local provider is active, so production with SMTP has no such route.
 */
export function devOutboxRoutes(app: FastifyInstance, deps: AppDeps) {
  const outbox = outboxService(deps.db);
  const guard = { preHandler: async (request: FastifyRequest) => assertOutboxReader(request) };

  app.get('/api/dev/outbox', guard, async () =>
    (await outbox.latest()).map((m) => ({ to: m.to, subject: m.subject, text: m.text, createdAt: m.createdAt.toISOString() })));

  app.get('/dev/outbox', guard, async (_request, reply) => {
    const rows = await outbox.latest();
    const items = rows.map((m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong><br>To: ${escapeHtml(m.to)} · <time datetime="${m.createdAt.toISOString()}">${escapeHtml(m.createdAt.toISOString())}</time></header>
  <pre>${linkify(m.text)}</pre>
</article>`).join('\n');
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', PAGE_CSP);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local outbox</title>
<style>${PAGE_STYLE}</style></head>
<body><h1>Local outbox</h1><p>Mail and WhatsApp messages the server would have sent, newest first (${rows.length}).</p>
${items || '<p>No messages yet.</p>'}</body></html>`;
  });
}
