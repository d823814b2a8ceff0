import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { vi } from 'vitest';
import { messages } from '../../../../src/locales/en/messages.po';
import { db, type StoredPlannerEvent } from '../../../../src/db/database';
import { EventType, newEventInput, type EventRegion, type PlannerEvent } from '../../../../src/domain/events';
import type { Region } from '../../../../src/domain/locations';
import { onWriteQueued } from '../../../../src/sync/outbox';
import { createReplayer } from '../../../../src/sync/replay';

i18n.loadAndActivate({ locale: 'en', messages });

/** Renders a screen with English texts at `path`; `location.history` lists the navigations. */
export function renderAt(ui: ReactElement, path = '/') {
  const [pathname = '/', search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const result = render(
    <I18nProvider i18n={i18n}>
      <Router hook={location.hook} searchHook={location.searchHook}>{ui}</Router>
    </I18nProvider>,
  );
  return { ...result, location };
}

export const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

export function plannerEvent(id: string, extra: Partial<PlannerEvent> = {}): PlannerEvent {
  const { id: _id, ...input } = newEventInput(id);
  return {
    ...input, eventType: EventType.Wedding, eventConfig: { ...input.eventConfig, eventName: `Event ${id}` },
    id, createdBy: 'u1', createdAt: '2026-01-01T00:00:00.000Z', lastUpdated: '2026-01-02T00:00:00.000Z',
    approved: false, rejectionMessage: null, version: 1, ...extra,
  };
}

export async function storeEvent(event: PlannerEvent, userId = 'u1'): Promise<StoredPlannerEvent> {
  const row = { ...event, userId, fetchedAt: 1 };
  await db.plannerEvents.put(row);
  return row;
}

/** A catalogue region with `n` counties named `${name} 1`…. */
export function region(id: string, name: string, n: number): Region {
  return { id, name, country: 'NO', version: 1, counties: Array.from({ length: n }, (_, i) => ({ id: `${id}-c${i + 1}`, name: `${name} ${i + 1}` })) };
}

/** An event region with the given counties (by index, from 1) selected. */
export function eventRegion(r: Region, selected: number[] | 'region'): EventRegion {
  return {
    id: r.id, name: r.name, isSelected: selected === 'region',
    counties: r.counties.map((c, i) => ({ id: c.id, name: c.name, regionId: r.id, isSelected: selected === 'region' || selected.includes(i + 1) })),
  };
}

/** The write queue as the app runs it: each queued write is sent at once (through the stubbed fetch). */
export function startReplayer(): () => void {
  const replayer = createReplayer({ getUserId: () => 'u1', lock: (fn) => fn() });
  const off = onWriteQueued(() => void replayer.run());
  return () => {
    off();
    replayer.stop();
  };
}
