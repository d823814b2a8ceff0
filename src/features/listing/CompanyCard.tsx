import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { paths } from '../../config/paths';
import { recordListingEvent } from '../../api/statistics';
import type { Company } from '../../domain/listings';
import { session } from '../../state/session';
import { Button } from '../../ui/Button';
import { Image } from '../../ui/Image';
import { formatPrice } from '../../ui/ListingCard';
import { useCompanyPull } from './useCompanyPull';

/** What the side card shows of a company: the stored company, or what the listing carries. */
export type CompanyInfo = Pick<Company, 'id' | 'name' | 'logoImageUri'> & Partial<Pick<Company, 'websiteUrl' | 'facebookUrl' | 'instagramUrl' | 'phoneNumber' | 'email' | 'shortDescription'>>;

export interface CompanyCardProps {
  listingId: string;
  /** The listing's name, carried to the messages screen when a chat about it starts. */
  listingName: string;
  price: number | null;
  companyId: string;
  /** The company as embedded in the listing: shown when the company cannot be fetched (offline). */
  fallback: CompanyInfo | null;
}

const isWebUrl = (value: string | null | undefined): value is string => Boolean(value && /^https?:\/\//i.test(value));

function ExternalLink({ listingId, url, children }: { listingId: string; url: string; children: ReactNode }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" onClick={() => void recordListingEvent(listingId, 'linkOpen', { url })}
      className="inline-flex items-center gap-2 text-accent hover:underline">
      {children}
    </a>
  );
}

function Phone({ listingId, phoneNumber }: { listingId: string; phoneNumber: string }) {
  const [shown, setShown] = useState(false);
  if (shown) {
    return (
      <a href={`tel:${phoneNumber.replace(/[^\d+]/g, '')}`} className="font-semibold text-accent hover:underline" data-testid="company-phone">
        {phoneNumber}
      </a>
    );
  }
  return (
    <Button variant="secondary" className="w-full" onClick={() => {
      setShown(true);
      void recordListingEvent(listingId, 'phoneClick', { phoneNumber });
    }}>
      <Trans>View Phone</Trans>
    </Button>
  );
}

function CompanyDetails({ listingId, company }: { listingId: string; company: CompanyInfo }) {
  const { t } = useLingui();
  const links = [
    { url: company.websiteUrl, label: t`Website` },
    { url: company.facebookUrl, label: 'Facebook' },
    { url: company.instagramUrl, label: 'Instagram' },
  ].filter((l): l is { url: string; label: string } => isWebUrl(l.url));
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <Image fileId={company.logoImageUri} width={300} alt="" aspectRatio="16 / 9" className="w-24 shrink-0 rounded-md" />
        <p className="text-lg font-semibold" data-testid="company-name">{company.name}</p>
      </div>
      {company.shortDescription && <p className="text-sm text-muted">{company.shortDescription}</p>}
      {links.length > 0 && (
        <ul className="flex flex-col gap-2 text-sm">
          {links.map((l) => (
            <li key={l.label}><ExternalLink listingId={listingId} url={l.url}>{l.label}</ExternalLink></li>
          ))}
        </ul>
      )}
      {company.email && (
        <a href={`mailto:${company.email}`} className="text-sm text-accent hover:underline">{company.email}</a>
      )}
      {company.phoneNumber && <Phone listingId={listingId} phoneNumber={company.phoneNumber} />}
    </div>
  );
}

/**
 * The side card (spec 2 §2): company logo, name, the price or 'Contact for Price', links that
 * record linkOpen, the phone behind 'View Phone' (records phoneClick), and Send message
 * (opens the chat about the listing; anonymous users log in first).
 */
export function CompanyCard({ listingId, listingName, price, companyId, fallback }: CompanyCardProps) {
  const { t, i18n } = useLingui();
  const { user } = useSnapshot(session);
  const [, navigate] = useLocation();
  const { company, pull } = useCompanyPull(companyId);
  const shown: CompanyInfo | null = company ?? (pull === 'failed' ? fallback : null);

  // The server records chatStart when it creates the chat, so nothing is recorded here.
  const startChat = () => {
    const companyName = shown?.name ?? fallback?.name ?? '';
    const target = paths.newListingChat.href({ companyId, companyName, listingId, listingName });
    navigate(user ? target : paths.login.href(target));
  };

  return (
    <section aria-labelledby="company-card-title" className="flex flex-col gap-5 rounded-lg border border-border bg-surface p-5" data-testid="company-card">
      <h2 id="company-card-title" className="sr-only"><Trans>Company</Trans></h2>
      <p className="text-2xl font-bold text-accent" data-testid="listing-price">{formatPrice(price, i18n.locale) ?? t`Contact for Price`}</p>
      {shown ? (
        <CompanyDetails listingId={listingId} company={shown} />
      ) : pull === 'loading' ? (
        <p className="flex items-center gap-2 text-sm text-muted" data-testid="company-loading">
          <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
          <Trans>Loading company information...</Trans>
        </p>
      ) : (
        <p className="text-sm text-muted" data-testid="company-not-found"><Trans>Company not found</Trans></p>
      )}
      <Button onClick={startChat} className="w-full"><Trans>Send message</Trans></Button>
    </section>
  );
}
