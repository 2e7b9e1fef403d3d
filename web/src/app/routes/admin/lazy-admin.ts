import { lazyPage } from '../../lazy-page';

/**
 * The admin panel is its own chunk. React.lazy fetches it when a page first
 * renders, and RequireAdmin renders none for a customer, so customers never
 * download it. The layout brings TanStack Query's provider for the pages
 * inside it.
 */
const adminPages = () => import('./admin-pages');

export const AdminLayout = lazyPage(adminPages, 'AdminLayout');
export const AdminUsersRoute = lazyPage(adminPages, 'AdminUsersRoute', { queries: false });
export const AdminProductsRoute = lazyPage(adminPages, 'AdminProductsRoute', { queries: false });
export const AddProductRoute = lazyPage(adminPages, 'AddProductRoute', { queries: false });
export const EditProductRoute = lazyPage(adminPages, 'EditProductRoute', { queries: false });
export const AdminOrdersRoute = lazyPage(adminPages, 'AdminOrdersRoute', { queries: false });
export const AdminOrderRoute = lazyPage(adminPages, 'AdminOrderRoute', { queries: false });
export const AdminRefundsRoute = lazyPage(adminPages, 'AdminRefundsRoute', { queries: false });
export const AuditLogRoute = lazyPage(adminPages, 'AuditLogRoute', { queries: false });
export const AdminPagesRoute = lazyPage(adminPages, 'AdminPagesRoute', { queries: false });
export const OverviewRoute = lazyPage(adminPages, 'OverviewRoute', { queries: false });
export const LowStockRoute = lazyPage(adminPages, 'LowStockRoute', { queries: false });
export const ImportExportRoute = lazyPage(adminPages, 'ImportExportRoute', { queries: false });
export const AdminGstRoute = lazyPage(adminPages, 'AdminGstRoute', { queries: false });
