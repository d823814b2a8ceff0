/** Web storage that never throws (private mode, disabled storage): failures read as absent. */
export function safeGet(storage: 'local' | 'session', key: string): string | null {
  try {
    return (storage === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

export function safeSet(storage: 'local' | 'session', key: string, value: string | null): void {
  try {
    const s = storage === 'local' ? window.localStorage : window.sessionStorage;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // storage unavailable: the value lives for this page only
  }
}

/** A UUID kept in local storage, identifying this browser to the API. */
export function deviceId(): string {
  let id = safeGet('local', 'deviceId');
  if (!id) {
    id = crypto.randomUUID();
    safeSet('local', 'deviceId', id);
  }
  return id;
}
