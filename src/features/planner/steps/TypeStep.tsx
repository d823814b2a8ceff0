import { useLingui } from '@lingui/react';
import type { EventTypeCode } from '../../../domain/events';
import { EventTypeVisual } from '../EventTypeVisual';
import { CHOOSABLE_TYPES, TYPE_LABELS } from '../eventLabels';

/** Step 1: six type cards; choosing one sets the type and advances (spec 3 §2). */
export function TypeStep({ value, onChoose }: { value: number; onChoose: (type: EventTypeCode) => void }) {
  const { i18n } = useLingui();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="type-cards">
      {CHOOSABLE_TYPES.map((type) => (
        <li key={type}>
          <button type="button" aria-pressed={value === type} onClick={() => onChoose(type)}
            className={`flex w-full flex-col overflow-hidden rounded-lg border text-left focus-visible:outline-2 focus-visible:outline-accent ${value === type ? 'border-accent ring-2 ring-accent' : 'border-border hover:border-accent'}`}>
            <EventTypeVisual type={type} height={96} showLabel={false} className="[&_svg]:h-12 [&_svg]:w-12" />
            <span className="bg-surface px-3 py-2 text-sm font-semibold text-fg">{i18n._(TYPE_LABELS[type]!)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
