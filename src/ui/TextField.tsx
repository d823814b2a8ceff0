import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  /** Content before the input inside the same row (e.g. a country code selector). */
  addon?: ReactNode;
}

export const inputClass =
  'block w-full min-h-10 rounded-md border border-border bg-surface px-3 py-2 text-fg placeholder:text-muted disabled:opacity-60 aria-[invalid=true]:border-danger';

/** A labelled input whose error and hint are announced with it (aria-describedby). */
export function TextField({ label, error, hint, addon, className = '', required, ...rest }: TextFieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-fg">
        {label}
        {required && <span aria-hidden="true" className="text-danger"> *</span>}
      </label>
      <div className="flex gap-2">
        {addon}
        <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} required={required} className={inputClass} {...rest} />
      </div>
      {hint && !error && <p id={`${id}-hint`} className="mt-1 text-xs text-muted">{hint}</p>}
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-danger">{error}</p>}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'addon'>) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <TextField {...props} type={visible ? 'text' : 'password'} className={`${props.className ?? ''} [&_input]:pr-16`} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-pressed={visible}
        className="absolute right-2 top-7 rounded px-2 py-1 text-xs text-muted hover:text-fg"
      >
        {visible ? t`Hide` : t`Show`}
        <span className="sr-only"> {t`password`}</span>
      </button>
    </div>
  );
}
