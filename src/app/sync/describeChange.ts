import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { WriteDescription } from '../../sync/writes/kind';

/** How each kind of queued change is named in the list of unsent changes. */
export const CHANGE_LABELS: Record<WriteDescription['action'], MessageDescriptor> = {
  'favorite.add': msg`Add to favorites`,
  'favorite.remove': msg`Remove from favorites`,
  'profile.update': msg`Personal information`,
  'profile.preferences': msg`Notification preferences`,
};
