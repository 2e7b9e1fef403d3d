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

/**
 * When the last unauthorized access was handled. The page's other requests
 * still under way then answer 401 moments later, once the logout below has
 * landed: those echo the same access and must not replace its message.
 */
let handledAt = -Infinity;
const ECHO_WINDOW_MS = 2000;

/**
 * Spec section 6: an unauthorized access shows 'Unauthorized Access, Please
 * Login' (or '..., You are not Admin '), clears the session and goes to
 * /login, which returns the shopper to the page they asked for once they are back in (a
 * customer who is not an admin goes to their dashboard instead). The session ends on the server too, so the cookie the browser still
 * holds opens nothing afterwards. Clearing the session makes the login check
 * report the same access again, and so do the page's requests in flight; the
 * guard keeps those echoes from replacing the first message. The fixed toast id keeps several failing requests at once
 * from stacking toasts.
 */
export function sessionLost(reason: SessionLostReason = 'login'): void {
  const now = Date.now();
  if (now - handledAt < ECHO_WINDOW_MS) return;
  handledAt = now;
  endServerSession();
  clearSession();
  toast.error(texts[reason], { id: 'session-lost' });
  // The login returns to this page (return-path.ts ignores the pages that are no place for that).
  const { pathname, search } = reason === 'login' ? window.location : { pathname: '', search: '' };
  navigateTo(pathname ? `/login?next=${encodeURIComponent(pathname + search)}` : '/login');
}

/**
 * A plain fetch rather than the API client, whose refusals lead back here. It
 * is sent before the page moves on and outlives it (keepalive); if it fails,
 * there is nothing more to tell the user, who is on /login either way.
 */
function endServerSession(): void {
  fetch('/api/user/logout', { method: 'POST', credentials: 'same-origin', keepalive: true }).catch(() => {});
}
