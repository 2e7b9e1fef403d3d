import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@shop/shared';

/**
 * The client's view of the session (spec section 3), kept in localStorage.
 * The server is the authority; these flags only decide what to show.
 */
export type Session = {
  loggedIn: boolean;
  isAdmin: boolean;
  userName: string;
  cartQuantity: number;
};

const listeners = new Set<() => void>();
/** Used only when the browser refuses storage (some private modes): the session lasts until reload. */
const memory = new Map<string, string>();

function get(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function put(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    if (value === null) memory.delete(key);
    else memory.set(key, value);
  }
}

let snapshot: Session = read();

function read(): Session {
  const quantity = Number(get(STORAGE_KEYS.cartQuantity));
  return {
    loggedIn: get(STORAGE_KEYS.loggedIn) === 'true',
    isAdmin: get(STORAGE_KEYS.admin) === 'true',
    userName: get(STORAGE_KEYS.userName) ?? '',
    cartQuantity: Number.isFinite(quantity) && quantity > 0 ? Math.floor(quantity) : 0,
  };
}

/** Re-reads storage; keeps the same object when nothing changed, as useSyncExternalStore needs. */
function refresh(): void {
  const next = read();
  const same = (Object.keys(next) as Array<keyof Session>).every((k) => next[k] === snapshot[k]);
  if (same) return;
  snapshot = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab logging in or out changes this one too.
  const onStorage = () => refresh();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function getSession(): Session {
  return snapshot;
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession);
}

export function startSession(user: { name: string; isAdmin: boolean }): void {
  put(STORAGE_KEYS.loggedIn, 'true');
  put(STORAGE_KEYS.admin, user.isAdmin ? 'true' : null);
  put(STORAGE_KEYS.userName, user.name);
  refresh();
}

export function setUserName(name: string): void {
  put(STORAGE_KEYS.userName, name);
  refresh();
}

export function setCartQuantity(quantity: number): void {
  put(STORAGE_KEYS.cartQuantity, String(Math.max(0, Math.floor(quantity))));
  refresh();
}

/** Logout or an unauthorized answer: forget everything the client kept. */
export function clearSession(): void {
  Object.values(STORAGE_KEYS).forEach((key) => put(key, null));
  refresh();
}
