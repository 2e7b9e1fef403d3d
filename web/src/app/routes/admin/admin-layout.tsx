import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { Loading } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

const links = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/userList', label: 'Users' },
  { to: '/admin/productList', label: 'Products' },
  { to: '/admin/addNewProduct', label: 'Add Product' },
  { to: '/admin/orderList', label: 'Orders' },
  { to: '/admin/refunds', label: 'Refunds' },
  { to: '/admin/auditLog', label: 'Audit Log' },
  { to: '/admin/pages', label: 'Pages' },
  { to: '/admin/lowStock', label: 'Low Stock' },
  { to: '/admin/importExport', label: 'Import/Export' },
  { to: '/admin/gst', label: 'GST' },
] as const;

/** /admin: the panel's one h1 and its sub-navigation; each page below has an h2. */
export function AdminLayout() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      {/* The same on every admin page: each page's own h2 takes the focus when it opens. */}
      <h1 data-layout-heading className="text-3xl font-bold tracking-tight text-slate-900 print:hidden">
        Admin Panel
      </h1>
      <nav aria-label="Admin" className="mt-4 border-b border-slate-200 pb-4 print:hidden">
        <ul className="flex flex-wrap gap-2">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={'end' in link}
                className={({ isActive }) =>
                  cn(
                    'inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700',
                    isActive
                      ? 'bg-indigo-700 text-white hover:bg-indigo-800'
                      : 'bg-white text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50',
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
