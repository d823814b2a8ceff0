import { useEffect, useRef, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { STEPS, type WizardStep } from './wizardSteps';

/**
 * The vertical stepper (spec 3 §2): an ordered list of the five steps, the current one marked with
 * aria-current and showing its content; earlier steps can be opened again. When the step changes,
 * focus moves to its heading so a screen reader says where the planner is.
 */
export function WizardStepper({ step, onOpen, children }: { step: WizardStep; onOpen: (step: WizardStep) => void; children: ReactNode }) {
  const { i18n } = useLingui();
  const headings = useRef(new Map<number, HTMLHeadingElement>());
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headings.current.get(step)?.focus();
  }, [step]);
  return (
    <ol className="flex flex-col" data-testid="wizard-steps">
      {STEPS.map(({ n, title }) => {
        const current = n === step;
        const done = n < step;
        return (
          <li key={n} aria-current={current ? 'step' : undefined} data-step={n}
            className="relative ml-3.5 border-l-2 border-border pb-6 pl-6 last:border-transparent last:pb-0">
            <span aria-hidden="true"
              className={`absolute -left-[15px] top-0 flex h-7 w-7 items-center justify-center rounded-full border-2 text-xs font-bold ${current ? 'border-accent bg-accent text-on-accent' : done ? 'border-accent bg-surface text-accent' : 'border-border bg-surface text-muted'}`}>
              {done ? '✓' : n}
            </span>
            <h2 ref={(el) => {
              if (el) headings.current.set(n, el);
              else headings.current.delete(n);
            }} tabIndex={-1} className={`text-lg font-semibold outline-none ${current ? 'text-fg' : 'text-muted'}`}>
              {done ? (
                <button type="button" className="text-left hover:underline" onClick={() => onOpen(n)}>
                  <span className="sr-only"><Trans>Step {n}:</Trans> </span>{i18n._(title)}<span className="sr-only"> <Trans>(completed, open again)</Trans></span>
                </button>
              ) : (
                <><span className="sr-only"><Trans>Step {n}:</Trans> </span>{i18n._(title)}</>
              )}
            </h2>
            {current && <div className="mt-4">{children}</div>}
          </li>
        );
      })}
    </ol>
  );
}
