import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isIosSafari, isStandalone, type NavigatorLike } from './install-prompt';

const DISMISSED_KEY = 'iosInstallHintDismissed';

function shouldShow(): boolean {
  if (typeof navigator === 'undefined' || typeof window === 'undefined') return false;
  const nav = navigator as Navigator & NavigatorLike;
  const standalone = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  if (!isIosSafari(nav) || isStandalone(nav, standalone)) return false;
  try {
    return window.localStorage.getItem(DISMISSED_KEY) !== '1';
  } catch {
    return true;
  }
}

/** Safari's Share icon: a box with an arrow out of its top. */
function ShareIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="mx-0.5 inline h-4 w-4 align-text-bottom" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 3v12M8 7l4-4 4 4" />
      <path d="M6 11H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0-1-1h-1" />
    </svg>
  );
}

/** Safari on iPhone/iPad has no install prompt: a short how-to, dismissible (remembered). */
export function IosInstallHint() {
  const { t } = useLingui();
  const [show, setShow] = useState(shouldShow);
  if (!show) return null;
  const dismiss = () => {
    setShow(false);
    try {
      window.localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // storage disabled: hidden for this visit only
    }
  };
  return (
    <div data-testid="ios-install-hint" className="flex items-start gap-3 py-3 text-sm text-muted">
      <p className="flex-1">
        <Trans>
          Install EventMarket: tap Share <ShareIcon /> in Safari, then <strong className="text-fg">Add to Home Screen</strong>.
        </Trans>
      </p>
      <button type="button" onClick={dismiss} aria-label={t`Dismiss`} className="rounded-md px-2 text-fg hover:bg-surface-2">
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
