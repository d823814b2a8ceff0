import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { ProviderStatus } from '../../domain/settings';

interface Row {
  key: keyof ProviderStatus;
  name: ReactNode;
  /** True when an outside provider is configured; false for the built-in stand-in. */
  external: boolean;
  explanation: ReactNode;
}

/** Which mail, WhatsApp, payment, analytics and database providers this server uses (status only, set with environment settings). */
export function ProvidersSection({ providers }: { providers: ProviderStatus }) {
  const rows: Row[] = [
    { key: 'mail', name: <Trans>Mail</Trans>, external: providers.mail === 'smtp',
      explanation: providers.mail === 'smtp'
        ? <Trans>E-mails are sent through the configured SMTP server.</Trans>
        : <Trans>No SMTP server is set (SMTP_URL): e-mails are kept in the local outbox at /dev/outbox and not delivered.</Trans> },
    { key: 'whatsApp', name: <Trans>WhatsApp</Trans>, external: providers.whatsApp === 'cloud-api',
      explanation: providers.whatsApp === 'cloud-api'
        ? <Trans>WhatsApp messages are sent through the configured WhatsApp Cloud API.</Trans>
        : <Trans>No WhatsApp API is set (WHATSAPP_API_URL): messages are kept in the local outbox and not delivered.</Trans> },
    { key: 'payments', name: <Trans>Payments</Trans>, external: providers.payments === 'stripe',
      explanation: providers.payments === 'stripe'
        ? <Trans>Checkout goes to Stripe with the configured key.</Trans>
        : <Trans>No Stripe key is set (STRIPE_SECRET_KEY): the built-in test checkout is used and no money is taken.</Trans> },
    { key: 'analytics', name: <Trans>Analytics</Trans>, external: providers.analytics === 'power-bi',
      explanation: providers.analytics === 'power-bi'
        ? <Trans>The analytics page shows the configured Power BI report.</Trans>
        : <Trans>Power BI is not configured: the analytics page shows its built-in report.</Trans> },
    { key: 'database', name: <Trans>Database</Trans>, external: providers.database === 'postgres',
      explanation: providers.database === 'postgres'
        ? <Trans>The data is kept in PostgreSQL (DATABASE_URL).</Trans>
        : <Trans>The data is kept in the embedded database in the server's data folder.</Trans> },
  ];
  return (
    <>
      <p className="text-sm text-muted">
        <Trans>Providers are chosen with the server's environment settings when it starts; this page only shows which are in use.</Trans>
      </p>
      <dl className="mt-4 grid gap-3 md:grid-cols-2" data-testid="providers">
        {rows.map((row) => (
          <div key={row.key} className="rounded-lg border border-border bg-surface p-4" data-testid={`provider-${row.key}`}>
            <dt className="flex flex-wrap items-center justify-between gap-2 font-semibold">
              {row.name}
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${row.external ? 'bg-accent text-on-accent' : 'border border-border text-muted'}`}>
                {row.external ? <Trans>Active</Trans> : <Trans>Local default</Trans>}
              </span>
            </dt>
            <dd className="mt-1 text-sm text-muted">{row.explanation}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
