import { Trans, useLingui } from '@lingui/react/macro';
import type { CompanySubscription } from '../../domain/products';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useLongDate } from './labels';

export interface CancelSubscriptionDialogProps {
  subscription: CompanySubscription;
  busy: boolean;
  /** Why the last try failed; the dialog stays open with it. */
  failure: string | null;
  onKeep: () => void;
  onConfirm: () => void;
}

/**
 * Asks before cancelling (spec 2 §5): it cannot be undone, and the benefits stay until the period
 * end, named with its date. Headless UI starts the focus on Keep, the safe choice.
 */
export function CancelSubscriptionDialog({ subscription, busy, failure, onKeep, onConfirm }: CancelSubscriptionDialogProps) {
  const { t } = useLingui();
  const longDate = useLongDate();
  const plan = subscription.productName;
  const until = longDate(subscription.periodEnd);
  const close = () => {
    if (!busy) onKeep();
  };
  return (
    <Dialog open onClose={close} size="sm" title={t`Cancel subscription`}
      description={(
        <>
          <Trans>Cancel the {plan} subscription? This cannot be undone.</Trans>{' '}
          <Trans>Your listing tokens and event clicks stay until the period ends on {until}.</Trans>
        </>
      )}
      actions={(
        <>
          <Button variant="secondary" onClick={close} disabled={busy} data-testid="cancel-keep"><Trans>Keep subscription</Trans></Button>
          <Button variant="danger" onClick={onConfirm} loading={busy} data-testid="cancel-confirm"><Trans>Cancel subscription</Trans></Button>
        </>
      )}>
      {failure && <Alert tone="error">{failure}</Alert>}
    </Dialog>
  );
}
