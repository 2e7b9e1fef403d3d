import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '@/lib/session';
import { loseSession } from '@/lib/lose-session';

/**
 * Spec section 6: pages that need a login check the stored flag. The server
 * still decides; a 401 from it takes the same path through the API client.
 */
export function RequireLogin() {
  const { loggedIn } = useSession();
  useEffect(() => {
    if (!loggedIn) loseSession('login');
  }, [loggedIn]);
  return loggedIn ? <Outlet /> : null;
}
