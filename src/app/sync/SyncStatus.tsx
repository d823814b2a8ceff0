import { useEffect, useState, type ComponentProps } from 'react';
import type { UnsentChangesDialog as ReviewDialog } from './UnsentChangesDialog';
import { Plural } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { useSnapshot } from 'valtio';
import { useStoredProfile } from '../../db/hooks';
import { session, setUser } from '../../state/session';
import { useOutboxSummary } from '../../sync/hooks';
import { lazyComponent } from '../../ui/lazyComponent';
import { LazyPart } from '../../ui/LazyPart';
import { useNeedsConnectionNotice } from '../../ui/connectionNotices';
import { useOnline } from '../../ui/useConnection';
import { OFFLINE_BANNER_CLASS, OFFLINE_BANNER_MESSAGE, OFFLINE_BANNER_TESTID, SYNC_STATUS_CLASS, SYNC_STATUS_ROW_CLASS, SYNC_STATUS_TESTID } from '../../ui/offline-banner';

// The review dialog (Headless UI Dialog, its portal and focus trap) is not part of the first load:
// it is fetched as soon as there is something to review, before anyone opens it.
const UnsentChangesDialog = lazyComponent<ComponentProps<typeof ReviewDialog>>(() => import('./UnsentChangesDialog').then((m) => ({ default: m.UnsentChangesDialog })));

/**
 * Keeps the session's user (top bar, guards) in step with the profile in Dexie, which queued
 * edits and their replays change.
 */
function useProfileMirror(userId: string | undefined) {
  const stored = useStoredProfile(userId);
  useEffect(() => {
    if (!stored || !session.user || session.user.id !== stored.id) return;
    const { fetchedAt: _fetchedAt, ...user } = stored;
    if (JSON.stringify(user) !== JSON.stringify(session.user)) setUser(user);
  }, [stored]);
}

/**
 * The global sync indicator under the top bar: offline, how many changes wait to be sent, and
 * the changes the server refused with a way to review them. Hidden when there is nothing to say.
 */
export default function SyncStatus() {
  const { i18n } = useLingui();
  const { user } = useSnapshot(session);
  const online = useOnline();
  const { waiting, needsAttention } = useOutboxSummary(user?.id);
  const [reviewing, setReviewing] = useState(false);
  const needsConnection = useNeedsConnectionNotice();
  useProfileMirror(user?.id);
  const toReview = needsAttention.length > 0;
  useEffect(() => {
    if (toReview) void UnsentChangesDialog.preload().catch(() => undefined);
  }, [toReview]);
  if (online && waiting === 0 && needsAttention.length === 0) return null;

  return (
    <div data-testid={SYNC_STATUS_TESTID} className={SYNC_STATUS_CLASS}>
      <div className={SYNC_STATUS_ROW_CLASS} role="status">
        {!online && (
          <span data-testid={OFFLINE_BANNER_TESTID} className={OFFLINE_BANNER_CLASS}>{i18n._(OFFLINE_BANNER_MESSAGE)}</span>
        )}
        {waiting > 0 && (
          <span data-testid="pending-count" data-count={waiting}>
            <Plural value={waiting} one="# change waiting to be sent" other="# changes waiting to be sent" />
          </span>
        )}
        {needsAttention.length > 0 && (
          <button type="button" data-testid="review-changes" onClick={() => setReviewing(true)}
            className="font-medium text-danger underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-accent">
            <Plural value={needsAttention.length} one="# change could not be saved: review" other="# changes could not be saved: review" />
          </button>
        )}
      </div>
      {reviewing && (
        <LazyPart onFailed={() => {
          setReviewing(false);
          needsConnection();
        }}>
          <UnsentChangesDialog open onClose={() => setReviewing(false)} entries={needsAttention} />
        </LazyPart>
      )}
    </div>
  );
}
