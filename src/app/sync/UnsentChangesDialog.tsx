import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OutboxEntry } from '../../db/database';
import { discardChange, keepMine, retryChange, takeTheirs } from '../../sync/resolve';
import type { WriteDescription } from '../../sync/entities/define';
import { writeKind, type WriteKindName } from '../../sync/entities/registry';
import { notify } from '../../state/snackbar';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CHANGE_LABELS } from './describeChange';

type Description = WriteDescription<WriteKindName>;

function useDescriptions(entries: OutboxEntry[]): Map<number, Description> {
  const [descriptions, setDescriptions] = useState(new Map<number, Description>());
  useEffect(() => {
    let active = true;
    void Promise.all(entries.map(async (e) => [e.seq!, await writeKind(e.kind)?.describe(e.payload)] as const)).then((pairs) => {
      if (active) setDescriptions(new Map(pairs.filter((p): p is [number, Description] => Boolean(p[1]))));
    });
    return () => {
      active = false;
    };
  }, [entries]);
  return descriptions;
}

/**
 * The changes the server did not take: each with the server's message and what the user can do
 * (ARCHITECTURE §3: nothing is dropped silently).
 */
export function UnsentChangesDialog({ open, onClose, entries }: { open: boolean; onClose: () => void; entries: OutboxEntry[] }) {
  const { t, i18n } = useLingui();
  const descriptions = useDescriptions(entries);
  const [busy, setBusy] = useState<number | null>(null);

  const act = async (entry: OutboxEntry, action: (e: OutboxEntry) => Promise<void>) => {
    setBusy(entry.seq!);
    try {
      await action(entry);
    } catch {
      notify(t`That did not work. Check your connection and try again.`, { severity: 'error', key: 'unsent-changes' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={<Trans>Changes not saved on the server</Trans>} size="lg"
      actions={<Button variant="secondary" onClick={onClose}><Trans>Close</Trans></Button>}>
      {entries.length === 0 ? (
        <p className="text-muted"><Trans>All your changes have been sent.</Trans></p>
      ) : (
        <ul className="flex flex-col gap-4" data-testid="unsent-changes">
          {entries.map((entry) => {
            const description = descriptions.get(entry.seq!);
            const label = description ? i18n._(CHANGE_LABELS[description.action]) : entry.kind;
            return (
              <li key={entry.seq} className="rounded-md border border-border p-3" data-state={entry.state}>
                <p className="font-semibold">{label}{description?.subject ? `: ${description.subject}` : ''}</p>
                <p className="mt-1 text-sm text-muted">
                  {entry.state === 'conflict'
                    ? <Trans>Someone changed this on another device before your change arrived.</Trans>
                    : <Trans>The server did not accept this change:</Trans>}{' '}
                  <span className="text-fg">{entry.lastError}</span>
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  {entry.state === 'conflict' ? (
                    <>
                      <Button variant="primary" loading={busy === entry.seq} onClick={() => void act(entry, keepMine)}><Trans>Keep mine</Trans></Button>
                      <Button variant="secondary" disabled={busy === entry.seq} onClick={() => void act(entry, takeTheirs)}><Trans>Take theirs</Trans></Button>
                    </>
                  ) : (
                    <>
                      <Button variant="primary" loading={busy === entry.seq} onClick={() => void act(entry, retryChange)}><Trans>Try again</Trans></Button>
                      <Button variant="danger" disabled={busy === entry.seq} onClick={() => void act(entry, discardChange)}><Trans>Discard</Trans></Button>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
