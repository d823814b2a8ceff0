import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outboxMessages } from '../../db/schema';
import type { AppDeps } from '../../deps';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Escapes the text, then turns http(s) addresses into links (the escaped text has no quotes left). */
const linkify = (s: string) => escapeHtml(s).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * The local outbox: mail and WhatsApp codes kept in the database while no outside provider is
 * set. Only registered when a local provider is active, so production with SMTP has no such route.
 */
export function devOutboxRoutes(app: FastifyInstance, deps: AppDeps) {
  const list = () => deps.db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt)).limit(200);

  app.get('/api/dev/outbox', async () =>
    (await list()).map((m) => ({ to: m.to, subject: m.subject, text: m.text, createdAt: m.createdAt.toISOString() })));

  app.get('/dev/outbox', async (_request, reply) => {
    const rows = await list();
    const items = rows.map((m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong><br>To: ${escapeHtml(m.to)} · <time datetime="${m.createdAt.toISOString()}">${escapeHtml(m.createdAt.toISOString())}</time></header>
  <pre>${linkify(m.text)}</pre>
</article>`).join('\n');
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local outbox</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;background:#111;color:#eee}
article{border:1px solid #444;border-radius:.5rem;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;word-break:break-all}a{color:#e3b341}</style></head>
<body><h1>Local outbox</h1><p>Mail and WhatsApp messages the server would have sent, newest first (${rows.length}).</p>
${items || '<p>No messages yet.</p>'}</body></html>`;
  });
}
