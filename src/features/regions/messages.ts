import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { ApiError } from '../../api/http';
import { LocationMessages } from '../../domain/locations';

type LocationMessageKey = keyof typeof LocationMessages;

/** Translations of the region rule messages (src/domain/locations.ts; the server sends the English). */
const DESCRIPTORS: Record<LocationMessageKey, MessageDescriptor> = {
  RegionNameRequired: msg`Region name is required`,
  RegionNameTooLong: msg`Region name cannot exceed 100 characters`,
  CountyNameTooLong: msg`County name cannot exceed 100 characters`,
  RegionExists: msg`A region with this name already exists`,
  RegionInUse: msg`This region is used by listings. Remove it from them first.`,
  CountyInUse: msg`A county you removed is used by listings. Keep it, or remove it from them first.`,
};

/** The server's 412 for a region (server/lib/versioning.ts staleVersion('region')). */
const STALE = 'The region was changed by someone else. Reload it and try again.';

const BY_ENGLISH = new Map<string, MessageDescriptor>([
  ...(Object.keys(LocationMessages) as LocationMessageKey[]).map((key) => [LocationMessages[key], DESCRIPTORS[key]] as const),
  [STALE, msg`The region was changed by someone else. Reload it and try again.`],
]);

/** A region rule message in the active language (a message of the server's own comes back as sent). */
export function useRegionMessage(): (english: string) => string {
  const { i18n } = useLingui();
  return (english) => {
    const descriptor = BY_ENGLISH.get(english);
    return descriptor ? i18n._(descriptor) : english;
  };
}

/**
 * Why a region call failed, for the screen: the server's message (translated when it is one of
 * ours), a connection note when no answer came, else null (the caller's own 'Failed to …').
 */
export function useRegionFailure(): (error: unknown) => string | null {
  const { t } = useLingui();
  const message = useRegionMessage();
  return (error) => {
    if (!(error instanceof ApiError)) return null;
    if (error.isNetworkError) return t`Cannot reach the server. Check your connection.`;
    const text = error.message.trim();
    return text ? message(text) : null;
  };
}
