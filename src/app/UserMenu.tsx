import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Trans } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { initialsOf } from '../domain/user';
import { session } from '../state/session';
import { Avatar } from '../ui/Avatar';
import { requestLogout } from './logout';
import type { Entry } from './TopBar';

/** The logged-in user's menu: name and e-mail, the account entries and Logout. */
export default function UserMenu({ entries }: { entries: Entry[] }) {
  const { user } = useSnapshot(session);
  if (!user) return null;
  return (
    <Menu as="div" className="relative hidden md:block">
      <MenuButton className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-fg hover:bg-surface-2" data-testid="user-menu">
        <Avatar fileId={user.profilePictureId} initials={initialsOf(user)} size={32} data-testid="user-menu-avatar" />
        <span>{user.fullName}</span>
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-50 mt-2 w-64 rounded-lg border border-border bg-surface p-1 shadow-xl focus:outline-none">
        <div className="border-b border-border px-3 py-2">
          <p className="text-sm font-semibold text-fg">{user.fullName}</p>
          <p className="truncate text-xs text-muted">{user.email}</p>
        </div>
        {entries.map((e) => (
          <MenuItem key={e.href}>
            <Link href={e.href} className="block rounded-md px-3 py-2 text-sm text-fg data-[focus]:bg-surface-2">{e.label}</Link>
          </MenuItem>
        ))}
        <MenuItem>
          <button type="button" onClick={() => void requestLogout()} className="block w-full rounded-md px-3 py-2 text-left text-sm text-fg data-[focus]:bg-surface-2">
            <Trans>Logout</Trans>
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
