import { useId, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button } from './Button';
import { Dialog, type DialogProps } from './Dialog';

/**
 * A dialog holding one form, with Cancel and a submit button (Save unless told otherwise) below
 * it. Enter in a field submits, as the button does; both are off while `busy`, and Cancel closes.
 */
export function FormDialog({ title, description, size, onClose, busy, canSubmit, onSubmit, submitLabel, submitTestId, formClassName = 'flex flex-col gap-4', children }: {
  title: ReactNode;
  description?: ReactNode;
  size?: DialogProps['size'];
  onClose: () => void;
  busy: boolean;
  canSubmit: boolean;
  onSubmit: () => void;
  submitLabel?: ReactNode;
  submitTestId?: string;
  formClassName?: string;
  children: ReactNode;
}) {
  const formId = useId();
  return (
    <Dialog open onClose={onClose} title={title} description={description} size={size}
      actions={(
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}><Trans>Cancel</Trans></Button>
          <Button type="submit" form={formId} disabled={!canSubmit} loading={busy} data-testid={submitTestId}>
            {submitLabel ?? <Trans>Save</Trans>}
          </Button>
        </>
      )}>
      <form id={formId} noValidate className={formClassName} onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}>
        {children}
      </form>
    </Dialog>
  );
}
