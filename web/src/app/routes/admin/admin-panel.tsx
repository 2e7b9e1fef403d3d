import { Route, Routes } from 'react-router';
import { NotFoundRoute } from '../not-found';
import { AddProductRoute } from './add-product';
import { AdminLayout } from './admin-layout';
import { AuditLogRoute } from './audit-log';
import { EditProductRoute } from './edit-product';
import { AdminGstRoute } from './gst';
import { ImportExportRoute } from './import-export';
import { LowStockRoute } from './low-stock';
import { AdminOrderRoute } from './order-detail';
import { AdminOrdersRoute } from './orders';
import { OverviewRoute } from './overview';
import { AdminPagesRoute } from './pages';
import { AdminProductsRoute } from './products';
import { AdminRefundsRoute } from './refunds';
import { AdminUsersRoute } from './users';

/**
 * The admin panel's pages under /admin (spec: userList, productList, addNewProduct,
 * editProduct/{id}, and the owner's own), routed here inside the admin chunk: none of them weighs
 * on a shopper's first visit.
 */
export function AdminPanel() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<OverviewRoute />} />
        <Route path="userList" element={<AdminUsersRoute />} />
        <Route path="productList" element={<AdminProductsRoute />} />
        <Route path="addNewProduct" element={<AddProductRoute />} />
        <Route path="editProduct/:id" element={<EditProductRoute />} />
        <Route path="orderList" element={<AdminOrdersRoute />} />
        <Route path="orderList/:id" element={<AdminOrderRoute />} />
        <Route path="refunds" element={<AdminRefundsRoute />} />
        <Route path="auditLog" element={<AuditLogRoute />} />
        <Route path="pages/*" element={<AdminPagesRoute />} />
        <Route path="lowStock" element={<LowStockRoute />} />
        <Route path="importExport" element={<ImportExportRoute />} />
        <Route path="gst" element={<AdminGstRoute />} />
      </Route>
      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}
