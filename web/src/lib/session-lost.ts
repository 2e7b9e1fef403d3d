import { messages } from '@shop/shared';
import { toast } from 'sonner';
import { navigateTo } from './navigation';
import { clearSession } from './session';

/**
 * Spec section 6: an unauthorized access shows 'Unauthorized Access, Please
 * Login', clears the session and goes to /login. The fixed toast id keeps
 * several failing requests at once from stacking the same toast.
 */
export function sessionLost(): void {
  clearSession();
  toast.error(messages.unauthorizedLogin, { id: 'session-lost' });
  navigateTo('/login');
}
