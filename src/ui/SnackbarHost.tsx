import { useSnapshot } from 'valtio';
import { useLingui } from '@lingui/react/macro';
import { dismiss, snackbars, type Snack, type SnackbarPosition } from '../state/snackbar';

const COLORS: Record<Snack['severity'], string> = {
  success: 'bg-success-bg text-white',
  error: 'bg-danger-bg text-white',
  info: 'bg-info-bg text-white',
  warning: 'bg-surface-2 text-fg border border-accent',
};

const POSITIONS: Record<SnackbarPosition, string> = {
  'bottom-center': 'bottom-4 left-1/2 -translate-x-1/2 items-center',
  'bottom-left': 'bottom-4 left-4 items-start',
};

/** Renders the snackbar queue; errors are announced assertively, the rest politely. */
export function SnackbarHost() {
  const { items } = useSnapshot(snackbars);
  const { t } = useLingui();
  return (
    <>
      {(Object.keys(POSITIONS) as SnackbarPosition[]).map((position) => (
        <div key={position} className={`pointer-events-none fixed z-[60] flex w-[min(28rem,calc(100%-2rem))] flex-col gap-2 ${POSITIONS[position]}`}>
          {items.filter((s) => s.position === position).map((s) => (
            <div key={s.id} role={s.severity === 'error' ? 'alert' : 'status'} data-testid="snackbar" data-severity={s.severity}
              className={`pointer-events-auto flex w-full items-start gap-3 rounded-md px-4 py-3 text-sm shadow-lg ${COLORS[s.severity]}`}>
              <p className="flex-1">{s.message}</p>
              <button type="button" onClick={() => dismiss(s.id)} className="rounded px-1 font-bold opacity-80 hover:opacity-100" aria-label={t`Dismiss`}>×</button>
            </div>
          ))}
        </div>
      ))}
    </>
  );
}
