import type { AnalyticsEmbedConfig } from '../../../src/domain/analytics';
import type { PowerBiConfig } from '../../config';

/** The scope of the Power BI REST API for an app-only (client credentials) token. */
export const POWERBI_SCOPE = 'https://analysis.windows.net/powerbi/api/.default';
/** A cached Azure AD token is renewed this long before it expires, so no call carries a dying one. */
export const TOKEN_RENEW_BEFORE_MS = 5 * 60_000;

/** Power BI or Azure AD failed, refused or did not answer in time; `detail` is for the log only. */
export class PowerBiUnavailable extends Error {
  constructor(readonly detail: string) {
    super('The analytics service could not be reached');
  }
}

interface AccessToken { value: string; renewAt: number }

/**
 * "Embed for your customers" with a service principal: an app-only token from Azure AD (cached),
 * the report's embed address and dataset from the workspace, and an embed token whose effective
 * identity is the company, so the report's row-level security (role 'Company', USERNAME() = the
 * company id) shows that company's rows only. Only fetch reaches the outside world.
 */
export function powerBiClient(config: PowerBiConfig, clock: () => Date) {
  let cached: AccessToken | null = null;
  let pending: Promise<AccessToken> | null = null;

  async function call(url: string, init: RequestInit, what: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(config.timeoutMs) });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer in ${config.timeoutMs} ms` : String(error);
      throw new PowerBiUnavailable(`${what}: ${reason}`);
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) {
      // A refused token may be a revoked or rotated secret: the next call asks for a new one.
      if (response.status === 401 || response.status === 403) cached = null;
      throw new PowerBiUnavailable(`${what}: HTTP ${response.status} ${text.slice(0, 300)}`);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new PowerBiUnavailable(`${what}: the answer is not JSON`);
    }
  }

  async function requestToken(): Promise<AccessToken> {
    const body = await call(`${config.authorityUrl}/${encodeURIComponent(config.tenantId)}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials', client_id: config.clientId, client_secret: config.clientSecret, scope: POWERBI_SCOPE,
      }).toString(),
    }, 'Azure AD token') as { access_token?: unknown; expires_in?: unknown };
    const expiresIn = Number(body.expires_in);
    if (typeof body.access_token !== 'string' || !Number.isFinite(expiresIn)) throw new PowerBiUnavailable('Azure AD token: no access_token or expires_in');
    return { value: body.access_token, renewAt: clock().getTime() + expiresIn * 1000 - TOKEN_RENEW_BEFORE_MS };
  }

  /** The cached token while it is fresh; one request at a time for a new one. */
  async function accessToken(): Promise<string> {
    if (cached && clock().getTime() < cached.renewAt) return cached.value;
    pending ??= requestToken().finally(() => { pending = null; });
    cached = await pending;
    return cached.value;
  }

  return {
    /** The embed configuration of the configured report for one company. */
    async embedConfig(companyId: string): Promise<AnalyticsEmbedConfig> {
      const bearer = { authorization: `Bearer ${await accessToken()}` };
      const reportId = config.reportId;
      const report = await call(
        `${config.apiUrl}/v1.0/myorg/groups/${encodeURIComponent(config.workspaceId)}/reports/${encodeURIComponent(reportId)}`,
        { headers: bearer }, 'Power BI report',
      ) as { embedUrl?: unknown; datasetId?: unknown };
      if (typeof report.embedUrl !== 'string' || typeof report.datasetId !== 'string') {
        throw new PowerBiUnavailable('Power BI report: no embedUrl or datasetId');
      }
      const generated = await call(`${config.apiUrl}/v1.0/myorg/GenerateToken`, {
        method: 'POST',
        headers: { ...bearer, 'content-type': 'application/json' },
        body: JSON.stringify({
          reports: [{ id: reportId }],
          datasets: [{ id: report.datasetId }],
          identities: [{ username: companyId, roles: ['Company'], datasets: [report.datasetId] }],
        }),
      }, 'Power BI GenerateToken') as { token?: unknown; expiration?: unknown };
      if (typeof generated.token !== 'string') throw new PowerBiUnavailable('Power BI GenerateToken: no token');
      return {
        reportId,
        embedUrl: report.embedUrl,
        embedToken: generated.token,
        expiresAt: typeof generated.expiration === 'string' ? generated.expiration : null,
      };
    },
  };
}

export type PowerBiClient = ReturnType<typeof powerBiClient>;
