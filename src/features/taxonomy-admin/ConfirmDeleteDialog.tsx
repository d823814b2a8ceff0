import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

export interface ConfirmDeleteDialogProps {
  title: string;
  /** The question and what goes with the item. */
  description: ReactNode;
  busy: boolean;
  /** Why the last try failed (e.g. listings still use the item); the dialog stays open with it. */
  failure: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  /** Prefix of the test ids: `{testId}-cancel`, `-confirm`, `-failure`. */
  testId: string;
}

/**
 * Asks before a taxonomy item goes. Headless UI traps the focus and starts on Cancel, the safe
 * choice; a refusal shows inside the dialog, announced by the alert.
 */
export function ConfirmDeleteDialog({ title, description, busy, failure, onCancel, onConfirm, testId }: ConfirmDeleteDialogProps) {
  const close = () => {
    if (!busy) onCancel();
  };
  return (
    <Dialog open onClose={close} size="sm" title={title} description={description}
      actions={(
        <>
          <Button variant="secondary" onClick={close} disabled={busy} data-testid={`${testId}-cancel`}><Trans>Cancel</Trans></Button>
          <Button variant="danger" onClick={onConfirm} loading={busy} data-testid={`${testId}-confirm`}><Trans>Delete</Trans></Button>
        </>
      )}>
      {failure && <div data-testid={`${testId}-failure`}><Alert tone="error">{failure}</Alert></div>}
    </Dialog>
  );
}
