import { createBrowserRouter, Navigate } from 'react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { MainLayout } from '@/components/layout/main-layout';
import { RequireAdmin } from '@/components/layout/require-admin';
import { RequireLogin } from '@/components/layout/require-login';
import { setNavigator } from '@/lib/navigation';
import {
  AddProductRoute,
  AdminLayout,
  AdminOrdersRoute,
  AdminProductsRoute,
  AdminUsersRoute,
  AuditLogRoute,
  EditProductRoute,
} from './routes/admin/lazy-admin';
import { ForgotPasswordRoute } from './routes/auth/forgot-password';
import { LoginRoute } from './routes/auth/login';
import { LogoutRoute } from './routes/auth/logout';
import { ResetPasswordRoute } from './routes/auth/reset-password';
import { SignUpRoute } from './routes/auth/sign-up';
import { CartRoute } from './routes/cart';
import { DashboardRoute } from './routes/dashboard';
import { ErrorRoute } from './routes/error';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';
import { OrderSummaryRoute } from './routes/order-summary';
import { OrdersRoute } from './routes/orders';
import { PlaceOrderRoute } from './routes/place-order';
import { ProductRoute } from './routes/product';
import { ProfileRoute } from './routes/profile';

/** Spec section 2. Paths keep the spec's spelling (/signUp, /forgotPass). */
export const router = createBrowserRouter([
  {
    errorElement: <ErrorRoute />,
    children: [
      {
        // No navigation bar on these three.
        element: <AuthLayout />,
        children: [
          { path: '/login', element: <LoginRoute /> },
          { path: '/signUp', element: <SignUpRoute /> },
          { path: '/forgotPass', element: <ForgotPasswordRoute /> },
        ],
      },
      {
        element: <MainLayout />,
        children: [
          { path: '/', element: <LandingRoute /> },
          { path: '/logout', element: <LogoutRoute /> },
          { path: '/resetPassword/:resetToken', element: <ResetPasswordRoute /> },
          {
            element: <RequireLogin />,
            children: [
              { path: '/profile', element: <ProfileRoute /> },
              { path: '/userDashboard', element: <DashboardRoute /> },
              { path: '/item/:id', element: <ProductRoute /> },
              { path: '/cart', element: <CartRoute /> },
              { path: '/placeOrder', element: <PlaceOrderRoute /> },
              { path: '/orders', element: <OrdersRoute /> },
              { path: '/orderSummary/:id', element: <OrderSummaryRoute /> },
              {
                path: '/admin',
                element: <RequireAdmin />,
                children: [
                  {
                    element: <AdminLayout />,
                    children: [
                      { index: true, element: <Navigate to="/admin/userList" replace /> },
                      { path: 'userList', element: <AdminUsersRoute /> },
                      { path: 'productList', element: <AdminProductsRoute /> },
                      { path: 'addNewProduct', element: <AddProductRoute /> },
                      { path: 'editProduct/:id', element: <EditProductRoute /> },
                      { path: 'orderList', element: <AdminOrdersRoute /> },
                      { path: 'auditLog', element: <AuditLogRoute /> },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
]);

// The API client's global 401 rule navigates through the router, without a page reload.
setNavigator((to) => void router.navigate(to, { replace: true }));
