import { Button } from '@/components/ui/button';
import { DocumentTitle } from '@/components/ui/document-title';

/** Last resort when a page throws while rendering: shown by the app's ErrorBoundary. */
export function ErrorRoute() {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-20 text-center">
      <DocumentTitle title="Something went wrong" />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Something went wrong</h1>
      <p className="mt-4 text-slate-700">Please reload the page. If it keeps happening, try again later.</p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </main>
  );
}
