import { Redirect, Route, Switch } from "wouter";
import { answerFromEarlyRequests } from "../../api/appClient";
import { AppServicesProvider } from "../../app/AppServices";
import { customerServices } from "../../app/customerServices";
import { AreaNotFound } from "../../components/AreaNotFound";
import { lazyPage } from "../../components/lazyPage";
import { CustomerGuard } from "./CustomerGuard";
import { CustomerLayout } from "./CustomerLayout";
import { inboxPath } from "./customerNav";

// Each page loads when first opened, so the dashboard does not wait for the wizards' code.
const DashboardPage = lazyPage(() => import("./DashboardPage"));
const FundAccountPage = lazyPage(() => import("./FundAccountPage"));
const TransactionHistoryPage = lazyPage(() => import("./TransactionHistoryPage"));
const ReceiptPage = lazyPage(() => import("./ReceiptPage"));
const ProfilePage = lazyPage(() => import("./ProfilePage"));
const PurchasePage = lazyPage(() => import("./purchase/PurchasePage"));
const RechargeCardsPrintPage = lazyPage(() => import("./recharge/RechargeCardsPrintPage"));
const NotificationsPage = lazyPage(() => import("./NotificationsPage"));
const DeveloperPage = lazyPage(() => import("./developer/DeveloperPage"));
const BulkPage = lazyPage(() => import("./bulk/BulkPage"));
const SchedulesPage = lazyPage(() => import("./schedules/SchedulesPage"));

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
          <Route path="/exam-pins">
            <PurchasePage product="exam_pin" />
          </Route>
          <Route path="/recharge-pins">
            <PurchasePage product="recharge_pin" />
          </Route>
          <Route path="/recharge-pins/:reference/print">
            {(params) => <RechargeCardsPrintPage reference={params.reference} />}
          </Route>
          {/* Keyed apart: a batch started at /bulk is followed by a page of its own at its address. */}
          <Route path="/bulk">
            <BulkPage key="new" />
          </Route>
          <Route path="/bulk/:id">{(params) => <BulkPage key={params.id} batchId={params.id} />}</Route>
          <Route path="/schedules">
            <SchedulesPage />
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
          <Route path={inboxPath}>
            <NotificationsPage />
          </Route>
          {/* Beyond spec section 2 (issue 27): keys and webhooks; a literal path, so the accessibility test finds it. */}
          <Route path="/developer">
            <DeveloperPage />
          </Route>
          <Route>
            <AreaNotFound home="/dashboard" />
          </Route>
        </Switch>
      </CustomerLayout>
    </CustomerGuard>
  );
}

// Opened at the dashboard, the page's own early script has sent what the app asks for first (the
// profile check and the dashboard's reads): the client takes those answers instead of asking again.
// The same addresses as dashboardEarlyRequests' isDashboardPath, which is not imported here so that
// it stays out of every other customer page's download.
if (typeof window !== "undefined" && /^\/app(\/dashboard)?\/?$/.test(window.location.pathname))
  void import("./dashboardEarlyRequests").then((early) => answerFromEarlyRequests(early.takeEarlyResponse));

export default function CustomerArea() {
  return (
    <AppServicesProvider services={customerServices()}>
      <CustomerRoutes />
    </AppServicesProvider>
  );
}
