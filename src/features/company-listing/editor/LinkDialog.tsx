import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';

/** A link target the description may hold: an http(s) address (the server keeps only these and mailto). */
export function isLinkUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export interface LinkDialogProps {
  open: boolean;
  initialUrl: string;
  onClose: () => void;
  /** The address to link the selection to. */
  onSave: (url: string) => void;
  /** Takes the link off the selection (offered when it has one). */
  onRemove?: () => void;
}

/** Asks for the address of a link in the description. */
export function LinkDialog({ open, initialUrl, onClose, onSave, onRemove }: LinkDialogProps) {
  const { t } = useLingui();
  const [url, setUrl] = useState(initialUrl);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isLinkUrl(url)) {
      setError(t`Enter an address starting with http:// or https://`);
      return;
    }
    onSave(url.trim());
  };

  return (
    <Dialog open={open} onClose={onClose} title={t`Link`} size="sm">
      <form id="listing-link-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField label={t`Address`} type="url" inputMode="url" placeholder="https://" value={url} autoFocus
          error={error} onChange={(e) => {
            setUrl(e.target.value);
            setError(null);
          }} />
        <div className="flex flex-wrap justify-end gap-2">
          {onRemove && <Button variant="danger" onClick={onRemove}><Trans>Remove link</Trans></Button>}
          <Button variant="secondary" onClick={onClose}><Trans>Cancel</Trans></Button>
          <Button type="submit"><Trans>Save</Trans></Button>
        </div>
      </form>
    </Dialog>
  );
}
