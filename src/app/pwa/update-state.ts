/**
 * The update prompt's state, without the registration code (that loads later, in its own chunk):
 * `register.ts` sets it, `UpdatePrompt` shows it.
 */
export interface UpdateState {
  /** A new version is installed and waiting, or already took over from another tab. */
  available: boolean;
}

let state: UpdateState = { available: false };
const listeners = new Set<() => void>();
let applier: (() => void) | null = null;

export function getUpdateState(): UpdateState {
  return state;
}

export function subscribeUpdateState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the registration: a new version is ready; `apply` activates it and reloads. */
export function setUpdateAvailable(apply: (() => void) | null): void {
  applier = apply;
  state = { available: apply !== null };
  for (const l of listeners) l();
}

/** Activates the new version and reloads the page (the caller asked about dirty forms first). */
export function applyUpdate(): void {
  if (applier) applier();
  else window.location.reload();
}

/** Hides the prompt for now (it comes back with the next page load while a version waits). */
export function dismissUpdate(): void {
  state = { available: false };
  for (const l of listeners) l();
}
