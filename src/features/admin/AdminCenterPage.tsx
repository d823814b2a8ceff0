import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { settingsApi } from '../../api/settings';
import { paths } from '../../config/paths';
import type { AdminSummary } from '../../domain/settings';
import { usePulled } from '../../ui/usePulled';

interface Group {
  title: ReactNode;
  cards: { href: string; label: ReactNode; waiting?: keyof AdminSummary }[];
}

/** The count on an Approvals card; nothing while unknown (loading, offline, failed) so no card reads '0' wrongly. */
function WaitingBadge({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <span data-testid="waiting-count"
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${count > 0 ? 'bg-accent text-on-accent' : 'border border-border text-muted'}`}>
      <Trans>{count} waiting</Trans>
    </span>
  );
}

/** The Admin Center: cards grouped into Approvals, Group filters, Location filters and Settings. */
export default function AdminCenterPage() {
  // The counts are extra: a failure or no connection leaves the cards as links without them.
  const summary = usePulled('admin:summary', settingsApi.summary, { quietReconnect: true }).value;
  const groups: Group[] = [
    { title: <Trans>Approvals</Trans>, cards: [
      { href: paths.adminSection.href('approvals/companies'), waiting: 'companies', label: <Trans>Companies</Trans> },
      { href: paths.adminSection.href('approvals/listings'), waiting: 'listings', label: <Trans>Listings</Trans> },
      { href: paths.adminSection.href('approvals/events'), waiting: 'events', label: <Trans>Events</Trans> },
      { href: paths.adminSection.href('approvals/subscriptions'), waiting: 'subscriptions', label: <Trans>Subscriptions</Trans> },
    ] },
    { title: <Trans>Group filters</Trans>, cards: [
      { href: paths.adminSection.href('categories'), label: <Trans>Categories</Trans> },
      { href: paths.adminSection.href('category-services'), label: <Trans>Category services</Trans> },
      { href: paths.adminSection.href('subcategories'), label: <Trans>Subcategories</Trans> },
      { href: paths.adminSection.href('subcategory-services'), label: <Trans>Subcategory services</Trans> },
    ] },
    { title: <Trans>Location filters</Trans>, cards: [{ href: paths.adminSection.href('regions'), label: <Trans>Regions</Trans> }] },
    { title: <Trans>Settings</Trans>, cards: [
      { href: paths.adminSection.href('products'), label: <Trans>Products</Trans> },
      { href: paths.adminSection.href('settings'), label: <Trans>Settings</Trans> },
    ] },
  ];
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold"><Trans>Admin Center</Trans></h1>
      {groups.map((group, i) => (
        <section key={i} className="mt-8" aria-labelledby={`admin-group-${i}`}>
          <h2 id={`admin-group-${i}`} className="text-xl font-semibold text-accent">{group.title}</h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {group.cards.map((card) => (
              <li key={card.href}>
                <Link href={card.href} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border bg-surface p-4 font-medium hover:border-accent">
                  {/* The link's name is the label and the count together ('Companies 3 waiting'). */}
                  <span>{card.label}</span>
                  {card.waiting && <WaitingBadge count={summary?.[card.waiting]} />}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
