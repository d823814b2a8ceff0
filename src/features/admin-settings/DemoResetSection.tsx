import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { settingsApi } from '../../api/settings';
import { DEMO_RESET_CONFIRMATION, type DemoResetResult } from '../../domain/settings';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { forgetMirroredData, pageReload, RELOAD_AFTER_RESET_MS } from './demoResetDevice';
import { useFailureText } from './messages';

/**
 * The demo-data reset (embedded database only; the page shows this section only when the server
 * says so). The confirm button stays disabled until RESET is typed exactly. After a reset the
 * device's copy of the old data is dropped and the page reloads with the new (demoResetDevice.ts).
 */
export function DemoResetSection({ online, onReset }: { online: boolean; onReset: () => void }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<{ ok: true; value: DemoResetResult } | { ok: false; message: string } | null>(null);
  /** The device's copy being dropped after a reset; the reload waits for it. */
  const forgotten = useRef<Promise<void> | null>(null);
  const [reloadDue, setReloadDue] = useState(false);

  useEffect(() => {
    if (!reloadDue) return;
    const timer = setTimeout(pageReload.reload, RELOAD_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [reloadDue]);

  const reloadNow = () => void forgotten.current?.then(pageReload.reload);

  const close = () => {
    if (running) return;
    setOpen(false);
    setTyped('');
  };

  const reset = async () => {
    setRunning(true);
    setResult(null);
    try {
      const value = await settingsApi.resetDemo(typed);
      setResult({ ok: true, value });
      setOpen(false);
      setTyped('');
      onReset();
      // Even should the copy not be dropped, the reload shows the server's data where it is pulled.
      forgotten.current = forgetMirroredData().catch(() => undefined);
      void forgotten.current.then(() => setReloadDue(true));
    } catch (error) {
      setResult({ ok: false, message: failureText(error) });
    } finally {
      setRunning(false);
    }
  };

  const counts = result?.ok ? result.value.counts : null;
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-muted">
        <Trans>
          Deletes every company, listing, event, chat, product, category and region, and every account except yours, then
          loads the demo data again. Your account and login stay. The settings and the audit log are kept.
        </Trans>
      </p>
      <Button variant="danger" onClick={() => setOpen(true)} disabled={!online || running || counts !== null} data-testid="demo-reset-open">
        <Trans>Reset demo data</Trans>
      </Button>
      <div aria-live="polite" className="w-full">
        {counts && (
          <Alert tone="success" title={<Trans>The demo data was reset</Trans>}>
            <span data-testid="demo-reset-result">
              <Trans>
                Now {counts.categories} categories, {counts.regions} regions, {counts.products} products, {counts.companies} companies,
                {' '}{counts.listings} listings and {counts.users} accounts.
              </Trans>
            </span>
            <span className="mt-2 flex flex-wrap items-center gap-3">
              <span data-testid="demo-reset-reload"><Trans>The page reloads in a moment with the new demo data.</Trans></span>
              <Button variant="secondary" onClick={reloadNow}><Trans>Reload now</Trans></Button>
            </span>
          </Alert>
        )}
      </div>

      <Dialog open={open} onClose={close} title={<Trans>Reset demo data?</Trans>}
        description={<Trans>This cannot be undone. Type RESET to confirm.</Trans>}
        actions={(
          <>
            <Button variant="secondary" onClick={close} disabled={running}><Trans>Cancel</Trans></Button>
            <Button variant="danger" onClick={() => void reset()} loading={running}
              disabled={typed !== DEMO_RESET_CONFIRMATION || !online} data-testid="demo-reset-confirm">
              <Trans>Reset demo data</Trans>
            </Button>
          </>
        )}>
        <TextField label={t`Confirmation`} value={typed} autoComplete="off" spellCheck={false} disabled={running}
          onChange={(e) => setTyped(e.target.value)} data-testid="demo-reset-input"
          hint={<Trans>Type RESET in capital letters.</Trans>} />
        <div aria-live="polite" className="mt-3">
          {running && <p role="status" className="text-sm text-muted"><Trans>Resetting the demo data… This can take a minute.</Trans></p>}
          {result && !result.ok && <Alert tone="error">{result.message}</Alert>}
        </div>
      </Dialog>
    </div>
  );
}
