import { Plural } from '@lingui/react/macro';
import { useUnreadMessageCount } from '../db/chats';

/** The Messages menu entry's count of unread messages (over every chat this device knows); nothing at 0. */
export default function UnreadMessagesBadge({ userId }: { userId: string }) {
  const count = useUnreadMessageCount(userId);
  if (count <= 0) return null;
  return (
    <span className="ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-semibold leading-5 text-on-accent"
      data-testid="messages-unread-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only"><Plural value={count} one="(# unread message)" other="(# unread messages)" /></span>
    </span>
  );
}
