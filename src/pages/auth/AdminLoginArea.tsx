import { AppServicesProvider } from "../../app/AppServices";
import { appServices } from "../../app/appServices";
import { AuthLayout } from "./AuthLayout";
import { LoginPage } from "./LoginPage";

/** /admin/login: the same session, for staff and admins; a customer's sign-in is refused here. */
export default function AdminLoginArea() {
  return (
    <AppServicesProvider services={appServices()}>
      <AuthLayout>
        <LoginPage area="admin" />
      </AuthLayout>
    </AppServicesProvider>
  );
}
