import { useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { settingsApi } from '../../api/settings';
import type { AuditEntry } from '../../domain/settings';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { TextField } from '../../ui/TextField';
import { usePulled } from '../../ui/usePulled';
import { useAuditLabels, useFailureText } from './messages';

/** The entries loaded so far and where the next page starts (null: none left). */
interface Loaded { entries: AuditEntry[]; nextBefore: number | null }

/**
 * The admin audit log: newest first from the server, a page at a time ('Load more'); the table
 * sorts by time either way and filters the loaded entries by any text in them. `reloadKey`
 * changes after this page changed something, so the new entry shows.
 */
export function AuditLogSection({ reloadKey }: { reloadKey: number }) {
  const { t, i18n } = useLingui();
  const failureText = useFailureText();
  const labels = useAuditLabels();
  const first = usePulled(`admin:audit-log:${reloadKey}`, () => settingsApi.auditLog());
  // Pages after the first, kept per first page (a reload starts again).
  const [more, setMore] = useState<{ key: number; pages: Loaded[] }>({ key: reloadKey, pages: [] });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const [newestFirst, setNewestFirst] = useState(true);
  const [filter, setFilter] = useState('');

  const pages = more.key === reloadKey ? more.pages : [];
  const loaded: Loaded | null = first.value
    ? { entries: [...first.value.entries, ...pages.flatMap((p) => p.entries)], nextBefore: pages.length ? pages[pages.length - 1]!.nextBefore : first.value.nextBefore }
    : null;

  const loadMore = async () => {
    if (!loaded?.nextBefore) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await settingsApi.auditLog(loaded.nextBefore);
      setMore({ key: reloadKey, pages: [...pages, page] });
    } catch (error) {
      setMoreError(failureText(error));
    } finally {
      setLoadingMore(false);
    }
  };

  const shown = useMemo(() => {
    const needle = filter.trim().toLocaleLowerCase();
    const entries = (loaded?.entries ?? []).filter((e) => !needle
      || [e.userEmail, labels.action(e.action), labels.entity(e.entityType), e.entityId ?? '', e.summary].some((v) => v.toLocaleLowerCase().includes(needle)));
    return newestFirst ? entries : [...entries].reverse();
    // labels change only with the language, which reloads the page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded?.entries, filter, newestFirst]);

  const when = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

  if (first.status === 'loading') {
    return (
      <div aria-busy="true">
        <p role="status" className="sr-only"><Trans>Loading the audit log…</Trans></p>
        <div className="flex flex-col gap-2" aria-hidden="true">{[0, 1, 2].map((i) => <Skeleton key={i} className="h-8 w-full" />)}</div>
      </div>
    );
  }
  if (!loaded) {
    return (
      <div className="flex flex-col items-start gap-3" data-testid="audit-log-error">
        <Alert tone="error">
          {first.status === 'offline'
            ? <Trans>The audit log could not be loaded: the server cannot be reached.</Trans>
            : <Trans>Failed to fetch the audit log</Trans>}
        </Alert>
        <Button variant="secondary" onClick={first.retry}><Trans>Try Again</Trans></Button>
      </div>
    );
  }
  if (loaded.entries.length === 0) {
    return <p role="status" className="text-muted" data-testid="audit-log-empty"><Trans>No admin changes recorded yet</Trans></p>;
  }

  return (
    <div className="flex flex-col gap-3">
      <TextField label={t`Filter`} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} className="max-w-sm"
        hint={<Trans>Matches who, action, entity and summary of the entries loaded.</Trans>} data-testid="audit-log-filter" />
      <p role="status" className="text-sm text-muted">
        <Trans>{shown.length} of {loaded.entries.length} entries shown</Trans>
      </p>
      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full min-w-[40rem] text-left text-sm" data-testid="audit-log-table">
          <caption className="sr-only"><Trans>Admin changes</Trans></caption>
          <thead className="bg-surface">
            <tr>
              <th scope="col" className="p-2" aria-sort={newestFirst ? 'descending' : 'ascending'}>
                <button type="button" className="font-semibold text-accent hover:underline" onClick={() => setNewestFirst((v) => !v)} data-testid="audit-log-sort">
                  <Trans>When</Trans> <span aria-hidden="true">{newestFirst ? '↓' : '↑'}</span>
                  <span className="sr-only">{newestFirst ? t`newest first; sort oldest first` : t`oldest first; sort newest first`}</span>
                </button>
              </th>
              <th scope="col" className="p-2"><Trans>Who</Trans></th>
              <th scope="col" className="p-2"><Trans>Action</Trans></th>
              <th scope="col" className="p-2"><Trans>Entity</Trans></th>
              <th scope="col" className="p-2"><Trans>Summary</Trans></th>
            </tr>
          </thead>
          <tbody>
            {shown.map((entry) => (
              <tr key={entry.id} className="border-t border-border align-top" data-testid="audit-log-row">
                <td className="whitespace-nowrap p-2"><time dateTime={entry.at}>{when(entry.at)}</time></td>
                <td className="break-all p-2">{entry.userEmail || <span className="text-muted"><Trans>unknown</Trans></span>}</td>
                <td className="p-2">{labels.action(entry.action)}</td>
                <td className="p-2">{labels.entity(entry.entityType)}</td>
                {/* Stored as the server wrote it, in English (the log is a record, not a message). */}
                <td className="p-2" lang="en">{entry.summary}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length === 0 && <p className="text-muted"><Trans>No entries match the filter</Trans></p>}
      {moreError && <Alert tone="error">{moreError}</Alert>}
      {loaded.nextBefore !== null && (
        <div>
          <Button variant="secondary" loading={loadingMore} onClick={() => void loadMore()} data-testid="audit-log-more"><Trans>Load more</Trans></Button>
        </div>
      )}
    </div>
  );
}
