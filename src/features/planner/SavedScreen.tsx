import { useEffect, useRef } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { paths } from '../../config/paths';

/** After a save, the planner is taken back to the list this long after the message (spec 3 §9). */
export const REDIRECT_MS = 5_000;

/** The full-screen message after a save, then /planner after REDIRECT_MS. */
export function SavedScreen({ queued }: { queued: boolean }) {
  const [, navigate] = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    const timer = setTimeout(() => navigate(paths.planner.href()), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-4 bg-bg px-6 text-center" data-testid="event-saved">
      <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-accent text-3xl text-on-accent">✓</span>
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none"><Trans>Your Event Has Been Created!</Trans></h1>
      <p role="status" className="text-muted"><Trans>Redirecting you back to the planner in 5 seconds...</Trans></p>
      {queued && (
        <p className="max-w-md text-sm text-muted" data-testid="event-saved-queued">
          <Trans>It is saved on this device and will be sent when you are back online.</Trans>
        </p>
      )}
      <Link href={paths.planner.href()} className="text-sm font-semibold text-accent underline"><Trans>Go to the planner now</Trans></Link>
    </div>
  );
}
