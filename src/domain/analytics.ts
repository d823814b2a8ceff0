/** The analytics page (spec 2 "Company analytics"): a Power BI report when one is configured. */

/** GET /powerbi/embed-config/{reportId}: what the Power BI client needs to embed the report. */
export interface AnalyticsEmbedConfig {
  reportId: string;
  embedUrl: string;
  embedToken: string;
  /** ISO time the embed token stops working (the page fetches a new one before then). */
  expiresAt: string | null;
}

/** GET /powerbi/report: the configured report, or null when the built-in report is to be shown. */
export interface AnalyticsReportInfo {
  reportId: string | null;
}

/** Spec 2 §9: the frame is 1000 px high and a failed embed is tried again after 1 s. */
export const ANALYTICS_FRAME_HEIGHT_PX = 1000;
export const ANALYTICS_EMBED_RETRY_MS = 1000;
