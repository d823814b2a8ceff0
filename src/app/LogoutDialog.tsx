import { Plural, Trans } from '@lingui/react/macro';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

/** Asks before a logout that leaves changes in the outbox (see logout.tsx). */
export default function LogoutDialog({ unsent, onStay, onLogout }: { unsent: number; onStay: () => void; onLogout: () => void }) {
  return (
    <Dialog open onClose={onStay} title={<Trans>Log out with unsent changes?</Trans>}
      description={<Plural value={unsent}
        one="# change has not reached the server yet. It stays on this device and is sent the next time you log in."
        other="# changes have not reached the server yet. They stay on this device and are sent the next time you log in." />}
      actions={(
        <>
          <Button variant="secondary" onClick={onStay}><Trans>Stay logged in</Trans></Button>
          <Button variant="danger" data-testid="logout-anyway" onClick={onLogout}><Trans>Log out anyway</Trans></Button>
        </>
      )} />
  );
}
