/**
 * The admin chunk's entry: every admin page, so that the one dynamic import
 * in lazy-admin.ts loads the whole panel at once, and only for an admin.
 */
export { AdminLayout } from './admin-layout';
export { AdminUsersRoute } from './users';
export { AdminProductsRoute } from './products';
export { AddProductRoute } from './add-product';
export { EditProductRoute } from './edit-product';
export { AdminOrdersRoute } from './orders';
export { AdminOrderRoute } from './order-detail';
export { AdminRefundsRoute } from './refunds';
export { AuditLogRoute } from './audit-log';
export { AdminPagesRoute } from './pages';
export { OverviewRoute } from './overview';
export { LowStockRoute } from './low-stock';
export { ImportExportRoute } from './import-export';
export { AdminGstRoute } from './gst';
