import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AnalyticsReportInfo } from '../../../src/domain/analytics';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../lib/auth';
import { loggableError } from '../../lib/error-log';
import { HttpError, notFound, unauthorized } from '../../lib/errors';
import { parse } from '../../lib/validate';
import { managedCompany } from '../listings/ownership';
import { powerBiClient, PowerBiUnavailable } from './powerbi';

export const AnalyticsMessages = {
  NotConfigured: 'Power BI is not configured',
  ReportNotFound: 'Report not found',
  Unreachable: 'The analytics service could not be reached',
} as const;

const reportParam = z.object({ reportId: z.string().min(1).max(100, 'Must be at most 100 characters') });
const embedQuery = z.object({ companyId: z.uuid('companyId must be a valid id') });

/** The analytics page's Power BI calls (docs/api.md "Analytics (Power BI)"). */
export function analyticsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { config, db, clock } = deps;
  const client = config.powerBi ? powerBiClient(config.powerBi, clock) : null;
  const guard = { preHandler: requireUser };

  app.get('/powerbi/report', guard, async (): Promise<AnalyticsReportInfo> => ({ reportId: config.powerBi?.reportId ?? null }));

  // Login (401), the company id (400), configured and the right report (404), the company (404/403), then Power BI (502).
  app.get('/powerbi/embed-config/:reportId', guard, async (request) => {
    if (!request.auth) throw unauthorized();
    const { reportId } = parse(reportParam, request.params, 'params');
    const { companyId } = parse(embedQuery, request.query, 'query');
    if (!config.powerBi || !client) throw notFound(AnalyticsMessages.NotConfigured);
    if (reportId !== config.powerBi.reportId) throw notFound(AnalyticsMessages.ReportNotFound);
    await managedCompany(db, companyId, request.auth);
    try {
      return await client.embedConfig(companyId);
    } catch (error) {
      if (!(error instanceof PowerBiUnavailable)) throw error;
      request.log.error({ error: loggableError(error), detail: error.detail, companyId }, 'Power BI embed configuration failed');
      throw new HttpError(502, AnalyticsMessages.Unreachable);
    }
  });
}
