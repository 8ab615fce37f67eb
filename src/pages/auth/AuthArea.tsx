import { Redirect, Route, Switch } from "wouter";
import { AppServicesProvider } from "../../app/AppServices";
import { appServices } from "../../app/appServices";
import { lazyPage } from "../../components/lazyPage";
import { AuthLayout } from "./AuthLayout";
import { ForgotPasswordPage } from "./ForgotPasswordPage";
import { LoginPage } from "./LoginPage";
import { RegisterPage } from "./RegisterPage";

const NotFoundPage = lazyPage(() => import("../public/NotFoundPage"));

/** /auth: its index goes to login (spec section 2). */
export function AuthRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/login" replace />
      </Route>
      <Route path="/login">
        <AuthLayout>
          <LoginPage area="customer" />
        </AuthLayout>
      </Route>
      <Route path="/forgot-password">
        <AuthLayout>
          <ForgotPasswordPage />
        </AuthLayout>
      </Route>
      <Route path="/register">
        <AuthLayout>
          <RegisterPage />
        </AuthLayout>
      </Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}

export default function AuthArea() {
  return (
    <AppServicesProvider services={appServices()}>
      <AuthRoutes />
    </AppServicesProvider>
  );
}
