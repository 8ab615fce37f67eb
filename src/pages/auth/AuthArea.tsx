import { Redirect, Route, Switch } from "wouter";
import { AppServicesProvider } from "../../app/AppServices";
import { sharedServices } from "../../app/sharedServices";
import { lazyPage } from "../../components/lazyPage";
import { AuthLayout } from "./AuthLayout";
import { LoginPage } from "./LoginPage";

const NotFoundPage = lazyPage(() => import("../public/NotFoundPage"));
// Sign-in draws first; the longer forms, with react-hook-form, load when opened.
const RegisterPage = lazyPage(async () => ({ default: (await import("./RegisterPage")).RegisterPage }));
const ForgotPasswordPage = lazyPage(async () => ({
  default: (await import("./ForgotPasswordPage")).ForgotPasswordPage,
}));
// The pages a mailed link opens.
const ResetPasswordPage = lazyPage(async () => ({
  default: (await import("./MailedLinkPages")).ResetPasswordPage,
}));
const VerifyEmailPage = lazyPage(async () => ({
  default: (await import("./MailedLinkPages")).VerifyEmailPage,
}));

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
      <Route path="/reset-password">
        <AuthLayout>
          <ResetPasswordPage />
        </AuthLayout>
      </Route>
      <Route path="/verify-email">
        <AuthLayout>
          <VerifyEmailPage />
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
    <AppServicesProvider services={sharedServices()}>
      <AuthRoutes />
    </AppServicesProvider>
  );
}
