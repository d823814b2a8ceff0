import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { COMPANY_RETENTION_DAYS } from '../../domain/companies';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';

export interface DeleteCompanyDialogProps {
  open: boolean;
  companyName: string;
  onClose: () => void;
  onConfirm: () => void;
  busy?: boolean;
}

/**
 * Confirms a company deletion (spec 2 §5): Delete Company is enabled only when the typed text
 * equals the company name exactly (case and spaces count). Headless UI traps the focus and puts it
 * on the text field first.
 */
export function DeleteCompanyDialog({ open, companyName, onClose, onConfirm, busy = false }: DeleteCompanyDialogProps) {
  const { t } = useLingui();
  const [typed, setTyped] = useState('');
  const hintId = useId();
  const matches = typed === companyName;
  const close = () => {
    setTyped('');
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} size="sm" title={t`Delete Company`}
      description={<Trans>The company and its listings are hidden at once. You can restore it for {COMPANY_RETENTION_DAYS} days; after that it is removed for good.</Trans>}
      actions={(
        <>
          <Button variant="secondary" onClick={close}><Trans>Cancel</Trans></Button>
          <Button variant="danger" disabled={!matches} loading={busy} data-testid="delete-company-confirm"
            onClick={() => {
              if (!matches) return;
              setTyped('');
              onConfirm();
            }}>
            <Trans>Delete Company</Trans>
          </Button>
        </>
      )}>
      <form onSubmit={(e) => {
        e.preventDefault();
        if (matches) {
          setTyped('');
          onConfirm();
        }
      }}>
        <p id={hintId} className="mb-3 text-sm">
          <Trans>To confirm, type the company name <strong className="break-all font-semibold">{companyName}</strong> exactly.</Trans>
        </p>
        <TextField label={t`Company name`} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off"
          aria-describedby={hintId} data-autofocus data-testid="delete-company-name" spellCheck={false} />
      </form>
    </Dialog>
  );
}
