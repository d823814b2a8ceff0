import { useId, type ReactNode, type Ref } from 'react';
import { Card } from '../../ui/Card';

/**
 * The frame of every account screen: full width on phones, a centred max-w-md card from sm up,
 * with the screen's one <h1>.
 */
export function AuthCard({ title, intro, children, headingRef, testId }: {
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
  /** Lets a screen move focus to its heading when it replaces another view. */
  headingRef?: Ref<HTMLHeadingElement>;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12" data-testid={testId}>
      <Card aria-labelledby={id}>
        <h1 id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="text-2xl font-semibold text-fg focus-visible:outline-none">{title}</h1>
        {intro && <div className="mt-2 text-sm text-muted">{intro}</div>}
        <div className="mt-6">{children}</div>
      </Card>
    </div>
  );
}

/** Text links inside the account screens. */
export const linkClass = 'font-medium text-accent underline underline-offset-2 hover:no-underline';
