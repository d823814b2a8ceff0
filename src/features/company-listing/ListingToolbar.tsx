import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button';

export interface ListingToolbarProps {
  editing: boolean;
  showImageOptions: boolean;
  saving: 'draft' | 'approval' | null;
  /** Saving is blocked (errors on the form, or nothing to save yet). */
  saveDisabled: boolean;
  /** Cancel is offered (there is something to go back to). */
  onToggleImages: () => void;
  onToggleEdit: () => void;
  onSaveDraft: () => void;
  onRequestApproval: () => void;
}

/** The listing page's toolbar (spec 2 §2): Show Image Edit Options, Edit/Cancel, Save as Draft, Request Approval. */
export function ListingToolbar({
  editing, showImageOptions, saving, saveDisabled, onToggleImages, onToggleEdit, onSaveDraft, onRequestApproval,
}: ListingToolbarProps) {
  const { t } = useLingui();
  return (
    <div role="toolbar" aria-label={t`Listing actions`} className="flex flex-wrap gap-2">
      <Button variant="secondary" aria-pressed={showImageOptions} onClick={onToggleImages}>
        {showImageOptions ? <Trans>Hide Image Edit Options</Trans> : <Trans>Show Image Edit Options</Trans>}
      </Button>
      <Button variant="secondary" onClick={onToggleEdit} disabled={saving !== null}>
        {editing ? <Trans>Cancel</Trans> : <Trans>Edit</Trans>}
      </Button>
      <Button variant="secondary" onClick={onSaveDraft} loading={saving === 'draft'} disabled={saveDisabled || saving !== null}>
        <Trans>Save as Draft</Trans>
      </Button>
      <Button onClick={onRequestApproval} loading={saving === 'approval'} disabled={saveDisabled || saving !== null}>
        <Trans>Request Approval</Trans>
      </Button>
    </div>
  );
}
