import { Redirect, Route, Switch, useLocation } from "wouter";
import { AppServicesProvider } from "../../app/AppServices";
import { appServices } from "../../app/appServices";
import { AreaNotFound } from "../../components/AreaNotFound";
import { ComingSoonPage } from "../../components/ComingSoonPage";
import { SignedInLayout } from "../../components/SignedInLayout";
import { useSession } from "../../session/useSession";
import { AdminGuard } from "./AdminGuard";
import { adminPages, navFor } from "./adminNav";

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
              {profile && page.roles.includes(profile.role) ? (
                <ComingSoonPage title={page.title} />
              ) : (
                <Forbidden />
              )}
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

export default function AdminArea() {
  return (
    <AppServicesProvider services={appServices()}>
      <AdminRoutes />
    </AppServicesProvider>
  );
}
