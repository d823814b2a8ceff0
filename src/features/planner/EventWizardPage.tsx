import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Link, useSearch } from 'wouter';
import { paths } from '../../config/paths';
import { EventStatus, type EventStatusCode, type EventTypeCode } from '../../domain/events';
import { session } from '../../state/session';
import { Alert } from '../../ui/Alert';
import { Button, buttonClass } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { useOnline } from '../../ui/useConnection';
import { canEditEvent } from './EventCard';
import { SavedScreen } from './SavedScreen';
import { ConfigureStep } from './steps/ConfigureStep';
import { LocationsStep } from './steps/LocationsStep';
import { OverviewStep } from './steps/OverviewStep';
import { ServicesStep } from './steps/ServicesStep';
import { TypeStep } from './steps/TypeStep';
import { useEventWizard, type EventWizard } from './useEventWizard';
import { useCategories } from '../../db/hooks';
import { eventCategoriesOf } from './serviceSelection';
import { WizardStepper } from './WizardStepper';
import { canLeaveStep, readyForApproval, type WizardStep } from './wizardSteps';

/** Back and the step's way forward (Continue, or Next on the locations step), disabled until the step's rule holds. */
function StepNav({ step, ok, onBack, onNext }: { step: WizardStep; ok: boolean; onBack: () => void; onNext: () => void }) {
  return (
    <div className="mt-6 flex flex-wrap gap-2">
      <Button variant="secondary" onClick={onBack}><Trans>Back</Trans></Button>
      <Button disabled={!ok} onClick={onNext} data-testid="step-next">{step === 3 ? <Trans>Next</Trans> : <Trans>Continue</Trans>}</Button>
    </div>
  );
}

