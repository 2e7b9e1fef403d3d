import { ownMessages } from '@shop/shared';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/spinner';
import { buttonStyles } from '@/components/ui/button';
import { useAdminPages } from '../api/pages';

/** The shop's five pages: which still show the default text, and a way to each editor. */
export function PagesList() {
  const pages = useAdminPages();
  if (pages.isPending) return <Loading />;
  if (pages.isError)
    return (
      <LoadError
        title={ownMessages.pagesLoadFailed}
        detail={pages.error.message}
        onRetry={() => void pages.refetch()}
      />
    );
  return (
    <ul className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {pages.data.map((page) => (
        <li key={page.slug} className="flex flex-wrap items-center justify-between gap-3 p-4">
          <div>
            <p className="font-semibold text-slate-900">{page.title}</p>
            <p className="text-sm text-slate-700">
              {page.isDefault ? (
                <span className="font-semibold text-amber-800">Default text: edit before selling</span>
              ) : (
                `Saved ${page.updatedAt?.slice(0, 10) ?? ''}`
              )}
            </p>
          </div>
          <div className="flex gap-2">
            <Link to={`/${page.slug}`} className={buttonStyles('secondary')}>
              View<span className="sr-only"> {page.title}</span>
            </Link>
            <Link to={`/admin/pages/${page.slug}`} className={buttonStyles('primary')}>
              Edit<span className="sr-only"> {page.title}</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
