import { Trans, useLingui } from '@lingui/react/macro';
import type { Product } from '../../domain/products';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

export interface DeleteProductDialogProps {
  product: Product;
  busy: boolean;
  /** Why the last try failed (the server's message); the dialog stays open with it. */
  failure: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Asks before a product goes. A product a subscription or a purchase refers to is deactivated
 * instead (the server keeps it for their history): said here before, and by the page after.
 * Headless UI traps the focus and starts on Cancel, the safe choice.
 */
export function DeleteProductDialog({ product, busy, failure, onCancel, onConfirm }: DeleteProductDialogProps) {
  const { t } = useLingui();
  const { name } = product;
  const close = () => {
    if (!busy) onCancel();
  };
  return (
    <Dialog open onClose={close} size="sm" title={t`Delete Product`}
      description={(
        <>
          <Trans>Delete the product {name}?</Trans>{' '}
          <Trans>If a company has bought it, it is deactivated instead and kept for their history.</Trans>
        </>
      )}
      actions={(
        <>
          <Button variant="secondary" onClick={close} disabled={busy} data-testid="product-delete-cancel"><Trans>Cancel</Trans></Button>
          <Button variant="danger" onClick={onConfirm} loading={busy} data-testid="product-delete-confirm"><Trans>Delete</Trans></Button>
        </>
      )}>
      {failure && <Alert tone="error">{failure}</Alert>}
    </Dialog>
  );
}
