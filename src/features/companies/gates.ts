import { useLingui } from '@lingui/react/macro';

export interface GateReasons {
  listings: string | null;
  subscription: string | null;
  messages: string | null;
  events: string | null;
}

/** Why each gated part of a company is closed (spec 2 §2 tooltips), or null for all when it is Active. */
export function useGateReasons(active: boolean): GateReasons {
  const { t } = useLingui();
  if (active) return { listings: null, subscription: null, messages: null, events: null };
  return {
    listings: t`Company must be active to manage listings`,
    subscription: t`Company must be active to manage subscriptions`,
    messages: t`Company must be active to view messages`,
    events: t`Company must be active to view events`,
  };
}
