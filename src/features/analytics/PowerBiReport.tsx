import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { analyticsApi } from '../../api/analytics';
import { ANALYTICS_EMBED_RETRY_MS, ANALYTICS_FRAME_HEIGHT_PX } from '../../domain/analytics';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { embedReport, type EmbeddedReport } from './powerbi';

/** Tries in all (the first and the retries after ANALYTICS_EMBED_RETRY_MS) before the page gives up and offers Retry. */
export const ANALYTICS_EMBED_ATTEMPTS = 3;
/**
 * An attempt (config, client chunk, report) that has neither loaded nor failed by then counts as
 * failed: an embed whose frame never answers fires neither event and would spin for ever.
 */
export const ANALYTICS_EMBED_TIMEOUT_MS = 30_000;
/** The embed token is renewed this long before it expires. */
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;
/** A renewal that failed is tried again after this long (the old token still works meanwhile). */
export const TOKEN_REFRESH_RETRY_MS = 30_000;
/** setTimeout's longest delay; a token valid longer is renewed at the latest after this. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** When to renew a token that expires at `expiresAt`: the margin before, or half the time left when that is sooner. */
export function refreshDelay(expiresAt: string | null, now: number): number | null {
  if (!expiresAt) return null;
  const left = Date.parse(expiresAt) - now;
  if (Number.isNaN(left)) return null;
  return Math.min(MAX_TIMER_MS, Math.max(0, left > 2 * TOKEN_REFRESH_MARGIN_MS ? left - TOKEN_REFRESH_MARGIN_MS : left / 2));
}

type EmbedStatus = 'loading' | 'loaded' | 'failed';

/**
 * The configured Power BI report, embedded 1000 px high (spec 2 §9). A failed embed (or one not
 * loaded within ANALYTICS_EMBED_TIMEOUT_MS) is tried again after 1 s, up to ANALYTICS_EMBED_ATTEMPTS
 * times, then the page says so with Retry. The embed token is renewed before it expires.
 */
export function PowerBiReport({ reportId, companyId, companyName }: { reportId: string; companyId: string; companyName: string }) {
  const { t } = useLingui();
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<EmbedStatus>('loading');
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let live = true;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attemptTimer: ReturnType<typeof setTimeout> | undefined;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let embedded: EmbeddedReport | null = null;

    const scheduleRefresh = (expiresAt: string | null, delay = refreshDelay(expiresAt, Date.now())) => {
      clearTimeout(refreshTimer);
      if (delay === null) return;
      refreshTimer = setTimeout(async () => {
        try {
          const fresh = await analyticsApi.embedConfig(reportId, companyId);
          if (!live) return;
          await embedded?.setAccessToken(fresh.embedToken);
          scheduleRefresh(fresh.expiresAt);
        } catch {
          if (live) scheduleRefresh(null, TOKEN_REFRESH_RETRY_MS);
        }
      }, delay);
    };

    const run = async () => {
      attempt += 1;
      const thisAttempt = attempt;
      let failed = false;
      let loaded = false;
      // Each attempt fails once: the client may report several errors for the same load. Errors
      // after the report loaded (a visual that failed) leave the working report in place.
      const fail = () => {
        if (!live || failed || loaded || thisAttempt !== attempt) return;
        failed = true;
        clearTimeout(attemptTimer);
        clearTimeout(refreshTimer);
        if (attempt < ANALYTICS_EMBED_ATTEMPTS) retryTimer = setTimeout(() => void run(), ANALYTICS_EMBED_RETRY_MS);
        else setStatus('failed');
      };
      attemptTimer = setTimeout(fail, ANALYTICS_EMBED_TIMEOUT_MS);
      try {
        const config = await analyticsApi.embedConfig(reportId, companyId);
        // A config that came after this attempt timed out: the next attempt embeds.
        if (!live || failed) return;
        embedded?.reset();
        const report = await embedReport(element, config, {
          onLoaded: () => {
            if (!live || failed || thisAttempt !== attempt) return;
            loaded = true;
            clearTimeout(attemptTimer);
            setStatus('loaded');
            scheduleRefresh(config.expiresAt);
          },
          onError: fail,
        });
        // The client chunk loaded after the page went, or after this attempt timed out: take the
        // report out of the shared powerbi service again. Not when a newer attempt has started,
        // though: it embeds in the same container, and the reset would take its report out.
        if (!live || (failed && thisAttempt === attempt)) {
          report.reset();
          return;
        }
        if (thisAttempt !== attempt) return;
        embedded = report;
      } catch {
        fail();
      }
    };
    void run();
    return () => {
      live = false;
      clearTimeout(retryTimer);
      clearTimeout(attemptTimer);
      clearTimeout(refreshTimer);
      embedded?.reset();
    };
  }, [reportId, companyId, generation]);

  const retry = () => {
    setStatus('loading');
    setGeneration((g) => g + 1);
  };

  return (
    <section aria-labelledby="powerbi-title" aria-busy={status === 'loading' || undefined}>
      <h2 id="powerbi-title" className="sr-only"><Trans>Power BI report</Trans></h2>
      {status === 'loading' && (
        <p role="status" className="mb-3 flex items-center gap-2 text-muted"><Spinner size="sm" /><Trans>Loading the report…</Trans></p>
      )}
      {status === 'failed' && (
        <div className="mb-3 flex flex-col items-start gap-3" data-testid="analytics-embed-error">
          <Alert tone="error" title={<Trans>Failed to load company data or Power BI report</Trans>} />
          <Button variant="secondary" onClick={retry}><Trans>Retry</Trans></Button>
        </div>
      )}
      <div ref={container} data-testid="powerbi-frame" role="region" aria-label={t`Analytics report for ${companyName}`}
        className={`w-full overflow-hidden rounded-lg border border-border ${status === 'failed' ? 'hidden' : ''}`}
        style={{ height: ANALYTICS_FRAME_HEIGHT_PX }} />
    </section>
  );
}
