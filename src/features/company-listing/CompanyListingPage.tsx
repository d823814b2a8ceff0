import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Link, useLocation, useSearch } from 'wouter';
import { paths, type ListingEditMode } from '../../config/paths';
import type { StoredOwnedCompany, StoredOwnedListing } from '../../db/database';
import { clearFormDraft, readFormDraft } from '../../db/form-drafts';
import { useRegions } from '../../db/hooks';
import { useOwnCompany, useOwnListing } from '../../db/own-listings';
import { ListingStatus, type Listing } from '../../domain/listings';
import { session } from '../../state/session';
import { useEntitySync } from '../../sync/hooks';
import { StorageFullError } from '../../sync/outbox';
import { queueLocalFile } from '../../sync/entities/files';
import { pullOwnListing } from '../../sync/entities/listings';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ListingStatusBadge } from '../../ui/ListingStatusBadge';
import { Skeleton } from '../../ui/Skeleton';
import { SyncStateNote } from '../../ui/SyncStateNote';
import { focusFirstInvalid } from '../../ui/focusFirstInvalid';
import { usePulled } from '../../ui/usePulled';
import { toast } from './feedback';
import { removeGalleryFile } from './galleryFiles';
import { ListingFields } from './ListingFields';
import { ListingReadOnly } from './ListingReadOnly';
import { ListingToolbar } from './ListingToolbar';
import {
  changeField, emptyListingForm, formFromListing, listingInput, splitLocations, validateListingForm, videoLinkError,
  type FormErrors, type ListingFormValues, type SaveStatus,
} from './listingForm';
import { saveListing } from './saveListing';
import { listingDraftKey, useListingDraft } from './useListingDraft';

const MODES: readonly ListingEditMode[] = ['create', 'edit', 'view'];

/** What the form holds: the values, whether they came from a stored draft, and the editor's reload counter. */
interface FormState {
  values: ListingFormValues;
  restored: boolean;
  revision: number;
}

/** The company summary a listing made on this device shows until the server's answer replaces it. */
function companySummary(companyId: string, company: StoredOwnedCompany | null | undefined, listing: StoredOwnedListing | null | undefined): Listing['company'] {
  if (listing) return listing.company;
  return {
    id: companyId,
    name: company?.name ?? '',
    logoImageUri: company?.logoImageUri ?? null,
    shortDescription: company?.shortDescription ?? '',
    websiteUrl: company?.websiteUrl ?? null,
    phoneNumber: company?.phoneNumber ?? null,
    email: company?.email ?? null,
  };
}

interface ScreenProps {
  companyId: string;
  listingId: string | null;
  mode: ListingEditMode;
  userId: string;
}

