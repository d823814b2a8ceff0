import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  error?: string | null;
}

export function Checkbox({ label, error, className = '', ...rest }: CheckboxProps) {
  const id = useId();
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input id={id} type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 h-4 w-4 accent-[var(--accent)]" {...rest} />
        <label htmlFor={id} className="text-sm text-fg">{label}</label>
      </div>
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-danger">{error}</p>}
    </div>
  );
}
