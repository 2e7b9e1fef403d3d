import type * as SessionLost from './session-lost';
import type { SessionLostReason } from './session-lost';

let loaded: typeof SessionLost | null = null;

/**
 * sessionLost for the app shell (the login and admin checks): fetched when
 * first needed, so the spec's texts it shows stay out of every page's first
 * load. Once loaded it runs at once, as a static import would: the login
 * check's echo of an admin check must meet sessionLost's guard while it is up.
 */
export function loseSession(reason: SessionLostReason): void {
  if (loaded) return loaded.sessionLost(reason);
  void import('./session-lost').then((module) => {
    loaded = module;
    module.sessionLost(reason);
  });
}
