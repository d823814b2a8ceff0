import type { FastifyInstance } from 'fastify';
import type { AdminSummary } from '../../../src/domain/settings';
import type { AppDeps } from '../../deps';
import { auditLogPage } from '../../lib/audit';
import { requireAdmin } from '../../lib/auth';
import { parse } from '../../lib/validate';
import { approvalService } from '../approvals/service';
import { testGateway } from '../products/gateway';
import { subscriptionService } from '../products/subscriptions';
import { resetDemoData, type DemoResetEffects } from './demo-reset';
import { auditLogQuery, demoResetBody, settingsBody } from './schemas';
import { settingsService } from './service';

/** Site settings, the admin audit log, the demo-data reset and the Admin Center's counts (docs/api.md "Admin settings"). */
export function settingsRoutes(app: FastifyInstance, deps: AppDeps, resetEffects: DemoResetEffects) {
  const settings = settingsService(deps);
  const approvals = approvalService(deps.db, deps.clock);
  // Listing the subscriptions that need attention never calls the payment provider.
  const subscriptions = subscriptionService(deps.db, deps.clock, testGateway);
  const admin = { preHandler: requireAdmin };

  // Public: the footer and the contact page show these to everyone.
  app.get('/settings/public', async () => settings.publicSettings());

  app.get('/admin/settings', admin, async () => settings.adminSettings());

  app.put('/admin/settings', admin, async (request) => settings.update(request, parse(settingsBody, request.body)));

  app.post('/admin/demo-reset', admin, async (request) =>
    resetDemoData(deps, request, parse(demoResetBody, request.body).confirmation, resetEffects));

  app.get('/admin/audit-log', admin, async (request) => {
    const { limit, before } = parse(auditLogQuery, request.query, 'query');
    return auditLogPage(deps.db, limit, before);
  });

  // The same filters as GET /approval/{type} and GET /subscription, counted by the database.
  app.get('/admin/summary', admin, async (): Promise<AdminSummary> => {
    const [pending, attention] = await Promise.all([approvals.pendingCounts(), subscriptions.countNeedingAttention()]);
    return { ...pending, subscriptions: attention };
  });
}
