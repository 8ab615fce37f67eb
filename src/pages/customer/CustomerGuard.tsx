import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { LogoSpinner } from "../../components/LogoSpinner";
import { useSession } from "../../session/useSession";

/**
 * Spec section 4: without a session the customer area sends you to /auth. Staff and admins hold no
 * wallet, so they go to their console. The server refuses all of this anyway; this is for comfort.
 */
export function CustomerGuard({ children }: { children: ReactNode }) {
  const { status, profile } = useSession();
  if (status === "restoring" || status === "signingOut") return <LogoSpinner />;
  if (status !== "signedIn" || !profile) return <Redirect to="~/auth" replace />;
  if (profile.role !== "customer") return <Redirect to="~/admin/dashboard" replace />;
  return <>{children}</>;
}
