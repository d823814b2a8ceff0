import { useLingui } from '@lingui/react/macro';
import { paths } from '../../config/paths';
import { CompanyStatus } from '../../domain/companies';
import { HubTile } from './HubTile';
import { useGateReasons } from './gates';

/**
 * The company hub (spec 2 §2): six tiles. Listings, Subscriptions, Messages and Events are
 * disabled, with the spec's tooltip, unless the company is Active.
 */
export function CompanyHub({ companyId, status }: { companyId: string; status: number }) {
  const { t } = useLingui();
  const gate = useGateReasons(status === CompanyStatus.Active);
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="company-hub">
      <li><HubTile title={t`Company Overview`} description={t`See the company as visitors see it`}
        href={paths.companyOverview.href(companyId)} data-testid="tile-overview" /></li>
      <li><HubTile title={t`Company Details`} description={t`Name, contact details, logo and banner`}
        href={paths.company.href(companyId, 'details')} data-testid="tile-details" /></li>
      <li><HubTile title={t`Listings`} description={t`Create and manage your listings`}
        href={paths.company.href(companyId, 'listings')} disabledReason={gate.listings} data-testid="tile-listings" /></li>
      <li><HubTile title={t`Subscriptions`} description={t`Plans and tokens of the company`}
        href={paths.company.href(companyId, 'subscription')} disabledReason={gate.subscription} data-testid="tile-subscription" /></li>
      <li><HubTile title={t`Messages`} description={t`Conversations with customers`}
        href={paths.companyMessages.href(companyId)} disabledReason={gate.messages} data-testid="tile-messages" /></li>
      <li><HubTile title={t`Events`} description={t`Events and event requests`}
        href={paths.company.href(companyId, 'events')} disabledReason={gate.events} data-testid="tile-events" /></li>
    </ul>
  );
}
