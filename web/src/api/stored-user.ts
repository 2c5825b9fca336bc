import type { SessionUser } from '../../../common/api-types.ts';

/** localStorage key holding the logged-in user as JSON (docs/reference/console-entities.md "Local storage keys"). */
export const USER_STORAGE_KEY = 'user';

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedText: string | null = null;
let cachedUser: SessionUser | null = null;

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<SessionUser>;
  return typeof candidate.id === 'number' && typeof candidate.username === 'string';
}

/** The user saved by the last login, or null. The same object is returned while the stored text is unchanged. */
export function readStoredUser(): SessionUser | null {
  const text = localStorage.getItem(USER_STORAGE_KEY);
  if (text === cachedText) return cachedUser;
  cachedText = text;
  cachedUser = null;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isSessionUser(parsed)) cachedUser = parsed;
    } catch {
      cachedUser = null;
    }
  }
  return cachedUser;
}

/** Why the last session ended: the user logged out, or the server answered 401 (expired session). */
export type SessionEndReason = 'logout' | 'expired';
let lastEndReason: SessionEndReason = 'logout';

export function writeStoredUser(user: SessionUser): void {
  lastEndReason = 'logout';
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  notify();
}

export function clearStoredUser(reason: SessionEndReason = 'logout'): void {
  lastEndReason = reason;
  localStorage.removeItem(USER_STORAGE_KEY);
  notify();
}

export function lastSessionEndReason(): SessionEndReason {
  return lastEndReason;
}

/** The value of the `New-Api-User` header: the stored user's id, or -1 when nobody is logged in. */
export function storedUserId(): number {
  return readStoredUser()?.id ?? -1;
}

export function subscribeStoredUser(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === USER_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function notify(): void {
  for (const listener of listeners) listener();
}
