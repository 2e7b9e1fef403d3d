import { lazy } from 'react';

/**
 * The admin panel is its own chunk. React.lazy fetches it when a page first
 * renders, and RequireAdmin renders none for a customer, so customers never
 * download it. (React Router's route `lazy` would fetch it on navigation,
 * before any check had run.)
 */
const adminPages = () => import('./admin-pages');

export const AdminLayout = lazy(() => adminPages().then((m) => ({ default: m.AdminLayout })));
export const AdminUsersRoute = lazy(() => adminPages().then((m) => ({ default: m.AdminUsersRoute })));
export const AdminProductsRoute = lazy(() => adminPages().then((m) => ({ default: m.AdminProductsRoute })));
export const AddProductRoute = lazy(() => adminPages().then((m) => ({ default: m.AddProductRoute })));
export const EditProductRoute = lazy(() => adminPages().then((m) => ({ default: m.EditProductRoute })));
export const AdminOrdersRoute = lazy(() => adminPages().then((m) => ({ default: m.AdminOrdersRoute })));
export const AuditLogRoute = lazy(() => adminPages().then((m) => ({ default: m.AuditLogRoute })));
