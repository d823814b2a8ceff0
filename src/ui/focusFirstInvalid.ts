/**
 * Moves focus to the first invalid field of a form once React has rendered the errors, so a
 * keyboard or screen-reader user lands on what needs fixing. Accepts the form or a selector.
 */
export function focusFirstInvalid(form: HTMLElement | string | null | undefined): void {
  setTimeout(() => {
    const root = typeof form === 'string' ? document.querySelector<HTMLElement>(form) : form;
    root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, 0);
}
