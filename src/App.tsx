import { lazy, Suspense, useState } from "react";
import { Route, Switch, useLocation } from "wouter";
import { LoadingOverlay } from "./components/LoadingOverlay";
import { lazyPage, withTimeout } from "./components/lazyPage";
import { NotifierHost } from "./components/NotifierHost";
import { infoPaths } from "./pages/public/infoPaths";

// Every route loads its own code when first visited (spec section 9). Public pages pull in no state
// machines, forms or admin code; bench/bundle.ts checks that against the built chunks.
const LandingPage = lazyPage(() => import("./pages/public/LandingPage"));
const InfoPage = lazyPage(() => import("./pages/public/InfoPage"));
const NotFoundPage = lazyPage(() => import("./pages/public/NotFoundPage"));
const AuthArea = lazyPage(() => import("./pages/auth/AuthArea"));
const AdminLoginArea = lazyPage(() => import("./pages/auth/AdminLoginArea"));
const CustomerArea = lazyPage(() => import("./pages/customer/CustomerArea"));
const AdminArea = lazyPage(() => import("./pages/admin/AdminArea"));

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

const Toasts = lazy(withTimeout(() => import("./notices/toasts").then((m) => ({ default: m.Toasts }))));
const callsTheApi = /^\/(auth|app|admin)(\/|$)/;

/**
 * Toasts report API results, and only the signed-in areas and sign-in pages call the API, so the
 * toast library loads with the first of those and then stays. Toasts raised before it mounts wait
 * in react-toastify's queue.
 */
function ToastsWhenNeeded() {
  const [location] = useLocation();
  const [needed, setNeeded] = useState(false);
  if (!needed && callsTheApi.test(location)) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

export function App() {
  return (
    <>
      <AppRoutes />
      <LoadingOverlay />
      <NotifierHost />
      <ToastsWhenNeeded />
    </>
  );
}
