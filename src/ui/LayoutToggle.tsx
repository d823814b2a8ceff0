import { useLingui } from '@lingui/react/macro';

export interface LayoutToggleProps<L extends string> {
  layouts: readonly L[];
  value: L;
  onChange: (layout: L) => void;
  /** Each layout's name on its button. */
  labels: Record<L, string>;
  /** Test ids are `{testId}-{layout}`. */
  testId: string;
}

/** The grid / list (/ table) switch of an admin page: a group of pressed-or-not buttons. */
export function LayoutToggle<L extends string>({ layouts, value, onChange, labels, testId }: LayoutToggleProps<L>) {
  const { t } = useLingui();
  return (
    <div role="group" aria-label={t`Layout`} className="inline-flex overflow-hidden rounded-md border border-border">
      {layouts.map((option) => (
        <button key={option} type="button" aria-pressed={value === option} data-testid={`${testId}-${option}`}
          onClick={() => onChange(option)}
          className={`min-h-10 px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-accent ${value === option ? 'bg-accent text-on-accent' : 'bg-surface text-fg hover:bg-surface-2'}`}>
          {labels[option]}
        </button>
      ))}
    </div>
  );
}
