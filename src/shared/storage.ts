// localStorage that never throws. Storage can be unavailable (sandboxed iframes, blocked
// cookies, strict privacy modes) or absent (server render): reads then return null, writes
// are dropped, and the first failure is logged once as a warning; later failures only logged.
let warned = false;

function report(action: string, key: string, error: unknown): void {
  if (!warned) {
    warned = true;
    console.warn(`Browser storage is unavailable, so your choices will not be remembered (${action} "${key}" failed).`, error);
  } else {
    console.debug(`Storage ${action} "${key}" failed`, error);
  }
}

export function readStorage(key: string): string | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage.getItem(key);
  } catch (error) {
    report('get', key, error);
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (error) {
    report('set', key, error);
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch (error) {
    report('delete', key, error);
  }
}
