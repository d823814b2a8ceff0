import type { AnalyticsEmbedConfig, AnalyticsReportInfo } from '../domain/analytics';
import { api } from './http';

/** The analytics page's Power BI reads (docs/api.md "Power BI"). */
export const analyticsApi = {
  /** The configured report (login required); `reportId` null when none is configured. */
  report: () => api.get<AnalyticsReportInfo>('/powerbi/report'),
  /** What the Power BI client needs to embed the report for the company (owner or Admin). */
  embedConfig: (reportId: string, companyId: string) =>
    api.get<AnalyticsEmbedConfig>(`/powerbi/embed-config/${encodeURIComponent(reportId)}`, { query: { companyId } }),
};
