import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { initialsOf } from '../domain/user';
import { isAdmin, session } from '../state/session';
import { Avatar } from '../ui/Avatar';
import { requestLogout } from './logout';
import { theme, toggleTheme } from '../state/theme';
import { useHydrated, useSsrData } from '../ui/ssr-data';
import { paths } from '../config/paths';

export interface Entry {
  href: string;
  label: ReactNode;
}

// The user menu (Headless UI Menu with its floating positioning) loads only once someone is
// logged in, keeping it off an anonymous visitor's first load.
const UserMenu = lazy(() => import('./UserMenu'));
// The unread count reads Dexie: its own chunk, so Dexie stays off the first-load bundle.
const UnreadMessagesBadge = lazy(() => import('./UnreadMessagesBadge'));

function useEntries() {
  const { user } = useSnapshot(session);
  const main: Entry[] = [
    { href: paths.home.href(), label: <Trans>Home</Trans> },
    { href: paths.advertise.href(), label: <Trans>Advertise with us</Trans> },
    { href: paths.contactUs.href(), label: <Trans>Contact us</Trans> },
  ];
  const account: Entry[] = user ? [
    { href: paths.profile.href(), label: <Trans>Profile</Trans> },
    {
      href: paths.messages.href(),
      label: <><Trans>Messages</Trans><Suspense fallback={null}><UnreadMessagesBadge userId={user.id} /></Suspense></>,
    },
    { href: paths.favorites.href(), label: <Trans>My Favorites</Trans> },
    { href: paths.planner.href(), label: <Trans>Event Planner</Trans> },
    { href: paths.companies.href(), label: <Trans>Companies</Trans> },
    ...(isAdmin(user) ? [{ href: paths.admin.href(), label: <Trans>Admin Dashboard</Trans> }] : []),
  ] : [];
  return { user, main, account };
}

function ThemeToggle() {
  const { t } = useLingui();
  const { current: stored } = useSnapshot(theme);
  // A server-rendered page first shows the theme the server rendered (its cookie), then the stored one.
  const rendered = useSsrData()?.theme;
  const current = useHydrated() || !rendered ? stored : rendered;
  const label = current === 'dark' ? t`Switch to light theme` : t`Switch to dark theme`;
  return (
    <button type="button" onClick={toggleTheme} aria-label={label} title={label} className="rounded-md p-2 text-fg hover:bg-surface-2">
      <span aria-hidden="true">{current === 'dark' ? '☀' : '☾'}</span>
    </button>
  );
}

const navLink = 'rounded-md px-3 py-2 text-sm font-medium text-fg hover:bg-surface-2';

/**
 * The phone menu's open state: a plain disclosure (a button with aria-expanded controlling a
 * region) rather than Headless UI's, which would put its interaction hooks on every first load.
 * It closes on navigation, on Escape (focus back on the button when it was in the bar) and on a
 * press outside the bar.
 */
function useMobileMenu() {
  const [location] = useLocation();
  // Open at one address: navigating anywhere closes it without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location;
  const setOpen = (next: boolean) => setOpenAt(next ? location : null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      // Another widget's Escape (a listbox, a dialog) is theirs.
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      setOpenAt(null);
      if (headerRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!headerRef.current?.contains(e.target as Node)) setOpenAt(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return { open, setOpen, buttonRef, headerRef, close: () => setOpen(false) };
}

/** Top bar: main links, Login or the user menu; on small screens a collapsible full-width menu. */
export function TopBar() {
  const { t } = useLingui();
  const { user, main, account } = useEntries();
  const { open, setOpen, buttonRef, headerRef, close } = useMobileMenu();
  const panelId = useId();
  return (
    <header ref={headerRef} className="sticky top-0 z-40 border-b border-border bg-bg/95 backdrop-blur">
      <nav aria-label={t`Main`} className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <Link href={paths.home.href()} className="mr-4 text-lg font-bold text-accent">EventMarket</Link>
        <div className="hidden flex-1 items-center gap-1 md:flex">
          {main.map((e) => <Link key={e.href} href={e.href} className={navLink}>{e.label}</Link>)}
        </div>
        <div className="ml-auto flex items-center gap-1">
          <ThemeToggle />
          {!user && <Link href={paths.login.href()} className={`${navLink} hidden md:inline-flex`}><Trans>Login</Trans></Link>}
          {user && (
            // The fallback looks like the menu's button (picture and name), so nothing moves when it loads.
            <Suspense fallback={(
              <span className="hidden items-center gap-2 px-3 py-2 text-sm font-medium md:flex">
                <Avatar fileId={user.profilePictureId} initials={initialsOf(user)} size={32} />
                <span>{user.fullName}</span>
              </span>
            )}>
              <UserMenu entries={account} />
            </Suspense>
          )}
          <button ref={buttonRef} type="button" aria-expanded={open} aria-controls={open ? panelId : undefined}
            onClick={() => setOpen(!open)}
            className="rounded-md p-2 text-fg hover:bg-surface-2 md:hidden" aria-label={t`Menu`} data-testid="mobile-menu-button">
            <span aria-hidden="true" className="text-xl">☰</span>
          </button>
        </div>
      </nav>
      {open && (
        <div id={panelId} className="border-t border-border md:hidden" data-testid="mobile-menu">
          <div className="flex flex-col gap-1 px-4 py-3">
            {user && (
              <div className="mb-2 flex items-center gap-3 border-b border-border pb-2">
                <Avatar fileId={user.profilePictureId} initials={initialsOf(user)} size={40} data-testid="mobile-menu-avatar" />
                <div className="min-w-0">
                  <p className="text-sm font-semibold">{user.fullName}</p>
                  <p className="truncate text-xs text-muted">{user.email}</p>
                </div>
              </div>
            )}
            {[...main, ...account].map((e) => (
              <Link key={e.href} href={e.href} onClick={close} className={`${navLink} block w-full`}>{e.label}</Link>
            ))}
            {user
              ? <button type="button" onClick={() => { close(); void requestLogout(); }} className={`${navLink} w-full text-left`}><Trans>Logout</Trans></button>
              : <Link href={paths.login.href()} onClick={close} className={`${navLink} block w-full`}><Trans>Login</Trans></Link>}
          </div>
        </div>
      )}
    </header>
  );
}
