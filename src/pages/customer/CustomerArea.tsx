import { Redirect, Route, Switch } from "wouter";
import { AppServicesProvider } from "../../app/AppServices";
import { customerServices } from "../../app/customerServices";
import { AreaNotFound } from "../../components/AreaNotFound";
import { lazyPage } from "../../components/lazyPage";
import { CustomerGuard } from "./CustomerGuard";
import { CustomerLayout } from "./CustomerLayout";
import { startDashboardLoads } from "./dashboardLoads";

// Each page loads when first opened, so the dashboard does not wait for the wizards' code.
const DashboardPage = lazyPage(() => import("./DashboardPage"));
const FundAccountPage = lazyPage(() => import("./FundAccountPage"));
const TransactionHistoryPage = lazyPage(() => import("./TransactionHistoryPage"));
const ReceiptPage = lazyPage(() => import("./ReceiptPage"));
const ProfilePage = lazyPage(() => import("./ProfilePage"));
const PurchasePage = lazyPage(() => import("./purchase/PurchasePage"));
const NotificationsPage = lazyPage(() => import("./NotificationsPage"));

/** /app, guarded; its index goes to the dashboard (spec section 2). */
export function CustomerRoutes() {
  return (
    <CustomerGuard>
      <CustomerLayout>
        <Switch>
          <Route path="/">
            <Redirect to="/dashboard" replace />
          </Route>
          <Route path="/dashboard">
            <DashboardPage />
          </Route>
          <Route path="/fund-account">
            <FundAccountPage />
          </Route>
          <Route path="/airtime-vtu">
            <PurchasePage product="airtime" />
          </Route>
          <Route path="/data-subscriptions">
            <PurchasePage product="data" />
          </Route>
          <Route path="/cable-subscriptions">
            <PurchasePage product="tv" />
          </Route>
          <Route path="/utilities">
            <PurchasePage product="electricity" />
          </Route>
          <Route path="/transaction-history">
            <TransactionHistoryPage />
          </Route>
          <Route path="/transaction-history/:reference">
            {(params) => <ReceiptPage reference={params.reference} />}
          </Route>
          <Route path="/profile">
            <ProfilePage />
          </Route>
          {/* Beyond spec section 2: the inbox for the admins' notifications, from the top bar. */}
          <Route path="/notifications">
            <NotificationsPage />
          </Route>
          <Route>
            <AreaNotFound home="/dashboard" />
          </Route>
        </Switch>
      </CustomerLayout>
    </CustomerGuard>
  );
}

// This chunk loads when the app opens in the customer area (or first goes there): at the dashboard,
// its requests start now, with the session's own check, rather than once the page has drawn.
if (typeof window !== "undefined")
  startDashboardLoads(() => customerServices().customer, window.location.pathname);

export default function CustomerArea() {
  return (
    <AppServicesProvider services={customerServices()}>
      <CustomerRoutes />
    </AppServicesProvider>
  );
}
