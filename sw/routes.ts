/**
 * Navigations the shell must not answer: the API, the chat hub, the dev outbox, and the files the
 * server itself serves at the root (so opening them directly still reaches the server).
 * Paths are matched case-insensitively, like the server's router.
 */
export const NAVIGATION_DENYLIST: RegExp[] = [
  /^\/api(?:\/|$)/i,
  /^\/chathub(?:\/|$)/i,
  /^\/dev(?:\/|$)/i,
  /^\/(?:sw\.js|manifest\.webmanifest|robots\.txt|favicon\.svg)$/i,
  /^\/(?:icons|assets)\//i,
];

/** Whether a navigation to this path gets the precached shell. */
export function servesShell(pathname: string): boolean {
  return !NAVIGATION_DENYLIST.some((re) => re.test(pathname));
}
