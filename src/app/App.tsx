import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { changeLocale, normalizeLocale } from './i18n';

type ServerStatus = 'checking' | 'ok' | 'unreachable';

function useServerHealth(): ServerStatus {
  const [status, setStatus] = useState<ServerStatus>('checking');
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/health', { signal: controller.signal, headers: { accept: 'application/json' } })
      .then((res) => setStatus(res.ok ? 'ok' : 'unreachable'))
      .catch(() => {
        if (!controller.signal.aborted) setStatus('unreachable');
      });
    return () => controller.abort();
  }, []);
  return status;
}

/** Placeholder home page; the app shell replaces it. */
export function App() {
  const status = useServerHealth();
  const { i18n } = useLingui();
  const locale = normalizeLocale(i18n.locale);
  const other = locale === 'en' ? 'no' : 'en';

  return (
    <main
      data-testid="app-root"
      className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center gap-6 px-6 py-12"
    >
      <h1 className="text-4xl font-bold tracking-tight text-gold">EventMarket</h1>
      <p className="text-lg text-zinc-200">
        <Trans>Find event-service suppliers in Norway and Sweden</Trans>
      </p>
      <p data-testid="server-status" role="status" aria-live="polite" className="text-sm text-zinc-400">
        {status === 'checking' && <Trans>Checking server…</Trans>}
        {status === 'ok' && <Trans>Server: ok</Trans>}
        {status === 'unreachable' && <Trans>Server unreachable</Trans>}
      </p>
      <div>
        <button
          type="button"
          lang={other}
          onClick={() => changeLocale(other)}
          className="rounded-md border border-gold/60 px-3 py-1.5 text-sm text-gold hover:bg-gold hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold"
        >
          {other === 'no' ? 'Norsk' : 'English'}
        </button>
      </div>
    </main>
  );
}
