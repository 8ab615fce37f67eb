import { Redirect, Route, Switch } from "wouter";
import { AppServicesProvider } from "../../app/AppServices";
import { appServices } from "../../app/appServices";
import { AreaNotFound } from "../../components/AreaNotFound";
import { ComingSoonPage } from "../../components/ComingSoonPage";
import { lazyPage } from "../../components/lazyPage";
import { CustomerGuard } from "./CustomerGuard";
import { CustomerLayout } from "./CustomerLayout";
import { customerPages } from "./customerNav";

const ProfilePage = lazyPage(() => import("./ProfilePage"));

/** /app, guarded; its index goes to the dashboard (spec section 2). */
export function CustomerRoutes() {
  return (
    <CustomerGuard>
      <CustomerLayout>
        <Switch>
          <Route path="/">
            <Redirect to="/dashboard" replace />
          </Route>
          <Route path="/profile">
            <ProfilePage />
          </Route>
          {customerPages.map((page) => (
            <Route key={page.path} path={page.path}>
              <ComingSoonPage title={page.title} />
            </Route>
          ))}
          <Route>
            <AreaNotFound home="/dashboard" />
          </Route>
        </Switch>
      </CustomerLayout>
    </CustomerGuard>
  );
}

export default function CustomerArea() {
  return (
    <AppServicesProvider services={appServices()}>
      <CustomerRoutes />
    </AppServicesProvider>
  );
}
