import { type ComponentType, lazy } from 'react';
import type { RoutePageProps } from './route-page-props.ts';

/**
 * The SPA's route table (spec §2). Add a page by adding one entry; pages are lazy-loaded so each becomes
 * its own chunk and the initial JavaScript stays small (design §8: ≤ 200 KB gzipped).
 *
 * - `public`: rendered alone, signed in or not.
 * - `authenticated`: rendered inside the page shell when signed in; signed-out visitors get the landing
 *   page; while the session check is pending a small spinner shows, except where
 *   `landingWhileAuthLoading` is set (`/`, spec §2).
 * Any path not listed renders the 404 page ('Page Not Found').
 */
export interface AppRoute {
  path: string;
  access: 'public' | 'authenticated';
  /** Browser tab title (the product name is appended). */
  title: string;
  /** Receives the route's title, so one component can serve several routes. */
  page: ComponentType<RoutePageProps>;
  landingWhileAuthLoading?: boolean;
  /**
   * While the store switcher is on "All stores" (issue #17): the page's All-stores view, or 'same'
   * for pages about the workspace rather than one store; other pages say they need one store.
   */
  allStores?: ComponentType<RoutePageProps> | 'same';
}

/** `lazy()` for a named export: `lazyPage(() => import('…/x-page.tsx'), (m) => m.XPage)`. */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<RoutePageProps>,
): ComponentType<RoutePageProps> {
  return lazy(async () => ({ default: pick(await load()) }));
}

