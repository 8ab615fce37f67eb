import { Route, Switch } from "wouter";
import { nextTask } from "./app/nextTask";
import { LoadingOverlay } from "./components/LoadingOverlay";
import { lazyPage } from "./components/lazyPage";
import { NotifierHost } from "./components/NotifierHost";
import { ToastHost } from "./notices/lazyToasts";
import { infoPaths } from "./pages/public/infoPaths";

// Every route loads its own code when first visited (spec section 9). Public pages pull in no state
// machines, forms or admin code; bench/bundle.ts checks that against the built chunks.
const LandingPage = lazyPage(() => import("./pages/public/LandingPage"));
const InfoPage = lazyPage(() => import("./pages/public/InfoPage"));
const NotFoundPage = lazyPage(() => import("./pages/public/NotFoundPage"));
const DevelopersPage = lazyPage(() => import("./pages/public/developers/DevelopersPage"));
// A signed-in area's code is a lot for a phone to run at once (the session's machines and the shared
// schemas, then the area's own): it runs in two tasks, the browser getting its turn between them, so
// that neither holds the page for long (sign-in and the dashboard are prerendered, so their pages are
// on screen and answering meanwhile).
const afterSession =
  <T,>(load: () => Promise<T>) =>
  async () => {
    await import("./app/sharedServices");
    await nextTask();
    return load();
  };
const AuthArea = lazyPage(afterSession(() => import("./pages/auth/AuthArea")));
const AdminLoginArea = lazyPage(afterSession(() => import("./pages/auth/AdminLoginArea")));
const CustomerArea = lazyPage(afterSession(() => import("./pages/customer/CustomerArea")));
const AdminArea = lazyPage(afterSession(() => import("./pages/admin/AdminArea")));

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <LandingPage />
      </Route>
      {infoPaths.map((path) => (
        <Route key={path} path={path}>
          <InfoPage path={path} />
        </Route>
      ))}
      <Route path="/developers">
        <DevelopersPage />
      </Route>
      <Route path="/auth" nest>
        <AuthArea />
      </Route>
      <Route path="/admin/login">
        <AdminLoginArea />
      </Route>
      <Route path="/admin" nest>
        <AdminArea />
      </Route>
      <Route path="/app" nest>
        <CustomerArea />
      </Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}

export function App() {
  return (
    <>
      <AppRoutes />
      <LoadingOverlay />
      <NotifierHost />
      <ToastHost />
    </>
  );
}
