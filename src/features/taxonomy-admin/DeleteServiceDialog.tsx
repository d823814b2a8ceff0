import { Trans } from '@lingui/react/macro';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import type { AdminService } from './serviceKind';
import { useServiceTexts } from './serviceTexts';

export interface DeleteServiceDialogProps {
  service: AdminService;
  busy: boolean;
  /** Why the last try failed (e.g. listings offer the service); the dialog stays open with it. */
  failure: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a service goes. Headless UI traps the focus and starts on Cancel, the safe choice. */
export function DeleteServiceDialog({ service, busy, failure, onCancel, onConfirm }: DeleteServiceDialogProps) {
  const texts = useServiceTexts(service.kind);
  const close = () => {
    if (!busy) onCancel();
  };
  return (
    <Dialog open onClose={close} size="sm" title={texts.deleteTitle} description={texts.deleteQuestion(service.name)}
      actions={(
        <>
          <Button variant="secondary" onClick={close} disabled={busy} data-testid="service-delete-cancel"><Trans>Cancel</Trans></Button>
          <Button variant="danger" onClick={onConfirm} loading={busy} data-testid="service-delete-confirm"><Trans>Delete</Trans></Button>
        </>
      )}>
      {failure && <div data-testid="service-delete-failure"><Alert tone="error">{failure}</Alert></div>}
    </Dialog>
  );
}
