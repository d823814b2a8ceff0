import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { WriteKindName } from '../../sync/entities/registry';

/** How each kind of queued change is named in the list of unsent changes. */
export const CHANGE_LABELS: Record<WriteKindName, MessageDescriptor> = {
  'favorite.add': msg`Add to favorites`,
  'favorite.remove': msg`Remove from favorites`,
  'profile.update': msg`Personal information`,
  'profile.preferences': msg`Notification preferences`,
  'company.create': msg`New company`,
  'company.update': msg`Company details`,
  'company.remove': msg`Delete company`,
  'company.restore': msg`Restore company`,
  'localFile.upload': msg`Upload image`,
  'listing.create': msg`New listing`,
  'listing.update': msg`Edit listing`,
  'listing.remove': msg`Delete listing`,
  'plannerEvent.create': msg`New event`,
  'plannerEvent.update': msg`Edit event`,
  'plannerEvent.cancel': msg`Cancel event`,
  'plannerEvent.remove': msg`Delete event`,
  'chat.read': msg`Mark conversation as read`,
  'chatMessage.send': msg`Send message`,
};
