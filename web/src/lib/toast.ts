import type { ExternalToast } from 'sonner';
import type * as Sonner from './sonner';

type SonnerModule = typeof Sonner;
type Kind = 'success' | 'error' | 'info';

let sonner: Promise<SonnerModule> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

/** sonner loads with the first toast, not with every page. */
export function loadSonner(): Promise<SonnerModule> {
  sonner ??= import('./sonner');
  return sonner;
}

function show(kind: Kind, message: string, options?: ExternalToast): void {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  // sonner keeps a toast made before its Toaster mounts and shows it then.
  void loadSonner().then((module) => module.toast[kind](message, options));
}

/** The part of sonner's `toast` the app uses, with the same signatures. */
export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
};

/** True once a toast was asked for: the Toaster mounts from then on. */
export function toasterWanted(): boolean {
  return wanted;
}

export function subscribeToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
