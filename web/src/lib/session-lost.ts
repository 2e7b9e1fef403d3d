import { messages } from '@shop/shared';
import { toast } from './toast';
import { navigateTo } from './navigation';
import { clearSession } from './session';

/** Why the session ends: no login, or a login that is not an admin's (spec section 6). */
export type SessionLostReason = 'login' | 'notAdmin';

const texts: Record<SessionLostReason, string> = {
  login: messages.unauthorizedLogin,
  notAdmin: messages.unauthorizedNotAdmin,
};

/** Set while one unauthorized access is handled, until the page has moved on. */
let handling = false;

/**
 * Spec section 6: an unauthorized access shows 'Unauthorized Access, Please
 * Login' (or '..., You are not Admin '), clears the session and goes to
 * /login. The session ends on the server too, so the cookie the browser still
 * holds opens nothing afterwards. Clearing the session makes the login check
 * report the same access again; the guard keeps that echo from replacing the
 * first message. The fixed toast id keeps several failing requests at once
 * from stacking toasts.
 */
export function sessionLost(reason: SessionLostReason = 'login'): void {
  if (handling) return;
  handling = true;
  endServerSession();
  clearSession();
  toast.error(texts[reason], { id: 'session-lost' });
  navigateTo('/login');
  setTimeout(() => {
    handling = false;
  }, 0);
}

/**
 * A plain fetch rather than the API client, whose refusals lead back here. It
 * is sent before the page moves on and outlives it (keepalive); if it fails,
 * there is nothing more to tell the user, who is on /login either way.
 */
function endServerSession(): void {
  fetch('/api/user/logout', { method: 'POST', credentials: 'same-origin', keepalive: true }).catch(() => {});
}
