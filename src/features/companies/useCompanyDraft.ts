import { useEffect, useRef, useState } from 'react';
import { clearFormDraft, saveFormDraft, useFormDraft } from '../../db/form-drafts';
import { useDirtyForm } from '../../state/dirty-forms';
import { sameValues, valuesFromDraft, type CompanyFormValues } from './companyFormValues';

/** Typing is written to the device this long after the last keystroke. */
export const DRAFT_DEBOUNCE_MS = 300;

/** The draft key of a company form: 'company:new' or `company:${id}`. */
export const companyDraftKey = (companyId: string | null) => (companyId ? `company:${companyId}` : 'company:new');

export interface CompanyDraft {
  /** False until the stored draft has been read (the form waits, so restored values do not flash in). */
  ready: boolean;
  /** The form was opened with unsaved changes from an earlier visit. */
  restored: boolean;
  /** Throws the unsaved changes away: the form goes back to the saved values. */
  discard(): void;
  /** The values were saved (or queued): they are the new baseline and the draft goes. */
  saved(values: CompanyFormValues): void;
}

/**
 * Keeps a company form's values in Dexie while the user types (debounced), so a closed tab, a
 * reload or a lost connection loses nothing, and brings them back when the form opens again.
 * Nothing is stored while the values equal the saved ones.
 */
export function useCompanyDraft(
  userId: string,
  key: string,
  initial: CompanyFormValues,
  values: CompanyFormValues,
  setValues: (values: CompanyFormValues) => void,
): CompanyDraft {
  const stored = useFormDraft<unknown>(userId, key);
  const [ready, setReady] = useState(false);
  const [restored, setRestored] = useState(false);
  const [baseline, setBaseline] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const unsaved = useRef<CompanyFormValues | null>(null);
  /** A draft of this form is stored (read at opening or written since). */
  const draftStored = useRef(false);

  useDirtyForm(`company-form:${key}`, ready && !sameValues(values, baseline));

  // The draft is read once, when the form opens; later changes to it are this form's own writes.
  useEffect(() => {
    if (ready || stored === undefined) return;
    const draft = stored === null ? null : valuesFromDraft(stored, initial);
    draftStored.current = stored !== null;
    if (draft && !sameValues(draft, initial)) {
      setValues(draft);
      setRestored(true);
    }
    setReady(true);
  }, [ready, stored, initial, setValues]);

  useEffect(() => {
    if (!ready) return;
    if (sameValues(values, baseline)) {
      // Typed back to the saved values: nothing is left to restore.
      unsaved.current = null;
      if (draftStored.current) {
        draftStored.current = false;
        void clearFormDraft(userId, key);
      }
      return;
    }
    unsaved.current = values;
    timer.current = setTimeout(() => {
      timer.current = null;
      unsaved.current = null;
      draftStored.current = true;
      void saveFormDraft(userId, key, values);
    }, DRAFT_DEBOUNCE_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [ready, values, baseline, userId, key]);

  // Leaving the form within the debounce still keeps the last keystrokes.
  useEffect(() => () => {
    if (unsaved.current) void saveFormDraft(userId, key, unsaved.current);
  }, [userId, key]);

  const stop = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    unsaved.current = null;
    draftStored.current = false;
  };

  return {
    ready,
    restored,
    discard() {
      stop();
      setRestored(false);
      setValues(baseline);
      void clearFormDraft(userId, key);
    },
    saved(savedValues) {
      stop();
      setRestored(false);
      setBaseline(savedValues);
      void clearFormDraft(userId, key);
    },
  };
}
