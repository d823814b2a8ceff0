import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { START_SNAPSHOT_SCRIPT } from '../../src/ui/start-snapshot-script';

/** The shell's one inline script, the start snapshot (src/ui/start-snapshot-script.ts), allowed by its hash. */
export const START_SNAPSHOT_HASH = `sha256-${createHash('sha256').update(START_SNAPSHOT_SCRIPT, 'utf8').digest('base64')}`;

/**
 * The Content-Security-Policy of the app (dist/): no inline style anywhere in the build (Vite
 * emits external files; React sets `style` through the CSSOM, which CSP allows), and one inline
 * script, named by its hash.
 * Outside hosts are only those the code uses: YouTube stills (src/features/listing/videoLinks.ts)
 * and the YouTube (no-cookie) and Vimeo players in the video dialog. `data:`/`blob:` images are
 * the avatar cropper's preview (FileReader data URL) and cropped blobs. With a Power BI report
 * configured, the analytics page frames its report from app.powerbi.com.
 */
export function contentSecurityPolicy(publicUrl: string, options: { powerBi?: boolean } = {}): string {
  const url = new URL(publicUrl);
  // The SignalR hub (/chathub) is reached over ws(s) at the public address; older Safari does not
  // count ws: as 'self', so the address is named as well.
  const socket = `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
  return [
    "default-src 'self'",
    `script-src 'self' '${START_SNAPSHOT_HASH}'`,
    "style-src 'self'",
    "img-src 'self' data: blob: https://i.ytimg.com",
    "font-src 'self'",
    `connect-src 'self' ${socket}`,
    `frame-src https://www.youtube-nocookie.com https://player.vimeo.com${options.powerBi ? ' https://app.powerbi.com' : ''}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * onSend: the headers a public web app is expected to send, on every answer (the app, static
 * files, the API, errors). A route that needs another CSP (the local outbox page's inline style)
 * sets its own and keeps it. HSTS only when the public address is https: sent over plain HTTP it
 * is ignored at best, and `npm start` on http://127.0.0.1 must keep working.
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string, options: { powerBi?: boolean } = {}): void {
  const csp = contentSecurityPolicy(publicUrl, options);
  const https = new URL(publicUrl).protocol === 'https:';
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // For browsers without CSP frame-ancestors.
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (https) reply.header('strict-transport-security', 'max-age=31536000');
  });
}
