import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { inputClass } from './TextField';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
}

/** A labelled plain-text area whose error and hint are announced with it, as TextField does for inputs. */
export function TextAreaField({ label, error, hint, className = '', required, rows = 4, ...rest }: TextAreaFieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-fg">
        {label}
        {required && <span aria-hidden="true" className="text-danger"> *</span>}
      </label>
      <textarea id={id} rows={rows} aria-invalid={error ? true : undefined} aria-describedby={describedBy} required={required}
        className={`${inputClass} resize-y`} {...rest} />
      {hint && !error && <p id={`${id}-hint`} className="mt-1 text-xs text-muted">{hint}</p>}
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-danger">{error}</p>}
    </div>
  );
}
