import type { AnalyticsEmbedConfig } from '../../domain/analytics';

/**
 * The Power BI embed through the official `powerbi-client`, imported on first use: the package is
 * large and only this page needs it, so it is a chunk of its own fetched when a report is embedded.
 */

export interface EmbedHandlers {
  /** The report finished loading in its frame. */
  onLoaded(): void;
  /** The embed failed (bad token, report gone, the frame could not load). */
  onError(): void;
}

export interface EmbeddedReport {
  /** Gives the embedded report a new token before the old one expires. */
  setAccessToken(token: string): Promise<void>;
  /** Takes the report out of its container (before another try, or when the page goes). */
  reset(): void;
}

type PowerBiModule = typeof import('powerbi-client');
type PowerBiService = InstanceType<PowerBiModule['service']['Service']>;

let service: PowerBiService | null = null;

export async function embedReport(container: HTMLElement, config: AnalyticsEmbedConfig, handlers: EmbedHandlers): Promise<EmbeddedReport> {
  const { service: serviceModule, factories, models } = await import('powerbi-client');
  service ??= new serviceModule.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory);
  const powerbi = service;
  const report = powerbi.embed(container, {
    type: 'report',
    id: config.reportId,
    embedUrl: config.embedUrl,
    accessToken: config.embedToken,
    tokenType: models.TokenType.Embed,
    settings: { panes: { filters: { visible: false } }, background: models.BackgroundType.Transparent },
  });
  report.off('loaded');
  report.off('error');
  report.on('loaded', () => handlers.onLoaded());
  report.on('error', () => handlers.onError());
  return {
    setAccessToken: (token) => report.setAccessToken(token),
    reset: () => powerbi.reset(container),
  };
}