function ListingEditorScreen({ companyId, listingId, mode, userId }: ScreenProps) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const isCreate = listingId === null;
  const editing = isCreate || mode === 'edit';
  const listing = useOwnListing(listingId, userId);
  const company = useOwnCompany(companyId, userId);
  const regions = useRegions();
  const sync = useEntitySync('listing', listingId, userId);
  const pulled = usePulled(listingId ? `own-listing:${listingId}` : null, () => pullOwnListing(listingId!, userId));
  const draftKey = listingDraftKey(companyId, listingId);

  const [form, setForm] = useState<FormState | null>(null);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [showImageOptions, setShowImageOptions] = useState(isCreate);
  const [saving, setSaving] = useState<'draft' | 'approval' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useListingDraft(userId, draftKey, form?.values ?? null, dirty);

  // Entering edit mode: the stored draft if there is one, else the listing (or an empty form).
  const ready = isCreate || listing !== undefined;
  const base = listing ?? null;
  useEffect(() => {
    if (!editing || form !== null || !ready) return;
    if (!isCreate && base === null) return;
    let live = true;
    readFormDraft<ListingFormValues>(userId, draftKey).catch(() => undefined).then((draft) => {
      if (!live) return;
      setForm({ values: draft ?? (base ? formFromListing(base) : emptyListingForm()), restored: Boolean(draft), revision: Date.now() });
    });
    return () => {
      live = false;
    };
  }, [editing, form, ready, isCreate, base, userId, draftKey]);

  // Leaving edit mode drops the form (the next Edit starts from the saved listing or the draft).
  const [wasEditing, setWasEditing] = useState(editing);
  if (wasEditing !== editing) {
    setWasEditing(editing);
    if (!editing) {
      setForm(null);
      setDirty(false);
      setErrors({});
    }
  }

  const change = <K extends keyof ListingFormValues>(field: K, value: ListingFormValues[K]) => {
    setForm((f) => (f ? { ...f, values: changeField(f.values, field, value) } : f));
    setDirty(true);
    // An error goes as soon as its field changes (spec 2 §5).
    setErrors((e) => {
      if (!(field in e)) return e;
      const { [field]: _gone, ...rest } = e;
      return rest;
    });
  };
  const changeGallery = (update: (ids: string[]) => string[]) => {
    setForm((f) => (f ? { ...f, values: { ...f.values, galleryImageIds: update(f.values.galleryImageIds) } } : f));
    setDirty(true);
  };

  const storeImage = (bytes: Blob, name: string) => queueLocalFile(bytes, name, userId);

  const discardDraft = async () => {
    await clearFormDraft(userId, draftKey).catch(() => undefined);
    setDirty(false);
    setErrors({});
    setForm({ values: base ? formFromListing(base) : emptyListingForm(), restored: false, revision: Date.now() });
  };

  const toggleEdit = async () => {
    if (!editing) {
      navigate(paths.companyListing.href(companyId, 'edit', listingId ?? undefined));
      return;
    }
    // Cancel: the form and its draft go, and the listing is read again.
    setDirty(false);
    await clearFormDraft(userId, draftKey).catch(() => undefined);
    setForm(null);
    setErrors({});
    if (isCreate) {
      navigate(paths.company.href(companyId, 'listings'));
      return;
    }
    pulled.retry();
    navigate(paths.companyListing.href(companyId, 'view', listingId));
  };

  const toggleImages = () => {
    if (!editing) navigate(paths.companyListing.href(companyId, 'edit', listingId ?? undefined));
    setShowImageOptions((v) => (editing ? !v : true));
  };

  const videoErrors = form ? form.values.videoLinks.some((link) => videoLinkError(link) !== null) : false;
  const hasErrors = Object.keys(errors).length > 0;

  const save = async (status: SaveStatus) => {
    const values = editing ? form?.values : base ? formFromListing(base) : null;
    if (!values) return;
    const found = validateListingForm(values, companyId);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      if (!editing) navigate(paths.companyListing.href(companyId, 'edit', listingId ?? undefined));
      focusFirstInvalid(formRef.current);
      return;
    }
    const id = listingId ?? crypto.randomUUID();
    const kind = isCreate ? 'create' : 'update';
    setSaving(status === ListingStatus.Draft ? 'draft' : 'approval');
    try {
      const outcome = await saveListing(kind, {
        input: { ...listingInput(values, companyId, status), id },
        ...splitLocations(values.locations, regions ?? []),
        company: companySummary(companyId, company, base),
      }, userId);
      if (outcome.state === 'failed' || outcome.state === 'conflict') {
        const reason = outcome.entry.lastError;
        toast('save', `${isCreate ? t`Failed to create listing` : t`Failed to update listing`}${reason ? `: ${reason}` : ''}`, 'error');
        const server = outcome.entry.fieldErrors ?? [];
        if (server.length) setErrors(Object.fromEntries(server.map((e) => [e.field, e.message])) as FormErrors);
        return;
      }
      setDirty(false);
      await clearFormDraft(userId, draftKey).catch(() => undefined);
      if (outcome.state === 'sent') toast('save', isCreate ? t`Listing created successfully` : t`Listing updated successfully`, 'success');
      else toast('save', t`Saved on this device. It will be sent when you are back online.`, 'info');
      setForm(null);
      if (!isCreate) pulled.retry();
      navigate(paths.companyListing.href(companyId, 'view', id));
    } catch (error) {
      toast('save', error instanceof StorageFullError
        ? t`This device is out of storage space. Free some space and try again; your other unsent changes are kept.`
        : t`An error occurred while saving the listing`, 'error');
    } finally {
      setSaving(null);
    }
  };

  const title = isCreate ? t`New listing` : (form?.values.name || listing?.name || t`Listing`);
  const backHref = paths.company.href(companyId, 'listings');

  let body;
  if (!isCreate && listing === null) {
    body = pulled.status === 'loading' ? <EditorSkeleton />
      : pulled.status === 'offline' ? (
        <Alert tone="error" title={<Trans>Could not reach the server</Trans>}>
          <Trans>This listing is not saved on this device yet. Check your connection and try again.</Trans>
          <div className="mt-3"><Button variant="secondary" onClick={pulled.retry}><Trans>Try Again</Trans></Button></div>
        </Alert>
      ) : pulled.status === 'error' ? (
        <Alert tone="error" title={<Trans>Could not load this listing</Trans>}>
          {pulled.error instanceof Error ? pulled.error.message : null}
          <div className="mt-3"><Button variant="secondary" onClick={pulled.retry}><Trans>Try Again</Trans></Button></div>
        </Alert>
      ) : (
        <Alert tone="error" title={<Trans>Listing not found</Trans>}>
          <Trans>This listing does not exist or has been deleted.</Trans>
        </Alert>
      );
  } else if (editing) {
    body = form ? (
      <form ref={formRef} noValidate onSubmit={(e) => e.preventDefault()} aria-label={title}>
        {form.restored && (
          <div role="status" className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-accent bg-surface px-4 py-3 text-sm">
            <span><Trans>Restored your unsaved changes</Trans></span>
            <Button variant="secondary" onClick={() => void discardDraft()}><Trans>Discard</Trans></Button>
          </div>
        )}
        <ListingFields values={form.values} errors={errors} revision={form.revision} onChange={change} onGalleryChange={changeGallery}
          showImageOptions={showImageOptions} storeImage={storeImage} removeGalleryFile={(id) => removeGalleryFile(id, base, form.values)}
          disabled={saving !== null} />
      </form>
    ) : <EditorSkeleton />;
  } else {
    body = listing ? <ListingReadOnly listing={listing} /> : <EditorSkeleton />;
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-6 sm:py-8">
      <Link href={backHref} className="self-start text-sm text-accent hover:underline">
        <Trans>Back to listings</Trans>
      </Link>
      <header className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 break-words text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {listing && <ListingStatusBadge status={listing.status} />}
          <SyncStateNote state={sync.state} />
        </div>
        {(listing || isCreate) && (
          <ListingToolbar editing={editing} showImageOptions={editing && showImageOptions} saving={saving}
            saveDisabled={(editing && (!form || hasErrors || videoErrors)) || (!editing && !listing)}
            onToggleImages={toggleImages} onToggleEdit={() => void toggleEdit()}
            onSaveDraft={() => void save(ListingStatus.Draft)} onRequestApproval={() => void save(ListingStatus.PendingApproval)} />
        )}
        {sync.state === 'failed' || sync.state === 'conflict' ? (
          <Alert tone="error">{sync.entries.find((e) => e.lastError)?.lastError ?? <Trans>This change was not saved on the server.</Trans>}</Alert>
        ) : null}
      </header>
      {body}
    </div>
  );
}

function EditorSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only"><Trans>Loading...</Trans></span>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

/**
 * The company side of one listing (spec 2 §2): /company/listing?companyId&listingId&mode, mode
 * create (starts in edit), edit or view. Without companyId it goes to /. Everything is saved
 * through the write queue, so a draft is edited and saved offline and sent once back online.
 */
export default function CompanyListingPage() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const { user } = useSnapshot(session);
  const companyId = params.get('companyId');
  const listingId = params.get('listingId') || null;
  const rawMode = params.get('mode') as ListingEditMode | null;
  const mode: ListingEditMode = rawMode && MODES.includes(rawMode) ? rawMode : listingId ? 'view' : 'create';

  useEffect(() => {
    if (!companyId) navigate(paths.home.href(), { replace: true });
  }, [companyId, navigate]);

  if (!companyId || !user) return null;
  return (
    <ListingEditorScreen key={`${companyId}:${listingId ?? 'new'}`} companyId={companyId}
      listingId={mode === 'create' ? null : listingId} mode={mode} userId={user.id} />
  );
}
