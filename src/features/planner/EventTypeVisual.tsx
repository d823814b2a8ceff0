import { useLingui } from '@lingui/react';
import { EventType } from '../../domain/events';
import { typeLabel } from './eventLabels';

/** Per type: a gradient and a simple line drawing (no external images; the same in light and dark). */
const LOOKS: Record<number, { gradient: string; path: string }> = {
  [EventType.Wedding]: {
    gradient: 'from-rose-300 via-amber-200 to-rose-400',
    // two rings
    path: 'M9 14a5 5 0 1 0 10 0a5 5 0 1 0-10 0M15 14a5 5 0 1 0 10 0a5 5 0 1 0-10 0',
  },
  [EventType.Birthday]: {
    gradient: 'from-fuchsia-400 via-pink-300 to-amber-300',
    // a cake with a candle
    path: 'M7 24h20v-8H7zM7 20c3 2 5-2 10 0s7-2 10 0M17 16v-5M17 9c-1-1 0-3 0-3s1 2 0 3',
  },
  [EventType.TeamBuilding]: {
    gradient: 'from-sky-400 via-cyan-300 to-emerald-300',
    // three people
    path: 'M11 12a3 3 0 1 0 0.01 0M23 12a3 3 0 1 0 0.01 0M17 10a3 3 0 1 0 0.01 0M6 25c0-4 2-7 5-7s5 3 5 7M18 25c0-4 2-7 5-7s5 3 5 7',
  },
  [EventType.BachelorParty]: {
    gradient: 'from-indigo-500 via-violet-400 to-amber-300',
    // a raised glass
    path: 'M11 7h12l-6 9zM17 16v8M12 25h10',
  },
  [EventType.Seminar]: {
    gradient: 'from-slate-400 via-sky-300 to-slate-500',
    // a lectern and a board
    path: 'M6 8h22v12H6zM17 20v6M12 26h10M10 12h9M10 16h14',
  },
  [EventType.Custom]: {
    gradient: 'from-amber-400 via-yellow-200 to-amber-600',
    // a star
    path: 'M17 6l3 7 7 1-5 5 1 7-6-3-6 3 1-7-5-5 7-1z',
  },
};
const NONE = { gradient: 'from-zinc-500 via-zinc-400 to-zinc-600', path: 'M9 9h16v16H9zM13 13h8M13 17h8M13 21h5' };

/** The event type as the card's picture area: its colour, drawing and name. */
export function EventTypeVisual({ type, height, showLabel = true, className = '' }: {
  type: number; height?: number; showLabel?: boolean; className?: string;
}) {
  const { i18n } = useLingui();
  const look = Object.hasOwn(LOOKS, type) ? LOOKS[type]! : NONE;
  const label = typeLabel(type);
  return (
    <div className={`relative flex items-center justify-center bg-gradient-to-br ${look.gradient} ${className}`} style={height ? { height } : undefined} data-testid="event-type-visual" data-type={type}>
      <svg viewBox="0 0 34 34" aria-hidden="true" className="h-24 w-24 text-zinc-900/70" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
        <path d={look.path} />
      </svg>
      {label && showLabel && (
        <span className="absolute bottom-3 left-3 rounded-full bg-black/60 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">
          {i18n._(label)}
        </span>
      )}
    </div>
  );
}
