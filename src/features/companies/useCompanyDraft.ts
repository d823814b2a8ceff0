import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { clearFormDraft, saveFormDraft, useFormDraft } from '../../db/form-drafts';
import { useDirtyForm } from '../../state/dirty-forms';
import { sameValues, valuesFromDraft, type CompanyFormValues } from './companyFormValues';

/** Typing is written to the device this long after the last keystroke. */
export const DRAFT_DEBOUNCE_MS = 300;

/** The draft key of a company form: 'company:new' or `company:${id}`. */
export const companyDraftKey = (companyId: string | null) => (companyId ? `company:${companyId}` : 'company:new');

export interface CompanyDraft {
  /** The form's values (the restored draft once read). */
  values: CompanyFormValues;
  setValues: Dispatch<SetStateAction<CompanyFormValues>>;
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
): CompanyDraft {
  const [values, setValues] = useState(initial);
  const stored = useFormDraft<unknown>(userId, key);
  const [ready, setReady] = useState(false);
  const [restored, setRestored] = useState(false);
  const [baseline, setBaseline] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const unsaved = useRef<CompanyFormValues | null>(null);
  /** The stored draft as last read (live), for the effects: whether there is one to clear. */
  const latestStored = useRef(stored);
  useEffect(() => {
    latestStored.current = stored;
  });

  useDirtyForm(`company-form:${key}`, ready && !sameValues(values, baseline));

  // The draft is read once, when the form opens (adjusted during render, before anything shows);
  // later changes to it are this form's own writes.
  if (!ready && stored !== undefined) {
    const draft = stored === null ? null : valuesFromDraft(stored, initial);
    if (draft && !sameValues(draft, initial)) {
      setValues(draft);
      setRestored(true);
    }
    setReady(true);
  }

  useEffect(() => {
    if (!ready) return;
    if (sameValues(values, baseline)) {
      // Typed back to the saved values: nothing is left to restore.
      unsaved.current = null;
      if (latestStored.current) void clearFormDraft(userId, key);
      return;
    }
    unsaved.current = values;
    timer.current = setTimeout(() => {
      timer.current = null;
      unsaved.current = null;
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
  };

  return {
    values,
    setValues,
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
