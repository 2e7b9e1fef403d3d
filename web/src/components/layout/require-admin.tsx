import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { loseSession } from '@/lib/lose-session';

/**
 * Spec section 6: the admin pages check the stored admin flag; a logged-in
 * customer is told 'Unauthorized Access, You are not Admin ', loses the
 * session and goes to /login (a missing login is RequireLogin's to report).
 * The check runs before the lazily loaded admin chunk is asked for, so a
 * customer never downloads it. The server still decides: its 403 takes the
 * same path through the API client.
 */
export function RequireAdmin() {
  const { loggedIn, isAdmin } = useSession();
  useEffect(() => {
    if (loggedIn && !isAdmin) loseSession('notAdmin');
  }, [loggedIn, isAdmin]);
  if (!isAdmin) return null;
  return (
    <Suspense fallback={<Loading label="Loading the admin panel…" />}>
      <Outlet />
    </Suspense>
  );
}
