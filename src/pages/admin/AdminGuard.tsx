import { type ReactNode, useEffect } from "react";
import { Redirect } from "wouter";
import { LogoSpinner } from "../../components/LogoSpinner";
import { lazyPage } from "../../components/lazyPage";
import { showToast } from "../../notices/lazyToasts";
import { useSession } from "../../session/useSession";

// Needed once per sign-in, before the console: its own chunk, so the console pages do not carry it.
const SecondFactorPage = lazyPage(() => import("./SecondFactorPage"));

export const customerRefused = "The admin area is for OjaPay staff.";

function RefuseCustomer() {
  useEffect(() => showToast({ type: "error", message: customerRefused }), []);
  return <Redirect to="~/app/dashboard" replace />;
}

/**
 * Spec section 4: without a session the admin area sends you to /admin/login; after a logout, to
 * /auth like everyone else. A customer's session is refused (the server refuses it anyway).
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { status, profile, ended } = useSession();
  if (status === "restoring" || status === "signingOut") return <LogoSpinner />;
  if (status !== "signedIn" || !profile)
    return <Redirect to={ended === "signedOut" ? "~/auth" : "~/admin/login"} replace />;
  if (profile.role === "customer") return <RefuseCustomer />;
  // The server keeps the console shut until this session has passed the authenticator code.
  if (profile.second_factor === "setup" || profile.second_factor === "code")
    return <SecondFactorPage mode={profile.second_factor} />;
  return <>{children}</>;
}
