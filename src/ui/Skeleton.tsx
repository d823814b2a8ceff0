import type { CSSProperties } from 'react';

/** A pulsing grey block standing in for content that is loading; hidden from assistive technology. */
export function Skeleton({ className = '', style }: { className?: string; style?: CSSProperties }) {
  return <div aria-hidden="true" data-skeleton="" className={`animate-pulse rounded-md bg-surface-2 ${className}`} style={style} />;
}

/** The shape of a ListingCard while its data loads. */
export function ListingCardSkeleton() {
  return (
    <div aria-hidden="true" data-skeleton-card="" className="flex flex-col overflow-hidden rounded-lg border border-border bg-surface">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="flex flex-col gap-2 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="mt-2 h-4 w-1/3" />
      </div>
    </div>
  );
}
