import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';

export interface HubTileProps {
  title: ReactNode;
  description: ReactNode;
  href: string;
  /** Why the tile cannot be used now: the tile is disabled and this is its tooltip. */
  disabledReason?: string | null;
  'data-testid'?: string;
}

const tileClass = 'flex h-full flex-col gap-1 rounded-lg border border-border bg-surface p-5 text-left';

/**
 * One tile of the company hub: a link, or when disabled a focusable element marked aria-disabled
 * whose reason is its description (aria-describedby) and a tooltip shown on hover and on focus
 * (Escape hides it), so pointer, keyboard and screen-reader users all learn why.
 */
export function HubTile({ title, description, href, disabledReason, 'data-testid': testId }: HubTileProps) {
  const tipId = useId();
  const [tip, setTip] = useState(false);
  if (!disabledReason) {
    return (
      <Link href={href} data-testid={testId}
        className={`${tileClass} transition-colors hover:border-accent hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent`}>
        <span className="text-lg font-semibold text-fg">{title}</span>
        <span className="text-sm text-muted">{description}</span>
      </Link>
    );
  }
  return (
    <div className="relative h-full" onMouseEnter={() => setTip(true)} onMouseLeave={() => setTip(false)}>
      <span role="link" aria-disabled="true" tabIndex={0} aria-describedby={tipId} data-testid={testId}
        onFocus={() => setTip(true)} onBlur={() => setTip(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setTip(false);
        }}
        className={`${tileClass} cursor-not-allowed opacity-60 focus-visible:outline-2 focus-visible:outline-accent`}>
        <span className="text-lg font-semibold text-fg">{title}</span>
        <span className="text-sm text-muted">{description}</span>
      </span>
      <span role="tooltip" id={tipId} hidden={!tip}
        className="absolute bottom-full left-1/2 z-20 mb-2 w-max max-w-[16rem] -translate-x-1/2 rounded-md bg-fg px-3 py-2 text-center text-xs font-medium text-bg shadow-lg">
        {disabledReason}
      </span>
    </div>
  );
}
