import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { useHydrated } from "../../app/useHydrated";
import { LogoSpinner } from "../../components/LogoSpinner";
import { useSession } from "../../session/useSession";

/**
 * Spec section 4: without a session the customer area sends you to /auth. Staff and admins hold no
 * wallet, so they go to their console. The server refuses all of this anyway; this is for comfort.
 *
 * The dashboard is prerendered as the app shell (src/routeModules.ts), the same for every visitor:
 * the frame and the page loading, nothing of anyone's. React takes that HTML over as drawn, and the
 * session decides from the draw right after, before anything is asked of the server (DashboardPage
 * waits for that draw too): a visitor without a session still goes to sign-in, staff to the console.
 */
export function CustomerGuard({ children }: { children: ReactNode }) {
  const { status, profile } = useSession();
  if (!useHydrated()) return <>{children}</>;
  if (status === "restoring" || status === "signingOut") return <LogoSpinner />;
  if (status !== "signedIn" || !profile) return <Redirect to="~/auth" replace />;
  if (profile.role !== "customer") return <Redirect to="~/admin/dashboard" replace />;
  return <>{children}</>;
}
