import { useState, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { settingsApi } from '../../api/settings';
import type { AdminSettings } from '../../domain/settings';
import { AdminBreadcrumb } from '../../ui/AdminBreadcrumb';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { useOnline } from '../../ui/useConnection';
import { usePulled } from '../../ui/usePulled';
import { AuditLogSection } from './AuditLogSection';
import { DemoResetSection } from './DemoResetSection';
import { ProvidersSection } from './ProvidersSection';
import { SettingsForm } from './SettingsForm';

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-semibold text-accent">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/**
 * /admin/settings (issue 15): the contact details shown to everyone, which providers this server
 * uses, the demo-data reset (embedded database only) and the audit log of admin changes.
 */
export default function AdminSettingsPage() {
  const online = useOnline();
  const pulled = usePulled('admin:settings', settingsApi.admin);
  // A saved answer replaces the pulled one; bumping auditKey reloads the log so the new entry shows.
  const [saved, setSaved] = useState<AdminSettings | null>(null);
  const [auditKey, setAuditKey] = useState(0);
  const settings = saved ?? pulled.value;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <AdminBreadcrumb />
      <h1 className="mt-2 text-3xl font-bold"><Trans>Settings</Trans></h1>
      <p className="mt-2 text-muted"><Trans>What an operator sees and sets without a shell: contact details, providers, demo data and the record of admin changes.</Trans></p>
      {!online && (
        <div className="mt-4"><Alert><Trans>You are offline. Settings can be changed when you are back online.</Trans></Alert></div>
      )}

      {pulled.status === 'loading' && !settings ? (
        <div className="mt-8 flex flex-col gap-4" aria-busy="true">
          <p role="status" className="sr-only"><Trans>Loading settings…</Trans></p>
          <Skeleton className="h-10 w-full" /><Skeleton className="h-10 w-full" /><Skeleton className="h-32 w-full" />
        </div>
      ) : !settings ? (
        <div className="mt-8 flex flex-col items-start gap-3" data-testid="settings-error">
          <Alert tone="error">
            {pulled.status === 'offline'
              ? <Trans>The settings could not be loaded: the server cannot be reached.</Trans>
              : <Trans>Failed to fetch settings</Trans>}
          </Alert>
          <Button variant="secondary" onClick={pulled.retry}><Trans>Try Again</Trans></Button>
        </div>
      ) : (
        <>
          <Section id="settings-contact" title={<Trans>Contact details</Trans>}>
            <SettingsForm settings={settings} online={online} onSaved={(next) => { setSaved(next); setAuditKey((k) => k + 1); }} />
          </Section>
          <Section id="settings-providers" title={<Trans>Providers</Trans>}>
            <ProvidersSection providers={settings.providers} />
          </Section>
          {settings.demoResetAvailable && (
            <Section id="settings-demo" title={<Trans>Demo data</Trans>}>
              <DemoResetSection online={online} onReset={() => setAuditKey((k) => k + 1)} />
            </Section>
          )}
        </>
      )}

      <Section id="settings-audit" title={<Trans>Audit log</Trans>}>
        <AuditLogSection reloadKey={auditKey} />
      </Section>
    </div>
  );
}
