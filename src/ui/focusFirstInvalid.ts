/** How many times to look for the invalid field (about 16 ms apart) before giving up. */
const TRIES = 20;

/**
 * Moves focus to the first invalid field of a form once React has rendered the errors, so a
 * keyboard or screen-reader user lands on what needs fixing. Accepts the form or a selector.
 * An update made after an `await` (a server's field errors) may commit after a 0 ms timer, so
 * the field is looked for again for a moment instead of once.
 */
export function focusFirstInvalid(form: HTMLElement | string | null | undefined, tries = TRIES): void {
  setTimeout(() => {
    // The page (or a test's document) may be gone by the time a retry runs.
    if (typeof document === 'undefined') return;
    const root = typeof form === 'string' ? document.querySelector<HTMLElement>(form) : form;
    const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) field.focus();
    else if (tries > 1) focusFirstInvalid(form, tries - 1);
  }, tries === TRIES ? 0 : 16);
}
