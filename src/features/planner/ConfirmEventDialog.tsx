import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

/** Asks before Cancel or Delete of an event; the dialog keeps focus and says what will happen. */
export function ConfirmEventDialog({ open, title, description, confirmLabel, busy, onClose, onConfirm }: {
  open: boolean; title: ReactNode; description: ReactNode; confirmLabel: ReactNode; busy: boolean;
  onClose: () => void; onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} title={title} description={description} size="sm"
      actions={(
        <>
          <Button variant="secondary" disabled={busy} onClick={onClose}><Trans>Keep Event</Trans></Button>
          <Button variant="danger" loading={busy} onClick={onConfirm} data-testid="confirm-event-action">{confirmLabel}</Button>
        </>
      )} />
  );
}
