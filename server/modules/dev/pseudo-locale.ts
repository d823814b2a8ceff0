import type { FastifyInstance } from 'fastify';

export const PSEUDO_CATALOG_PATH = '/dev/pseudo-locale/messages.js';

/**
 * The pseudo-locale catalog for layout QA (scripts/pseudo-locale.ts), registered only with
 * PSEUDO_LOCALE on: production never serves it, so ?locale=en-XA falls back to the visitor's
 * language there. Compiled from the .po files on first request with the dev dependencies (Lingui's
 * CLI), which is why it is imported here and not at start-up; a failed compile is tried again.
 */
export function pseudoLocaleRoutes(app: FastifyInstance): void {
  let compiled: Promise<string> | null = null;
  app.get(PSEUDO_CATALOG_PATH, async (_request, reply) => {
    const load = compiled ??= import('../../../scripts/pseudo-locale').then((m) => m.compilePseudoCatalog());
    load.catch(() => { if (compiled === load) compiled = null; });
    const code = await load;
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(code);
  });
}
