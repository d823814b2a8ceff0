import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the app (dist/): no inline script or style anywhere in the
 * build (Vite emits external files; React sets `style` through the CSSOM, which CSP allows).
 * Outside hosts are only those the code uses: YouTube stills (src/features/listing/videoLinks.ts)
 * and the YouTube (no-cookie) and Vimeo players in the video dialog, and the Power BI report frame of
 * the analytics page (src/features/analytics/powerbi.ts; embed URLs are app.powerbi.com). `data:`/`blob:` images are
 * the avatar cropper's preview (FileReader data URL) and cropped blobs.
 */
export function contentSecurityPolicy(publicUrl: string): string {
  const url = new URL(publicUrl);
  // The SignalR hub (/chathub) is reached over ws(s) at the public address; older Safari does not
  // count ws: as 'self', so the address is named as well.
  const socket = `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob: https://i.ytimg.com",
    "font-src 'self'",
    `connect-src 'self' ${socket}`,
    'frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://app.powerbi.com',
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
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const csp = contentSecurityPolicy(publicUrl);
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
