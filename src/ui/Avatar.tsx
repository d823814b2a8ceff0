import { useState } from 'react';
import { filesApi } from '../api/files';
import { imageWidthFor } from '../domain/images';

export interface AvatarProps {
  /** The profile picture's file id; null shows the initials. */
  fileId: string | null | undefined;
  /** One or two letters shown without a picture (or when it fails to load). */
  initials: string;
  /** The displayed size in CSS px (a circle). */
  size: number;
  className?: string;
  'data-testid'?: string;
}


/**
 * A user's round picture (asked at twice its size, sharp on 2x screens), or their initials without one. Decorative (aria-hidden): the name is
 * always written beside it, so the picture would only repeat it to a screen reader.
 */
export function Avatar({ fileId, initials, size, className = '', 'data-testid': testId }: AvatarProps) {
  const src = fileId ? filesApi.url(fileId, imageWidthFor(size, 2)) : null;
  // The address that failed to load (offline, deleted): the initials stand in until it changes.
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (src && failed !== src) {
    return (
      <img src={src} alt="" aria-hidden="true" width={size} height={size} style={style} data-testid={testId} data-state="image"
        onError={() => setFailed(src)} className={`shrink-0 rounded-full bg-surface-2 object-cover ${className}`} />
    );
  }
  return (
    <span aria-hidden="true" style={style} data-testid={testId} data-state="initials"
      className={`flex shrink-0 items-center justify-center rounded-full bg-accent text-sm font-bold text-on-accent ${className}`}>
      {initials}
    </span>
  );
}
