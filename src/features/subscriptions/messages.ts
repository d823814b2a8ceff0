import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { SubscriptionMessages } from '../../domain/products';

/** The subscription calls' refusals and the shared ones they may answer, by their English text. */
const KNOWN: Record<string, MessageDescriptor> = {
  [SubscriptionMessages.None]: msg`This company has no subscription`,
  [SubscriptionMessages.Cancelled]: msg`The subscription is cancelled; cancellation cannot be undone`,
  [SubscriptionMessages.AlreadyPaused]: msg`The subscription is already paused`,
  [SubscriptionMessages.NotPaused]: msg`The subscription is not paused`,
  [SubscriptionMessages.NotActive]: msg`Only an active subscription can be paused`,
  'A reason is required': msg`A reason is required`,
  'Company not found': msg`Company not found`,
  'You do not have access to this company': msg`You do not have access to this company`,
  'Admin role required': msg`Admin role required`,
  'Authentication required': msg`Authentication required`,
};

const TOO_MANY = /^Too many requests\. Please try again in (\d+) seconds\.$/;

/**
 * A server message of the subscription screens in the active language; one the app does not know
 * comes back as sent (better the server's English than nothing).
 */
export function useSubscriptionMessage(): (english: string) => string {
  const { i18n } = useLingui();
  return (english) => {
    if (Object.hasOwn(KNOWN, english)) return i18n._(KNOWN[english]!);
    const wait = TOO_MANY.exec(english);
    if (wait) return i18n._(msg`Too many requests. Please try again in ${Number(wait[1])} seconds.`);
    return english;
  };
}
