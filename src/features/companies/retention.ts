import { useState } from 'react';
import { COMPANY_RETENTION_DAYS } from '../../domain/companies';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a deleted company is removed for good: COMPANY_RETENTION_DAYS after it was deleted; null when unknown. */
export function removalDate(deletedAt: string | null | undefined): Date | null {
  const at = deletedAt ? Date.parse(deletedAt) : Number.NaN;
  return Number.isNaN(at) ? null : new Date(at + COMPANY_RETENTION_DAYS * DAY_MS);
}

/** The time the screen opened: enough for a date days away, and the same on every render. */
export function useOpenedAt(): number {
  const [now] = useState(() => Date.now());
  return now;
}
