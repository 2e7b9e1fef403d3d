import { useEffect } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { MainLayout } from '@/components/layout/main-layout';
import { RequireLogin } from '@/components/layout/require-login';
import { setNavigator } from '@/lib/navigation';
import { lazyPage } from './lazy-page';
import { AdminPanel } from './routes/admin/lazy-admin';

// Every page is its own chunk: a visit loads the app shell and that page only. The layout of the
// login pages and the admin check come with the pages they serve, so the landing page skips them.
const AuthLayout = lazyPage(() => import('@/components/layout/auth-layout'), 'AuthLayout', {
  queries: false,
});
const RequireAdmin = lazyPage(() => import('@/components/layout/require-admin'), 'RequireAdmin', {
  queries: false,
});
const LandingRoute = lazyPage(() => import('./routes/landing'), 'LandingRoute', { queries: false });
// Any other path: the shop's pages (/terms, /privacy, ...), routed inside that chunk so they weigh
// nothing on the first visit of `/`, and "not found" for the rest.
const OtherPagesRoute = lazyPage(() => import('./routes/other-pages'), 'OtherPagesRoute');
const LoginRoute = lazyPage(() => import('./routes/auth/login'), 'LoginRoute', { queries: false });
const SignUpRoute = lazyPage(() => import('./routes/auth/sign-up'), 'SignUpRoute');
const ForgotPasswordRoute = lazyPage(() => import('./routes/auth/forgot-password'), 'ForgotPasswordRoute');
const ResetPasswordRoute = lazyPage(() => import('./routes/auth/reset-password'), 'ResetPasswordRoute');
const LogoutRoute = lazyPage(() => import('./routes/auth/logout'), 'LogoutRoute');
const ProfileRoute = lazyPage(() => import('./routes/profile'), 'ProfileRoute');
const DashboardRoute = lazyPage(() => import('./routes/dashboard'), 'DashboardRoute');
const ProductRoute = lazyPage(() => import('./routes/product'), 'ProductRoute', {
  prefetch: () => import('./prefetch').then((m) => m.prefetchProduct()),
});
const CartRoute = lazyPage(() => import('./routes/cart'), 'CartRoute');
const PlaceOrderRoute = lazyPage(() => import('./routes/place-order'), 'PlaceOrderRoute');
const OrdersRoute = lazyPage(() => import('./routes/orders'), 'OrdersRoute');
const OrderSummaryRoute = lazyPage(() => import('./routes/order-summary'), 'OrderSummaryRoute');

/**
 * Spec section 2. Paths keep the spec's spelling (/signUp, /forgotPass).
 * Declarative routes: the app uses no loaders or actions, so the data router's
 * extra code would buy nothing. first-page.ts matches the same routes.
 */
export const appRoutes = (
  <>
    {/* No navigation bar on these three. */}
    <Route element={<AuthLayout />}>
      <Route path="/login" element={<LoginRoute />} />
      <Route path="/signUp" element={<SignUpRoute />} />
      <Route path="/forgotPass" element={<ForgotPasswordRoute />} />
    </Route>
    <Route element={<MainLayout />}>
      <Route path="/" element={<LandingRoute />} />
      <Route path="/logout" element={<LogoutRoute />} />
      <Route path="/resetPassword/:resetToken" element={<ResetPasswordRoute />} />
      <Route element={<RequireLogin />}>
        <Route path="/profile" element={<ProfileRoute />} />
        <Route path="/userDashboard" element={<DashboardRoute />} />
        <Route path="/item/:id" element={<ProductRoute />} />
        <Route path="/cart" element={<CartRoute />} />
        <Route path="/placeOrder" element={<PlaceOrderRoute />} />
        <Route path="/orders" element={<OrdersRoute />} />
        <Route path="/orderSummary/:id" element={<OrderSummaryRoute />} />
        <Route path="/admin" element={<RequireAdmin />}>
          {/* `*` alone does not match /admin itself. */}
          <Route index element={<AdminPanel />} />
          <Route path="*" element={<AdminPanel />} />
        </Route>
      </Route>
      <Route path="*" element={<OtherPagesRoute />} />
    </Route>
  </>
);

export function AppRoutes() {
  return (
    <>
      <RegisterNavigator />
      <Routes>{appRoutes}</Routes>
    </>
  );
}

/** The API client's global 401 rule navigates through the router, without a page reload. */
function RegisterNavigator() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to) => void navigate(to, { replace: true }));
  }, [navigate]);
  return null;
}