export const APP_ROUTES: readonly AppRoute[] = [
  {
    path: '/',
    access: 'authenticated',
    title: 'Home',
    landingWhileAuthLoading: true,
    allStores: 'same',
    page: lazyPage(
      () => import('./signed-in-root-page.tsx'),
      (m) => m.SignedInRootPage,
    ),
  },
  // Built-in accounts (issue #38): public pages of sign-in, reset and joining by invitation.
  {
    path: '/sign-in',
    access: 'public',
    title: 'Sign in',
    page: lazyPage(
      () => import('@web/features/auth/components/sign-in-page.tsx'),
      (m) => m.SignInPage,
    ),
  },
  {
    path: '/forgot-password',
    access: 'public',
    title: 'Forgot password',
    page: lazyPage(
      () => import('@web/features/auth/components/forgot-password-page.tsx'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: '/reset-password/:token',
    access: 'public',
    title: 'Choose a new password',
    page: lazyPage(
      () => import('@web/features/auth/components/reset-password-page.tsx'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: '/verify-email/:token',
    access: 'public',
    title: 'Confirm your e-mail address',
    page: lazyPage(
      () => import('@web/features/auth/components/verify-email-page.tsx'),
      (m) => m.VerifyEmailPage,
    ),
  },
  {
    path: '/join/:token',
    access: 'public',
    title: 'Join',
    page: lazyPage(
      () => import('@web/features/auth/components/join-page.tsx'),
      (m) => m.JoinPage,
    ),
  },
  {
    path: '/public-service-test',
    access: 'public',
    title: 'Public Service Testing',
    page: lazyPage(
      () => import('@web/features/public-service-test/components/public-service-test-page.tsx'),
      (m) => m.PublicServiceTestPage,
    ),
  },
  {
    path: '/opportunities',
    access: 'authenticated',
    title: 'Revenue Opportunities',
    page: lazyPage(
      () => import('@web/features/opportunities/components/opportunities-page.tsx'),
      (m) => m.OpportunitiesPage,
    ),
  },
  {
    path: '/dashboard',
    access: 'authenticated',
    title: 'Dashboard',
    allStores: lazyPage(
      () => import('@web/features/all-stores/components/all-stores-dashboard.tsx'),
      (m) => m.AllStoresDashboard,
    ),
    page: lazyPage(
      () => import('@web/pages/dashboard-page.tsx'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: '/analytics',
    access: 'authenticated',
    title: 'Revenue Analytics',
    page: lazyPage(
      () => import('@web/pages/analytics-dashboard-page.tsx'),
      (m) => m.AnalyticsDashboardPage,
    ),
  },
  {
    path: '/cursor-tracking',
    access: 'authenticated',
    title: 'Cursor Tracking',
    page: lazyPage(
      () => import('@web/features/cursor-tracking/components/cursor-tracking-page.tsx'),
      (m) => m.CursorTrackingPage,
    ),
  },
  {
    path: '/profile',
    access: 'authenticated',
    title: 'Profile & Integrations',
    page: lazyPage(
      () => import('@web/pages/profile-page.tsx'),
      (m) => m.ProfilePage,
    ),
  },
  {
    path: '/settings/costs',
    access: 'authenticated',
    title: 'Costs',
    page: lazyPage(
      () => import('@web/pages/costs-page.tsx'),
      (m) => m.CostsPage,
    ),
  },
  {
    path: '/settings/notifications',
    access: 'authenticated',
    title: 'Notifications',
    page: lazyPage(
      () => import('@web/features/notifications/components/notifications-page.tsx'),
      (m) => m.NotificationsPage,
    ),
  },
  {
    path: '/settings/members',
    access: 'authenticated',
    title: 'Members',
    allStores: 'same',
    page: lazyPage(
      () => import('@web/pages/members-page.tsx'),
      (m) => m.MembersPage,
    ),
  },
  {
    path: '/settings/audit-log',
    access: 'authenticated',
    title: 'Audit log',
    allStores: 'same',
    page: lazyPage(
      () => import('@web/features/members/components/audit-log-page.tsx'),
      (m) => m.AuditLogPage,
    ),
  },
  {
    path: '/invitations/:token',
    access: 'authenticated',
    title: 'Invitation',
    allStores: 'same',
    page: lazyPage(
      () => import('@web/features/members/components/invitation-page.tsx'),
      (m) => m.InvitationPage,
    ),
  },
  {
    path: '/orders',
    access: 'authenticated',
    title: 'Order Lookup',
    page: lazyPage(
      () => import('@web/features/orders/components/order-lookup-page.tsx'),
      (m) => m.OrderLookupPage,
    ),
  },
  {
    path: '/customers',
    access: 'authenticated',
    title: 'Customer Segments',
    page: lazyPage(
      () => import('@web/features/customers/components/customers-page.tsx'),
      (m) => m.CustomersPage,
    ),
  },
  {
    path: '/campaigns',
    access: 'authenticated',
    title: 'Campaign Performance',
    page: lazyPage(
      () => import('@web/features/campaigns/components/campaigns-page.tsx'),
      (m) => m.CampaignsPage,
    ),
  },
  {
    path: '/creatives',
    access: 'authenticated',
    title: 'Creatives',
    page: lazyPage(
      () => import('@web/features/creatives/components/creatives-page.tsx'),
      (m) => m.CreativesPage,
    ),
  },
  {
    path: '/funnels',
    access: 'authenticated',
    title: 'Funnels',
    page: lazyPage(
      () => import('@web/features/funnels/components/funnels-page.tsx'),
      (m) => m.FunnelsPage,
    ),
  },
  {
    path: '/products',
    access: 'authenticated',
    title: 'Product Analysis',
    allStores: lazyPage(
      () => import('@web/features/all-stores/components/all-stores-products.tsx'),
      (m) => m.AllStoresProducts,
    ),
    page: lazyPage(
      () => import('@web/features/products/components/products-page.tsx'),
      (m) => m.ProductsPage,
    ),
  },
  {
    path: '/testing',
    access: 'authenticated',
    title: 'A/B Testing',
    page: lazyPage(
      () => import('@web/features/testing/components/testing-page.tsx'),
      (m) => m.TestingPage,
    ),
  },
  {
    path: '/models',
    access: 'authenticated',
    title: 'Predictive Models',
    page: lazyPage(
      () => import('@web/features/models/components/models-page.tsx'),
      (m) => m.ModelsPage,
    ),
  },
  {
    path: '/insights',
    access: 'authenticated',
    title: 'AI Insights',
    page: lazyPage(
      () => import('@web/pages/insights-page.tsx'),
      (m) => m.InsightsPage,
    ),
  },
  {
    path: '/profit',
    access: 'authenticated',
    title: 'Profit',
    allStores: lazyPage(
      () => import('@web/pages/all-stores-profit.tsx'),
      (m) => m.AllStoresProfit,
    ),
    page: lazyPage(
      () => import('@web/features/profit/components/profit-page.tsx'),
      (m) => m.ProfitPage,
    ),
  },
  // What the ad money causes (issue #41): the marketing-mix model and the budget planner.
  {
    path: '/measurement',
    access: 'authenticated',
    title: 'Measurement',
    page: lazyPage(
      () => import('@web/features/measurement/components/measurement-page.tsx'),
      (m) => m.MeasurementPage,
    ),
  },
];
