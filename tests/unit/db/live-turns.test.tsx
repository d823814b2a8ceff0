import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferData, loadData, useLive } from '../../../src/db/live';

/**
 * A server-rendered first visit's live queries start one per task once the mirror loads and has
 * opened, not all in one microtask run (src/db/live.ts, dataForLiveQuery). One file of its own:
 * the gate opens once per module instance.
 */
afterEach(() => vi.unstubAllGlobals());

describe('live queries that waited out a deferred first view', () => {
  it('start one per task, in the order they asked, once the database has opened', async () => {
    const events: string[] = [];
    // Tasks as timers: Node runs timers of one delay in the order they were set.
    vi.stubGlobal('scheduler', { yield: () => new Promise<void>((resolve) => setTimeout(resolve, 0)) });
    const aTaskLater = (label: string) => setTimeout(() => events.push(label), 0);
    function Reader({ name }: { name: string }) {
      const count = useLive(async (data) => {
        events.push(`${name} starts (open: ${data.db.isOpen()})`);
        // Anything queued now as a task runs before the next query starts.
        aTaskLater(`a task after ${name}`);
        return await data.db.categories.count();
      }, []);
      return <span data-testid={name}>{count ?? 'loading'}</span>;
    }
    deferData();
    const view = render(<><Reader name="first" /><Reader name="second" /><Reader name="third" /></>);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Nothing starts before the mirror may load.
    expect(events).toEqual([]);
    await loadData();
    await waitFor(() => expect(view.getByTestId('third').textContent).toBe('0'));
    expect(events.filter((e) => e.includes('starts'))).toEqual(['first starts (open: true)', 'second starts (open: true)', 'third starts (open: true)']);
    expect(events.indexOf('a task after first')).toBeLessThan(events.indexOf('second starts (open: true)'));
    expect(events.indexOf('a task after second')).toBeLessThan(events.indexOf('third starts (open: true)'));
  });
});
