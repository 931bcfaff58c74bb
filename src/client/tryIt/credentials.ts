// Where the console keeps what the reader entered to authenticate: sessionStorage (gone when the
// tab closes) unless the reader ticks "Remember on this device", then localStorage only. Never
// in a URL, the search index or a log line. Storage may be unavailable: then nothing is kept.
import type { TryItCredential } from '../../shared/tryIt';

const KEY = 'docsgen-try-it-credentials';

export type StoredCredentials = Record<string, TryItCredential>;

function store(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

function read(storage: Storage | undefined): StoredCredentials | undefined {
  try {
    const text = storage?.getItem(KEY);
    const value: unknown = text ? JSON.parse(text) : undefined;
    return value && typeof value === 'object' ? (value as StoredCredentials) : undefined;
  } catch {
    return undefined;
  }
}

/** What was kept, and whether it was remembered on this device. */
export function loadCredentials(): { credentials: StoredCredentials; remember: boolean } {
  const remembered = read(store('local'));
  if (remembered) return { credentials: remembered, remember: true };
  return { credentials: read(store('session')) ?? {}, remember: false };
}

/** Keeps the credentials in the one storage the reader chose, and removes them from the other. */
export function saveCredentials(credentials: StoredCredentials, remember: boolean): void {
  const empty = Object.values(credentials).every((c) => !c || Object.entries(c).every(([k, v]) => k === 'kind' || v === ''));
  const [keep, drop] = remember ? [store('local'), store('session')] : [store('session'), store('local')];
  try {
    drop?.removeItem(KEY);
    if (empty) keep?.removeItem(KEY);
    else keep?.setItem(KEY, JSON.stringify(credentials));
  } catch {
    // Full or blocked storage: the credentials live in the page until it closes.
  }
}
