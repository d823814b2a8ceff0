import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { db } from '../../../../src/db/database';
import { saveFormDraft } from '../../../../src/db/form-drafts';
import { EventStatus, EventType, newEventInput } from '../../../../src/domain/events';
import EventWizardPage from '../../../../src/features/planner/EventWizardPage';
import { REDIRECT_MS, SavedScreen } from '../../../../src/features/planner/SavedScreen';
import { session } from '../../../../src/state/session';
import { userEntries } from '../../../../src/sync/outbox';
import { makeUser } from '../profile/helpers';
import { stubApi } from '../../sync/fixtures';
import { goOffline, plannerEvent, region, renderAt, storeEvent } from './helpers';

beforeEach(async () => {
  await db.delete();
  await db.open();
  session.user = makeUser();
  const r = region('r1', 'Vestland', 2);
  await db.regions.put({ ...r, position: 0 });
  await db.categories.put({ id: 'c1', name: 'Food', shortDescription: '', description: '', imageUri: null, version: 1, position: 0 });
  await db.subCategories.put({ id: 'sc1', categoryId: 'c1', name: 'Venues', shortDescription: '', description: '', imageUri: null, version: 1, position: 0 });
  await db.categoryServices.put({ id: 'cs1', categoryId: 'c1', name: 'Catering', groupName: '', shortDescription: '', version: 1, position: 0 });
  await db.subCategoryServices.put({ id: 'ss1', subCategoryId: 'sc1', name: 'Hall', groupName: '', shortDescription: '', version: 1, position: 0 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  session.user = null;
});

const next = () => screen.getByTestId('step-next') as HTMLButtonElement;
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const currentStep = () => document.querySelector('[aria-current="step"]')!.getAttribute('data-step');

describe('/planner/event', () => {
  it('goes through the five steps offline, each way forward disabled until its rule holds, and saves for approval once', async () => {
    goOffline();
    stubApi({});
    renderAt(<EventWizardPage />, '/planner/event');
    expect(screen.getByRole('heading', { level: 1, name: 'Create Event' })).toBeTruthy();
    expect((await screen.findByTestId('wizard-steps')).tagName).toBe('OL');

    // 1: a type card sets the type and advances; focus goes to the new step's heading.
    fireEvent.click(await screen.findByRole('button', { name: 'Birthday' }));
    await waitFor(() => expect(currentStep()).toBe('2'));
    expect(document.activeElement?.textContent).toContain('Configure');

    // 2: Continue needs name, attendees and both dates in order.
    expect(next().disabled).toBe(true);
    fireEvent.change(field(/^Event Name/), { target: { value: 'Nora turns 30' } });
    fireEvent.change(field(/^Number of Attendees/), { target: { value: '40' } });
    fireEvent.change(field(/^Start Date/), { target: { value: '2026-09-12' } });
    expect(next().disabled).toBe(true);
    fireEvent.change(field(/^End Date/), { target: { value: '2026-09-11' } });
    expect(screen.getByText('The end date cannot be before the start date')).toBeTruthy();
    expect(next().disabled).toBe(true);
    fireEvent.change(field(/^End Date/), { target: { value: '2026-09-13' } });
    fireEvent.change(field(/^Budget/), { target: { value: '2500' } });
    expect(next().disabled).toBe(false);
    fireEvent.click(next());
    await waitFor(() => expect(currentStep()).toBe('3'));

    // 3: Next needs a region or county; all counties mark the region, one less unmarks it.
    expect(next().textContent).toBe('Next');
    expect(next().disabled).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Choose counties Vestland' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Vestland 1' }));
    expect(next().disabled).toBe(false);
    const regionBox = () => screen.getByRole('checkbox', { name: /^Vestland( \(\d+\))?$/ }) as HTMLInputElement;
    expect(regionBox().checked).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Vestland 2' }));
    expect(regionBox().checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Vestland 2' }));
    expect(regionBox().checked).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Vestland 2' }));
    fireEvent.click(next());
    await waitFor(() => expect(currentStep()).toBe('4'));

    // 4: Continue needs a service or sub-category.
    expect(next().disabled).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: /Food/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Hall' }));
    expect(next().disabled).toBe(false);
    fireEvent.click(next());
    await waitFor(() => expect(currentStep()).toBe('5'));

    // 5: the overview, then Save for Approval.
    const overview = screen.getByTestId('event-overview');
    expect(within(overview).getByTestId('overview-name').textContent).toBe('Nora turns 30');
    expect(within(overview).getByTestId('overview-type').textContent).toBe('Birthday');
    expect(within(overview).getByTestId('overview-start').textContent).toBe('12/09/2026');
    expect(within(overview).getByTestId('overview-budget').textContent).toBe('$2,500');
    expect(within(overview).getByTestId('region-chip').textContent).toBe('Vestland (All)');
    expect(within(overview).getByText(/Hall/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save for Approval' }));
    await screen.findByText('Your Event Has Been Created!');
    expect(screen.getByText('Redirecting you back to the planner in 5 seconds...')).toBeTruthy();

    const entries = await userEntries('u1');
    // The autosaved draft's create, and the save for approval as its one edit.
    expect(entries.map((e) => e.kind)).toEqual(['plannerEvent.create', 'plannerEvent.update']);
    expect(entries[1]!.body).toMatchObject({ status: EventStatus.AwaitingApproval, eventType: EventType.Birthday, eventCategories: [{ id: 'c1', name: 'Food' }] });
    const stored = await db.plannerEvents.get(entries[0]!.entityId);
    expect(stored).toMatchObject({ status: EventStatus.AwaitingApproval, eventConfig: { eventName: 'Nora turns 30', budget: 2500 } });
    expect(await db.formDrafts.count()).toBe(0);
  });

  it('the overview shows the fallbacks and Save for Approval waits for every step', async () => {
    goOffline();
    stubApi({});
    await saveFormDraft('u1', 'event:new', { input: newEventInput('e-new'), step: 5 });
    renderAt(<EventWizardPage />, '/planner/event');
    const overview = await screen.findByTestId('event-overview');
    expect(screen.getByTestId('wizard-restored')).toBeTruthy();
    expect(within(overview).getByTestId('overview-name').textContent).toBe('Untitled Event');
    expect(within(overview).getByTestId('overview-type').textContent).toBe('No Type Selected');
    expect(within(overview).getByTestId('overview-start').textContent).toBe('No Date Set');
    expect((screen.getByRole('button', { name: 'Save for Approval' }) as HTMLButtonElement).disabled).toBe(true);
    // Reset starts over.
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(currentStep()).toBe('1'));
  });

  it('editing an Approved event warns first; Continue Editing opens the wizard with its values', async () => {
    goOffline();
    stubApi({});
    await storeEvent(plannerEvent('a', { status: EventStatus.Approved, approved: true }));
    renderAt(<EventWizardPage />, '/planner/event?id=a');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Event' })).toBeTruthy();
    const warning = await screen.findByTestId('approved-warning');
    expect(warning.textContent).toContain('Awaiting Approval');
    fireEvent.click(within(warning).getByRole('button', { name: 'Continue Editing' }));
    expect((await screen.findByRole('button', { name: 'Wedding' })).getAttribute('aria-pressed')).toBe('true');
  });

  it('an existing draft is not autosaved when opened unchanged; a pending event is never autosaved', async () => {
    goOffline();
    stubApi({});
    await storeEvent(plannerEvent('p', { status: EventStatus.AwaitingApproval }));
    renderAt(<EventWizardPage />, '/planner/event?id=p');
    fireEvent.click(await screen.findByRole('button', { name: 'Seminar' }));
    await waitFor(() => expect(currentStep()).toBe('2'));
    fireEvent.change(field(/^Event Name/), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(currentStep()).toBe('1'));
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('autosave of a new draft', () => {
  it('an existing draft opened and stepped through unchanged queues nothing', async () => {
    goOffline();
    stubApi({});
    await storeEvent(plannerEvent('d', { status: EventStatus.Draft }));
    renderAt(<EventWizardPage />, '/planner/event?id=d');
    fireEvent.click(await screen.findByRole('button', { name: 'Wedding' }));
    await waitFor(() => expect(currentStep()).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(currentStep()).toBe('1'));
    expect(await db.outbox.count()).toBe(0);
  });

  it('queues the draft once it has a type, then at most one waiting edit: after 2 s idle and when the wizard is left', async () => {
    goOffline();
    stubApi({});
    const view = renderAt(<EventWizardPage />, '/planner/event');
    fireEvent.click(await screen.findByRole('button', { name: 'Team Building' }));
    // The step change queues the new draft (status Draft) with its device-made id.
    await waitFor(async () => expect((await userEntries('u1')).map((e) => e.kind)).toEqual(['plannerEvent.create']));
    const [create] = await userEntries('u1');
    expect(create!.body).toMatchObject({ status: EventStatus.Draft, eventType: EventType.TeamBuilding });
    expect(await db.plannerEvents.get(create!.entityId)).toMatchObject({ status: EventStatus.Draft });

    for (const value of ['K', 'Ki', 'Kick', 'Kickoff']) fireEvent.change(field(/^Event Name/), { target: { value } });
    expect(await db.outbox.count()).toBe(1);
    await waitFor(async () => expect(await db.outbox.count()).toBe(2));
    fireEvent.change(field(/^Event Name/), { target: { value: 'Kickoff 2027' } });
    view.unmount();
    await waitFor(async () => expect((await userEntries('u1')).at(-1)!.body).toMatchObject({ eventConfig: { eventName: 'Kickoff 2027' } }));
    // Still one create and one waiting edit, whatever the number of keystrokes.
    expect((await userEntries('u1')).map((e) => e.kind)).toEqual(['plannerEvent.create', 'plannerEvent.update']);
    expect(await db.plannerEvents.get(create!.entityId)).toMatchObject({ eventConfig: { eventName: 'Kickoff 2027' } });
  });
});

describe('after saving', () => {
  it('goes back to /planner after exactly 5 seconds', () => {
    vi.useFakeTimers();
    const { location } = renderAt(
      <Switch>
        <Route path="/planner/event"><SavedScreen queued /></Route>
        <Route path="/planner"><p>Planner list</p></Route>
      </Switch>,
      '/planner/event',
    );
    expect(REDIRECT_MS).toBe(5_000);
    expect(screen.getByTestId('event-saved-queued')).toBeTruthy();
    act(() => vi.advanceTimersByTime(REDIRECT_MS - 1));
    expect(screen.queryByText('Planner list')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Planner list')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/planner');
  });
});
