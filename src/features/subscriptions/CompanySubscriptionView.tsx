import { useEffect, useId, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { ApiError } from '../../api/http';
import { checkoutApi, productsApi, subscriptionsApi } from '../../api/products';
import { saveView } from '../../db/saved-views';
import { useOwnCompany } from '../../db/own-companies';
import { SNACKBAR_MS } from '../../domain/constants';
import { ProductType, SubscriptionStatus, type CompanySubscription, type Product } from '../../domain/products';
import { session } from '../../state/session';
import { notify } from '../../state/snackbar';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { useOnline } from '../../ui/useConnection';
import { CancelSubscriptionDialog } from './CancelSubscriptionDialog';
import { CurrentPlan } from './CurrentPlan';
import { isEnding } from './labels';
import { PauseSubscriptionDialog } from './PauseSubscriptionDialog';
import { PlanCard } from './PlanCard';
import { goToCheckout } from './redirect';
import { useSavedPull, type Shown } from './savedPull';
import { useSubscriptionMessage } from './messages';

/** The saved views this screen keeps for offline use (src/db/saved-views.ts). */
export const PLANS_VIEW_KEY = 'products:active';
export const subscriptionViewKey = (companyId: string) => `subscription:${companyId}`;

type Failure = { action: 'pause' | 'cancel'; message: string } | null;

/**
 * The company hub's Subscriptions view (spec 2 §2, §5): the current plan with what is left of it,
 * Pause, Resume and Cancel; the plans and token packs on sale, each starting a checkout. The
 * plans and the subscription last seen stay on the device (saved views) and show offline, marked
 * as possibly out of date, with every change and purchase off until the connection is back.
 */
export default function CompanySubscriptionView({ companyId }: { companyId: string }) {
  const { t, i18n } = useLingui();
  const serverMessage = useSubscriptionMessage();
  const online = useOnline();
  const { user } = useSnapshot(session);
  const userId = user?.id ?? null;
  const company = useOwnCompany(userId, companyId);
  const plans = useSavedPull(userId, PLANS_VIEW_KEY, productsApi.active);
  const subscriptionKey = subscriptionViewKey(companyId);
  const current = useSavedPull(userId, subscriptionKey, () => subscriptionsApi.current(companyId));
  // An action's answer is the subscription as it now is, newer than the pull's.
  const [changed, setChanged] = useState<CompanySubscription | null>(null);
  const [buying, setBuying] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'pause' | 'cancel' | null>(null);
  const [busy, setBusy] = useState<'pause' | 'resume' | 'cancel' | null>(null);
  const [failure, setFailure] = useState<Failure>(null);
  const headingId = useId();

  // Back from the checkout page through the browser's back/forward cache: the button is idle again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setBuying(null);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const offline = !online || plans.pulled.status === 'offline' || current.pulled.status === 'offline';
  const lockedReason = !offline ? null : !online
    ? t`You are offline. Buying a plan and changing the subscription need a connection.`
    : t`The server cannot be reached. Buying a plan and changing the subscription need a connection.`;

  const subscription: Shown<CompanySubscription | null> = changed ? { kind: 'live', value: changed } : current.shown;
  const running = subscription.kind === 'live' || subscription.kind === 'saved' ? subscription.value : null;

  const apply = async (action: 'pause' | 'resume' | 'cancel', call: () => Promise<CompanySubscription>, failed: string) => {
    setBusy(action);
    setFailure(null);
    try {
      const answer = await call();
      setChanged(answer);
      setDialog(null);
      // The offline copy follows the change; the screen works without it (storage full or unavailable).
      if (userId) await saveView(userId, subscriptionKey, answer).catch(() => undefined);
    } catch (error) {
      const reason = error instanceof ApiError ? (error.isNetworkError ? t`Cannot reach the server. Check your connection.` : serverMessage(error.message)) : null;
      const message = reason ? `${failed}: ${reason}` : failed;
      // A dialog keeps its input and says it there; Resume has no dialog: a message of its own.
      if (action === 'resume') notify(message, { key: `subscription:${companyId}:resume`, severity: 'error', durationMs: SNACKBAR_MS });
      else setFailure({ action, message });
    } finally {
      setBusy(null);
    }
  };

  const buy = async (product: Product) => {
    setBuying(product.id);
    try {
      const { url } = await checkoutApi.createSession({ productId: product.id, companyId });
      goToCheckout(url);
    } catch (error) {
      // Spec 2 §5: a failed checkout is silent to the user; it is logged for whoever looks.
      console.error('Checkout could not be started', error);
      setBuying(null);
    }
  };

  const savedAt = [plans.shown, subscription].flatMap((s) => (s.kind === 'saved' ? [s.savedAt] : []));
  const oldest = savedAt.length ? i18n.date(new Date(Math.min(...savedAt)), { dateStyle: 'medium', timeStyle: 'short' }) : null;

  let planBody: ReactNode;
  if (subscription.kind === 'loading') {
    planBody = <Skeleton className="h-48 w-full" />;
  } else if (subscription.kind === 'failed') {
    planBody = (
      <div className="flex flex-col items-start gap-3" data-testid="subscription-error">
        <Alert tone="error" title={t`Failed to fetch subscription status`}>
          {subscription.offline
            ? <p>{online ? t`The server could not be reached.` : t`You are offline, and this device has no saved copy.`}</p>
            : subscription.error instanceof ApiError && <p>{serverMessage(subscription.error.message)}</p>}
        </Alert>
        <Button variant="secondary" onClick={current.pulled.retry}><Trans>Try Again</Trans></Button>
      </div>
    );
  } else {
    planBody = (
      <CurrentPlan subscription={subscription.value} locked={offline} resuming={busy === 'resume'}
        extras={company ? { listingTokens: company.listingTokens, eventClickTokens_Extras: company.eventClickTokens_Extras } : null}
        onPause={() => {
          setFailure(null);
          setDialog('pause');
        }}
        onCancel={() => {
          setFailure(null);
          setDialog('cancel');
        }}
        onResume={() => void apply('resume', () => subscriptionsApi.resume(companyId), t`Failed to resume subscription`)} />
    );
  }

  const isCurrent = (product: Product) => running !== null && running.productId === product.id
    && running.status === SubscriptionStatus.Active && !isEnding(running);
  const group = (title: ReactNode, intro: ReactNode, items: Product[], testId: string) => (
    <section aria-labelledby={`${testId}-heading`} className="flex flex-col gap-3" data-testid={testId}>
      <div>
        <h2 id={`${testId}-heading`} className="text-xl font-semibold">{title}</h2>
        <p className="text-sm text-muted">{intro}</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((product) => (
          <li key={product.id} className="flex">
            <PlanCard product={product} current={isCurrent(product)} busy={buying === product.id}
              disabled={offline || buying !== null} onBuy={() => void buy(product)} />
          </li>
        ))}
      </ul>
    </section>
  );

  let plansBody: ReactNode;
  if (plans.shown.kind === 'loading') {
    plansBody = (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
        {[0, 1, 2].map((i) => <li key={i}><Skeleton className="h-64 w-full" /></li>)}
      </ul>
    );
  } else if (plans.shown.kind === 'failed') {
    plansBody = (
      <div className="flex flex-col items-start gap-3" data-testid="plans-error">
        <Alert tone="error" title={t`Failed to fetch products`}>
          {plans.shown.offline
            ? <p>{online ? t`The server could not be reached.` : t`You are offline, and this device has no saved copy.`}</p>
            : plans.shown.error instanceof ApiError && <p>{serverMessage(plans.shown.error.message)}</p>}
        </Alert>
        <Button variant="secondary" onClick={plans.pulled.retry}><Trans>Try Again</Trans></Button>
      </div>
    );
  } else {
    const all = plans.shown.value;
    const yearly = all.filter((p) => p.type === ProductType.Subscription);
    const packs = all.filter((p) => p.type === ProductType.OneTime);
    plansBody = all.length === 0 ? (
      <p role="status" className="rounded-lg border border-border bg-surface p-6 text-center text-muted" data-testid="plans-empty">
        <Trans>No plans are on sale right now.</Trans>
      </p>
    ) : (
      <div className="flex flex-col gap-8">
        {yearly.length > 0 && group(<Trans>Subscription plans</Trans>,
          <Trans>A yearly plan: listing tokens and event clicks that renew each year.</Trans>, yearly, 'plans-subscription')}
        {packs.length > 0 && group(<Trans>Token packs</Trans>,
          <Trans>A one-time purchase of extra listing tokens and event clicks.</Trans>, packs, 'plans-one-time')}
      </div>
    );
  }

  const loading = subscription.kind === 'loading' || plans.shown.kind === 'loading';
  return (
    <div className="flex flex-col gap-8" aria-busy={loading || undefined}>
      {loading && <p role="status" className="sr-only"><Trans>Loading…</Trans></p>}
      {(oldest || lockedReason) && (
        <div className="flex flex-col gap-2" data-testid="subscription-offline">
          {oldest && <Alert><Trans>Showing the plans and subscription last seen on this device ({oldest}). They may be out of date.</Trans></Alert>}
          {lockedReason && <p className="text-sm text-muted" data-testid="subscription-locked">{lockedReason}</p>}
        </div>
      )}
      <section aria-labelledby={headingId} className="flex flex-col gap-3">
        <h2 id={headingId} className="text-xl font-semibold"><Trans>Current plan</Trans></h2>
        {planBody}
      </section>
      {plansBody}

      {dialog === 'cancel' && running && (
        <CancelSubscriptionDialog subscription={running} busy={busy === 'cancel'}
          failure={failure?.action === 'cancel' ? failure.message : null}
          onKeep={() => setDialog(null)}
          onConfirm={() => void apply('cancel', () => subscriptionsApi.cancel(companyId), t`Failed to cancel subscription`)} />
      )}
      {dialog === 'pause' && running && (
        <PauseSubscriptionDialog plan={running.productName} busy={busy === 'pause'}
          failure={failure?.action === 'pause' ? failure.message : null}
          onClose={() => setDialog(null)}
          onConfirm={(reason) => void apply('pause', () => subscriptionsApi.pause(companyId, reason), t`Failed to pause subscription`)} />
      )}
    </div>
  );
}
