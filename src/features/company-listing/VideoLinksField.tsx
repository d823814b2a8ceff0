import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { inputClass } from '../../ui/TextField';
import { videoLinkError } from './listingForm';
import { listingMessage } from './messages';

export interface VideoLinksFieldProps {
  links: string[];
  onChange: (links: string[]) => void;
  disabled?: boolean;
}

/**
 * Video links (spec 2 §5): one box per link, added and removed by rows. A link that is not a
 * YouTube or Vimeo address says so under it; empty rows are dropped and invalid ones left out on save.
 */
export function VideoLinksField({ links, onChange, disabled }: VideoLinksFieldProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const set = (index: number, value: string) => onChange(links.map((link, i) => (i === index ? value : link)));
  return (
    <fieldset className="flex flex-col gap-3" data-testid="video-links">
      <legend className="mb-1 text-sm font-medium text-fg"><Trans>Video links</Trans></legend>
      {links.length === 0 && <p className="text-sm text-muted"><Trans>No video links yet.</Trans></p>}
      {links.map((link, index) => {
        const error = videoLinkError(link);
        const rowId = `${id}-${index}`;
        const message = error ? listingMessage(error) : undefined;
        return (
          <div key={index} className="flex flex-col gap-1">
            <div className="flex gap-2">
              <label htmlFor={rowId} className="sr-only">{t`Video link ${index + 1}`}</label>
              <input id={rowId} type="url" inputMode="url" value={link} disabled={disabled} placeholder="https://www.youtube.com/watch?v=…"
                aria-invalid={error ? true : undefined} aria-describedby={error ? `${rowId}-error` : undefined}
                className={inputClass} onChange={(e) => set(index, e.target.value)} />
              <Button variant="secondary" disabled={disabled} aria-label={t`Remove video link ${index + 1}`}
                onClick={() => onChange(links.filter((_, i) => i !== index))}>
                <Trans>Remove</Trans>
              </Button>
            </div>
            {error && <p id={`${rowId}-error`} className="text-sm text-danger">{message ? i18n._(message) : error}</p>}
          </div>
        );
      })}
      <div>
        <Button variant="secondary" disabled={disabled} onClick={() => onChange([...links, ''])}><Trans>Add video link</Trans></Button>
      </div>
    </fieldset>
  );
}
