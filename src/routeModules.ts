import type { AdminPath } from "./pages/admin/adminNav";
import { infoPaths } from "./pages/public/infoPaths";

/**
 * Which lazily loaded modules each address needs before it can draw: the server reads this table
 * (written to dist/.vite/routes.json at build) and sends a `modulepreload` for each of them and
 * everything they import, so the browser fetches the route's chunks beside the entry instead of
 * after it has run. It mirrors the lazy imports of App.tsx and the areas' routers; a test checks that
 * every one of those is here and that every module here was built.
 *
 * `path` is matched like the routers match it: `:name` is one segment, a trailing `*` is the rest;
 * the first row that matches wins. Modules are paths from the project root, as the manifest names them.
 */
export interface RouteModules {
  path: string;
  modules: readonly string[];
  /**
   * A small module of its own that the page's HTML runs as soon as it arrives (an async module
   * script, fetched first), ahead of the app's code: the dashboard's reads.
   */
  early?: string;
  /**
   * No page is at these addresses: the row only says what draws the not-found page (the whole site's,
   * or a signed-in area's within its frame), and the server answers it with status 404.
   */
  notFound?: true;
}

const pages = "src/pages";
const customer = (path: string, page: string): RouteModules => ({
  path: `/app${path}`,
  modules: [`${pages}/customer/CustomerArea.tsx`, `${pages}/customer/${page}.tsx`],
});
const dashboardEarlyModule = `${pages}/customer/dashboardEarlyRequests.ts`;
/** AuthArea's pages but sign-in, which has a row of its own (it is prerendered); "" is /auth, which leads to it. */
const authPaths = ["", "/register", "/forgot-password", "/reset-password", "/verify-email"] as const;

/** Every console page's own module; typed by adminNav so a new page cannot be left out. */
const adminModules: Record<AdminPath, string> = {
  "/dashboard": "DashboardPage",
  "/find-customer": "FindCustomerPage",
  "/identity-reviews": "IdentityReviewsPage",
  "/disputes": "disputes/DisputesPage",
  "/manage-users": "UsersPage",
  "/manage-users/:id": "UserDetailPage",
  "/transactions": "TransactionsListPage",
  "/transactions/:id": "TransactionDetailPage",
  "/revenue": "RevenuePage",
  "/audit": "AuditPage",
  "/referrals": "ReferralsPage",
  "/providers": "providers/ProvidersPage",
  "/price-levels": "PriceLevelsPage",
  "/api-users": "ApiUsersPage",
  "/notify/all": "NotifyPage",
  "/notify/circular": "NotifyPage",
  "/manage-airtime": "catalogue/AirtimeControlsPage",
  "/airtime-transactions": "TransactionsListPage",
  "/manage-databundle/1": "catalogue/DataPlansPage",
  "/manage-databundle/2": "catalogue/DataPlansPage",
  "/manage-databundle/3": "catalogue/DataPlansPage",
  "/manage-databundle/4": "catalogue/DataPlansPage",
  "/databundle-transactions": "TransactionsListPage",
  "/manage-tv": "catalogue/TvProvidersPage",
  "/manage-tv/:id": "catalogue/TvPlansPage",
  "/tv-transactions": "TransactionsListPage",
  "/manage-electricity": "catalogue/ElectricityControlsPage",
  "/electricity-transactions": "TransactionsListPage",
  "/manage-exam-pins": "catalogue/ExamPinsPage",
  "/exam-pin-transactions": "TransactionsListPage",
  "/manage-recharge-pins": "catalogue/RechargeCardsPage",
  "/recharge-pin-transactions": "TransactionsListPage",
};

export const routeModules: readonly RouteModules[] = [
  { path: "/", modules: [`${pages}/public/LandingPage.tsx`] },
  ...infoPaths.map((path) => ({ path, modules: [`${pages}/public/InfoPage.tsx`] })),
  { path: "/developers", modules: [`${pages}/public/developers/DevelopersPage.tsx`] },
  // Its own row, before the rest of /auth, because it is prerendered (its HTML is another file).
  { path: "/auth/login", modules: [`${pages}/auth/AuthArea.tsx`] },
  ...authPaths.map((path) => ({ path: `/auth${path}`, modules: [`${pages}/auth/AuthArea.tsx`] })),
  { path: "/auth/*", modules: [`${pages}/auth/AuthArea.tsx`], notFound: true },
  { path: "/admin/login", modules: [`${pages}/auth/AdminLoginArea.tsx`] },
  // /app leads to the dashboard: both send its reads from the HTML (dashboardEarlyRequests).
  { ...customer("", "DashboardPage"), early: dashboardEarlyModule },
  { ...customer("/dashboard", "DashboardPage"), early: dashboardEarlyModule },
  customer("/fund-account", "FundAccountPage"),
  customer("/airtime-vtu", "purchase/PurchasePage"),
  customer("/data-subscriptions", "purchase/PurchasePage"),
  customer("/cable-subscriptions", "purchase/PurchasePage"),
  customer("/utilities", "purchase/PurchasePage"),
  customer("/exam-pins", "purchase/PurchasePage"),
  customer("/recharge-pins", "purchase/PurchasePage"),
  customer("/recharge-pins/:reference/print", "recharge/RechargeCardsPrintPage"),
  customer("/bulk", "bulk/BulkPage"),
  customer("/bulk/:id", "bulk/BulkPage"),
  customer("/schedules", "schedules/SchedulesPage"),
  customer("/transaction-history", "TransactionHistoryPage"),
  customer("/transaction-history/:reference", "ReceiptPage"),
  customer("/profile", "ProfilePage"),
  customer("/notifications", "NotificationsPage"),
  customer("/developer", "developer/DeveloperPage"),
  { path: "/app/*", modules: [`${pages}/customer/CustomerArea.tsx`], notFound: true },
  // /admin leads to the console's dashboard.
  { path: "/admin", modules: [`${pages}/admin/AdminArea.tsx`] },
  ...Object.entries(adminModules).map(([path, page]) => ({
    path: `/admin${path}`,
    modules: [`${pages}/admin/AdminArea.tsx`, `${pages}/admin/${page}.tsx`],
  })),
  { path: "/admin/*", modules: [`${pages}/admin/AdminArea.tsx`], notFound: true },
  { path: "*", modules: [`${pages}/public/NotFoundPage.tsx`], notFound: true },
];

/**
 * The pages drawn to HTML at build (build/prerender.ts), so they show before any script runs. Sign-in
 * is one: it draws the same for everyone until the session is read (see LoginPage), and it is the
 * page most visits after the landing start on. The dashboard, where a signed-in visit starts, is
 * drawn as the app shell: the customer area's frame and the dashboard loading, nothing of any
 * customer's (CustomerGuard, CustomerLayout and DashboardPage draw so until React has taken over).
 * The API reference is drawn with its own words and the reference loading (docs/decisions.md).
 */
export const prerenderedPaths: readonly string[] = [
  "/",
  ...infoPaths,
  "/developers",
  "/auth/login",
  "/app/dashboard",
];
