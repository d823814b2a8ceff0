import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Region } from '../../domain/locations';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

export interface DeleteRegionDialogProps {
  region: Region;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a region goes with its counties. Headless UI traps the focus and starts on Cancel, the safe choice. */
export function DeleteRegionDialog({ region, busy, onCancel, onConfirm }: DeleteRegionDialogProps) {
  const { t } = useLingui();
  const { name } = region;
  const close = () => {
    if (!busy) onCancel();
  };
  return (
    <Dialog open onClose={close} size="sm" title={t`Delete Region`}
      description={(
        <>
          <Trans>Delete the region {name}?</Trans>{' '}
          {region.counties.length > 0 && (
            <><Plural value={region.counties.length} one="Its # county is deleted with it." other="Its # counties are deleted with it." />{' '}</>
          )}
          <Trans>This cannot be undone.</Trans>
        </>
      )}
      actions={(
        <>
          <Button variant="secondary" onClick={close} disabled={busy} data-testid="region-delete-cancel"><Trans>Cancel</Trans></Button>
          <Button variant="danger" onClick={onConfirm} loading={busy} data-testid="region-delete-confirm"><Trans>Delete</Trans></Button>
        </>
      )} />
  );
}