function Wizard({ userId, eventId }: { userId: string; eventId: string | null }) {
  const { t } = useLingui();
  const online = useOnline();
  const wizard: EventWizard = useEventWizard(userId, eventId);
  const categories = useCategories();
  const [confirmedApprovedEdit, setConfirmedApprovedEdit] = useState(false);
  const [saving, setSaving] = useState<EventStatusCode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ queued: boolean } | null>(null);
  const { draft, stored } = wizard;

  if (saved) return <SavedScreen queued={saved.queued} />;
  if (wizard.phase === 'missing') {
    return (
      <div className="flex flex-col items-start gap-4">
        <Alert tone="error" title={t`Event not found`}>
          {wizard.pull === 'offline' && (online ? <Trans>The server could not be reached.</Trans> : <Trans>You are offline.</Trans>)}
        </Alert>
        <div className="flex gap-2">
          {wizard.pull === 'offline' && <Button variant="secondary" onClick={wizard.retry}><Trans>Try Again</Trans></Button>}
          <Link href={paths.planner.href()} className={buttonClass('secondary')}><Trans>Back to Planner</Trans></Link>
        </div>
      </div>
    );
  }
  if (wizard.phase === 'loading' || !draft) {
    return (
      <div aria-busy="true">
        <p role="status" className="sr-only">{t`Loading...`}</p>
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (stored && !canEditEvent(stored.status)) {
    return (
      <div className="flex flex-col items-start gap-4">
        <Alert tone="info" title={t`This event can no longer be edited.`} />
        <Link href={paths.planner.href()} className={buttonClass('secondary')}><Trans>Back to Planner</Trans></Link>
      </div>
    );
  }
  if (stored?.status === EventStatus.Approved && !confirmedApprovedEdit) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-lg border border-accent bg-surface p-6" data-testid="approved-warning">
        <h2 className="text-lg font-semibold"><Trans>This event is approved</Trans></h2>
        <p><Trans>After editing, it returns to Awaiting Approval until an administrator approves it again.</Trans></p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setConfirmedApprovedEdit(true)}><Trans>Continue Editing</Trans></Button>
          <Link href={paths.planner.href()} className={buttonClass('secondary')}><Trans>Back to Planner</Trans></Link>
        </div>
      </div>
    );
  }

  const { input, step } = draft;
  const go = (next: WizardStep) => wizard.update((d) => ({ ...d, step: next }));
  const back = () => go(Math.max(1, step - 1) as WizardStep);
  const forward = () => canLeaveStep(step, input) && go(Math.min(5, step + 1) as WizardStep);
  const change = (patch: Partial<typeof input>) => wizard.update((d) => ({ ...d, input: { ...d.input, ...patch } }));

  async function save(status: EventStatusCode) {
    setSaving(status);
    setError(null);
    try {
      const outcome = await wizard.save(status);
      if (outcome.state === 'failed') setError(t`API Error: ${outcome.entry.lastError ?? ''}`);
      else setSaved({ queued: outcome.state === 'pending' });
    } catch (e) {
      setError(t`API Error: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setSaving(null);
    }
  }

  let body;
  switch (step) {
    case 1:
      body = <TypeStep value={input.eventType} onChoose={(eventType: EventTypeCode) => wizard.update((d) => ({ step: 2, input: { ...d.input, eventType } }))} />;
      break;
    case 2:
      body = (
        <>
          <ConfigureStep config={input.eventConfig} onChange={(eventConfig) => change({ eventConfig })} />
          <StepNav step={step} ok={canLeaveStep(2, input)} onBack={back} onNext={forward} />
        </>
      );
      break;
    case 3:
      body = (
        <>
          <LocationsStep locations={input.eventLocations} onChange={(eventLocations) => change({ eventLocations })} />
          <StepNav step={step} ok={canLeaveStep(3, input)} onBack={back} onNext={forward} />
        </>
      );
      break;
    case 4:
      body = (
        <>
          <ServicesStep selected={input.selectedServices}
            onChange={(selectedServices) => change({ selectedServices, eventCategories: eventCategoriesOf(selectedServices, categories ?? [], input.eventCategories) })} />
          <StepNav step={step} ok={canLeaveStep(4, input)} onBack={back} onNext={forward} />
        </>
      );
      break;
    default:
      body = (
        <>
          <OverviewStep input={input} />
          {error && <div className="mt-4"><Alert tone="error">{error}</Alert></div>}
          <div className="mt-6 flex flex-wrap gap-2">
            <Button variant="secondary" onClick={back} disabled={saving !== null}><Trans>Back</Trans></Button>
            <Button variant="secondary" loading={saving === EventStatus.Draft} disabled={saving !== null}
              onClick={() => void save(EventStatus.Draft)}><Trans>Save as Draft</Trans></Button>
            <Button loading={saving === EventStatus.AwaitingApproval} disabled={saving !== null || !readyForApproval(input)}
              onClick={() => void save(EventStatus.AwaitingApproval)}><Trans>Save for Approval</Trans></Button>
            <Button variant="ghost" disabled={saving !== null} onClick={wizard.reset}><Trans>Reset</Trans></Button>
          </div>
        </>
      );
  }

  return (
    <>
      {wizard.restored && (
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-md border border-border bg-surface px-4 py-3 text-sm" role="status" data-testid="wizard-restored">
          <span><Trans>Restored your unsaved changes.</Trans></span>
          <Button variant="ghost" onClick={wizard.reset}><Trans>Discard</Trans></Button>
        </div>
      )}
      {!online && (
        <p role="status" className="mb-4 text-sm text-muted" data-testid="wizard-offline">
          <Trans>You are offline. Your event is kept on this device and sent when you are back online.</Trans>
        </p>
      )}
      <WizardStepper step={step} onOpen={go}>{body}</WizardStepper>
    </>
  );
}

/** /planner/event[?id]: the five-step event wizard, 'Edit Event' with an id, else 'Create Event' (spec 3 §2). */
export default function EventWizardPage() {
  const search = useSearch();
  const eventId = new URLSearchParams(search).get('id') || null;
  const { user } = useSnapshot(session);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{eventId ? <Trans>Edit Event</Trans> : <Trans>Create Event</Trans>}</h1>
        <Link href={paths.planner.href()} className="text-sm font-semibold text-accent hover:underline"><Trans>Back to Planner</Trans></Link>
      </div>
      {user && <Wizard key={`${user.id}:${eventId ?? 'new'}`} userId={user.id} eventId={eventId} />}
    </div>
  );
}
