import { ButtonLink } from '@/components/ui/button-link';
import { DocumentTitle } from '@/components/ui/document-title';
import { useSession } from '@/lib/session';

export function NotFoundRoute() {
  const { loggedIn } = useSession();
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <DocumentTitle title="Page not found" />
      <p className="text-sm font-semibold text-indigo-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Page not found</h1>
      <p className="mt-4 text-slate-700">We could not find the page you asked for.</p>
      <ButtonLink to={loggedIn ? '/userDashboard' : '/'} className="mt-8">
        Back to the shop
      </ButtonLink>
    </div>
  );
}
