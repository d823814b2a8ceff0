import { TextField } from './TextField';

export interface FilterFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  'data-testid'?: string;
}

/** The text filter above an admin list: a search box that filters as it is typed (Escape clears it, as search inputs do). */
export function FilterField({ label, value, onChange, className, 'data-testid': testId }: FilterFieldProps) {
  return (
    <TextField type="search" label={label} value={value} autoComplete="off" spellCheck={false} className={className}
      data-testid={testId} onChange={(e) => onChange(e.target.value)} />
  );
}
