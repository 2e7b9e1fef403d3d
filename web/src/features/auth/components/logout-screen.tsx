import { messages } from '@shop/shared';
import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { DocumentTitle } from '@/components/ui/document-title';
import { Loading } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useLogout } from '../api/logout';

/** /logout: ends the session on the server, forgets it here and returns to the landing page. */
export function LogoutScreen() {
  const logout = useLogout();
  const started = useRef(false);
  const { mutate } = logout;

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    mutate(undefined, { onSuccess: () => toast.success(messages.loggedOut) });
  }, [mutate]);

  if (logout.isSuccess || logout.isError) return <Navigate to="/" replace />;
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <DocumentTitle title="Logging out" />
      <h1 className="text-2xl font-bold text-slate-900">Logging out</h1>
      <Loading label="Ending your session…" />
    </div>
  );
}
