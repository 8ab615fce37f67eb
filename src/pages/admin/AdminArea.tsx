import type { ReactNode } from "react";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { emergencyModeMachine } from "../../../machines/emergencyModeMachine";
import { emergencyModeActors } from "../../actors/emergencyModeActors";
import { adminApi } from "../../api/adminApi";
import { appClient } from "../../api/appClient";
import { type AdminServices, AppServicesProvider } from "../../app/AppServices";
import { sharedServices } from "../../app/sharedServices";
import { AreaNotFound } from "../../components/AreaNotFound";
import { lazyPage } from "../../components/lazyPage";
import { SignedInLayout } from "../../components/SignedInLayout";
import { useSession } from "../../session/useSession";
import { AdminGuard } from "./AdminGuard";
import { type AdminPath, adminPages, mayOpen, navFor } from "./adminNav";

// Every page loads when first opened: a staff member editing plans never downloads the charts.
const DashboardPage = lazyPage(() => import("./DashboardPage"));
const EmergencyPanel = lazyPage(() => import("./EmergencyPanel"));
const FindCustomerPage = lazyPage(() => import("./FindCustomerPage"));
const UsersPage = lazyPage(() => import("./UsersPage"));
const IdentityReviewsPage = lazyPage(() => import("./IdentityReviewsPage"));
const DisputesPage = lazyPage(() => import("./disputes/DisputesPage"));
const UserDetailPage = lazyPage(() => import("./UserDetailPage"));
const TransactionsListPage = lazyPage(() => import("./TransactionsListPage"));
const TransactionDetailPage = lazyPage(() => import("./TransactionDetailPage"));
const RevenuePage = lazyPage(() => import("./RevenuePage"));
const AuditPage = lazyPage(() => import("./AuditPage"));
const ReferralsPage = lazyPage(() => import("./ReferralsPage"));
const NotifyPage = lazyPage(() => import("./NotifyPage"));
const ProvidersPage = lazyPage(() => import("./providers/ProvidersPage"));
const PriceLevelsPage = lazyPage(() => import("./PriceLevelsPage"));
const ApiUsersPage = lazyPage(() => import("./ApiUsersPage"));
const AirtimeControlsPage = lazyPage(() => import("./catalogue/AirtimeControlsPage"));
const DataPlansPage = lazyPage(() => import("./catalogue/DataPlansPage"));
const TvProvidersPage = lazyPage(() => import("./catalogue/TvProvidersPage"));
const TvPlansPage = lazyPage(() => import("./catalogue/TvPlansPage"));
const ElectricityControlsPage = lazyPage(() => import("./catalogue/ElectricityControlsPage"));
const ExamPinsPage = lazyPage(() => import("./catalogue/ExamPinsPage"));
const RechargeCardsPage = lazyPage(() => import("./catalogue/RechargeCardsPage"));

type Params = Record<string, string | undefined>;

/** What each path of adminNav shows. adminNav says who may open it; this says what it is. */
const screens: Record<AdminPath, (params: Params) => ReactNode> = {
  "/dashboard": () => <DashboardPage emergencyPanel={<EmergencyPanel />} />,
  "/find-customer": () => <FindCustomerPage />,
  "/identity-reviews": () => <IdentityReviewsPage />,
  "/disputes": () => <DisputesPage />,
  "/manage-users": () => <UsersPage />,
  "/manage-users/:id": (params) => <UserDetailPage id={params.id ?? ""} />,
  "/transactions": () => <TransactionsListPage />,
  "/transactions/:id": (params) => <TransactionDetailPage id={params.id ?? ""} />,
  "/revenue": () => <RevenuePage />,
  "/audit": () => <AuditPage />,
  "/referrals": () => <ReferralsPage />,
  "/providers": () => <ProvidersPage />,
  "/price-levels": () => <PriceLevelsPage />,
  "/api-users": () => <ApiUsersPage />,
  "/notify/all": () => <NotifyPage kind="all" />,
  "/notify/circular": () => <NotifyPage kind="circular" />,
  "/manage-airtime": () => <AirtimeControlsPage />,
  "/airtime-transactions": () => <TransactionsListPage kind="airtime" />,
  "/manage-databundle/1": () => <DataPlansPage id={1} />,
  "/manage-databundle/2": () => <DataPlansPage id={2} />,
  "/manage-databundle/3": () => <DataPlansPage id={3} />,
  "/manage-databundle/4": () => <DataPlansPage id={4} />,
  "/databundle-transactions": () => <TransactionsListPage kind="data" />,
  "/manage-tv": () => <TvProvidersPage />,
  "/manage-tv/:id": (params) => <TvPlansPage id={params.id ?? ""} />,
  "/tv-transactions": () => <TransactionsListPage kind="tv" />,
  "/manage-electricity": () => <ElectricityControlsPage />,
  "/electricity-transactions": () => <TransactionsListPage kind="electricity" />,
  "/manage-exam-pins": () => <ExamPinsPage />,
  "/exam-pin-transactions": () => <TransactionsListPage kind="exam_pin" />,
  "/manage-recharge-pins": () => <RechargeCardsPage />,
  "/recharge-pin-transactions": () => <TransactionsListPage kind="recharge_pin" />,
};

function Forbidden() {
  return (
    <section>
      <h1>Not for your role</h1>
      <p>You do not have permission to open this page. Ask an admin if you need it.</p>
    </section>
  );
}

function AdminLayout({ children }: { children: React.ReactNode }) {
  const { profile, send } = useSession();
  const [, navigate] = useLocation();
  const role = profile?.role ?? "staff";
  return (
    <SignedInLayout
      nav={navFor(role)}
      navLabel="Admin menu"
      wide
      onLogout={() => {
        send({ type: "session.signOut" });
        navigate("~/auth", { replace: true });
      }}
      topRight={
        <span className="avatar-name">
          {profile?.first_name} · {role === "admin" ? "Admin" : "Staff"}
        </span>
      }
    >
      {children}
    </SignedInLayout>
  );
}

/** /admin, guarded; its index goes to the dashboard (spec section 2). */
export function AdminRoutes() {
  const { profile } = useSession();
  return (
    <AdminGuard>
      <AdminLayout>
        <Switch>
          <Route path="/">
            <Redirect to="/dashboard" replace />
          </Route>
          {adminPages.map((page) => (
            <Route key={page.path} path={page.path}>
              {(params: Params) =>
                profile && mayOpen(page, profile.role) ? screens[page.path](params) : <Forbidden />
              }
            </Route>
          ))}
          <Route>
            <AreaNotFound home="/dashboard" />
          </Route>
        </Switch>
      </AdminLayout>
    </AdminGuard>
  );
}

let adminServices: AdminServices | undefined;

/** The app's services plus what only the admin area uses, so the customer chunks stay without it. */
function servicesForAdmin(): AdminServices {
  if (adminServices) return adminServices;
  const admin = adminApi(appClient);
  adminServices = {
    ...sharedServices(),
    admin,
    emergencyModeLogic: emergencyModeMachine.provide({ actors: emergencyModeActors(admin) }),
  };
  return adminServices;
}

export default function AdminArea() {
  return (
    <AppServicesProvider services={servicesForAdmin()}>
      <AdminRoutes />
    </AppServicesProvider>
  );
}
