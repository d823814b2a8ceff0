import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CompanyStatus, isHttpUrl, type Company, type OwnedCompany } from '../../domain/companies';
import { BANNER_SIZES, BANNER_WIDTH, LARGE_WIDTHS } from '../../ui/banner-image';
import { Button } from '../../ui/Button';
import { formatDayMonthYear } from '../../ui/formatDate';
import { Image } from '../../ui/Image';
import { usePageTitle } from '../../ui/page-title';
import { CompanyStatusChip } from '../../ui/CompanyStatusChip';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The phone number stays hidden behind 'View Phone' until asked for (spec 2 §2), as on the listing page. */
function Phone({ phoneNumber }: { phoneNumber: string }) {
  const [shown, setShown] = useState(false);
  if (shown) {
    return <a href={telHref(phoneNumber)} className="font-semibold text-accent hover:underline" data-testid="company-phone">{phoneNumber}</a>;
  }
  return <Button variant="secondary" className="w-full" onClick={() => setShown(true)}><Trans>View Phone</Trans></Button>;
}

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** The company's contact card: its links (a new tab each), e-mail, organization number and phone. */
function Contact({ company }: { company: Company }) {
  const { t } = useLingui();
  const links = [
    { url: company.websiteUrl, label: t`Website` },
    { url: company.facebookUrl, label: 'Facebook' },
    { url: company.instagramUrl, label: 'Instagram' },
    { url: company.twitterUrl, label: 'Twitter' },
    { url: company.youtubeUrl, label: 'YouTube' },
    // Only http(s) addresses become links: a stored value is never trusted to be one.
  ].filter((l): l is { url: string; label: string } => Boolean(l.url && isHttpUrl(l.url)));
  const empty = links.length === 0 && !company.email && !company.phoneNumber && !company.organizationNumber;
  return (
    <section aria-labelledby="company-contact-title" className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-5" data-testid="company-contact">
      <h2 id="company-contact-title" className="text-lg font-semibold"><Trans>Contact</Trans></h2>
      {links.length > 0 && (
        <ul className="flex flex-col gap-2 text-sm">
          {links.map((l) => (
            <li key={l.label}>
              <a href={l.url} target="_blank" rel="noopener noreferrer" className="text-accent hover:underline">
                {l.label}<span className="sr-only"> <Trans>(opens in a new tab)</Trans></span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {company.email && <a href={`mailto:${company.email}`} className="break-all text-sm text-accent hover:underline">{company.email}</a>}
      {company.organizationNumber && (
        <p className="text-sm"><span className="text-muted"><Trans>Organization number</Trans>:</span> <span data-testid="company-org-number">{company.organizationNumber}</span></p>
      )}
      {company.phoneNumber && <Phone phoneNumber={company.phoneNumber} />}
      {empty && <p className="text-sm text-muted"><Trans>No contact details given.</Trans></p>}
    </section>
  );
}

/** What an Admin reviewing the company sees beyond the public page: its full record (spec 2 §3). */
export function CompanyRecord({ company }: { company: OwnedCompany }) {
  const rows: { label: ReactNode; value: ReactNode }[] = [
    { label: <Trans>Status</Trans>, value: <CompanyStatusChip status={company.status} /> },
    { label: <Trans>Created</Trans>, value: formatDayMonthYear(company.createdAt) },
    { label: <Trans>Last updated</Trans>, value: formatDayMonthYear(company.updatedAt) },
    ...(company.deletedAt ? [{ label: <Trans>Deleted</Trans>, value: formatDayMonthYear(company.deletedAt) }] : []),
    { label: <Trans>Owner</Trans>, value: company.owner ? `${company.owner.fullName} (${company.owner.email})` : '—' },
    { label: <Trans>Organization number</Trans>, value: company.organizationNumber || '—' },
    { label: <Trans>Email</Trans>, value: company.email || '—' },
    // The Admin deciding needs the number itself: no 'View Phone' step here.
    { label: <Trans>Phone</Trans>, value: company.phoneNumber || '—' },
  ];
  return (
    <section aria-labelledby="company-record-title" className="rounded-lg border border-accent bg-surface p-5" data-testid="company-record">
      <h2 id="company-record-title" className="text-lg font-semibold"><Trans>Company record</Trans></h2>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {rows.map((row, i) => (
          <div key={i} className="contents">
            <dt className="text-muted">{row.label}</dt>
            <dd className="break-all">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export interface CompanyProfileProps {
  company: Company;
  /** Shown above the page (e.g. the saved-copy note). */
  notice?: ReactNode;
  /** The Admin's record, between the header and the rest. */
  record?: ReactNode;
  /** The company's listings section. */
  listings: ReactNode;
}

/**
 * A company's public face (spec 2 §2, §3): banner, logo, name, short description, description,
 * contact card with links, organization number and the phone behind 'View Phone', then its
 * listings. A status other than Active (only its owner or an Admin is answered such a company)
 * shows as a chip.
 */
export function CompanyProfile({ company, notice, record, listings }: CompanyProfileProps) {
  usePageTitle(company.name);
  return (
    <article className="mx-auto max-w-6xl px-0 py-6 sm:px-4 sm:py-8" aria-labelledby="company-title" data-testid="company-overview">
      {notice && <div className="px-4 sm:px-0">{notice}</div>}
      {company.bannerImageUri && (
        <Image fileId={company.bannerImageUri} width={BANNER_WIDTH} widths={LARGE_WIDTHS} sizes={BANNER_SIZES} alt=""
          priority aspectRatio={null} data-testid="company-banner"
          className="mt-4 aspect-square max-h-[400px] w-full sm:rounded-lg lg:aspect-[3] lg:max-h-[600px]" />
      )}
      <div className="flex flex-col gap-8 px-4 sm:px-0">
        <header className="mt-6 flex flex-wrap items-center gap-4">
          {company.logoImageUri && (
            <Image fileId={company.logoImageUri} width={300} alt="" aspectRatio="16 / 9" className="w-32 shrink-0 rounded-md sm:w-40" data-testid="company-logo" />
          )}
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-3">
              <h1 id="company-title" className="text-3xl font-bold tracking-tight sm:text-4xl">{company.name}</h1>
              {company.status !== CompanyStatus.Active && <CompanyStatusChip status={company.status} />}
            </div>
            {company.shortDescription && <p className="mt-2 text-lg text-muted">{company.shortDescription}</p>}
          </div>
        </header>
        {record}
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="flex min-w-0 flex-col gap-10">
            {company.description.trim() && (
              <Section id="company-about" title={<Trans>About</Trans>}>
                <p className="whitespace-pre-line leading-relaxed" data-testid="company-description">{company.description}</p>
              </Section>
            )}
            {listings}
          </div>
          <aside className="lg:sticky lg:top-20 lg:self-start"><Contact company={company} /></aside>
        </div>
      </div>
    </article>
  );
}
