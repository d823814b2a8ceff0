import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { inputClass } from './TextField';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  error?: string | null;
  /** Visually hide the label (it is still announced). */
  hideLabel?: boolean;
  children: ReactNode;
}

export function SelectField({ label, error, hideLabel, className = '', children, ...rest }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'mb-1 block text-sm font-medium text-fg'}>{label}</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={inputClass} {...rest}>
        {children}
      </select>
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-danger">{error}</p>}
    </div>
  );
}
