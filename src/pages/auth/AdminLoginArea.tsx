import { AppServicesProvider } from "../../app/AppServices";
import { sharedServices } from "../../app/sharedServices";
import { AuthLayout } from "./AuthLayout";
import { LoginPage } from "./LoginPage";

/** /admin/login: the same session, for staff and admins; a customer's sign-in is refused here. */
export default function AdminLoginArea() {
  return (
    <AppServicesProvider services={sharedServices()}>
      <AuthLayout>
        <LoginPage area="admin" />
      </AuthLayout>
    </AppServicesProvider>
  );
}
