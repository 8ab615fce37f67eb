import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { SignedInLayout } from "../../components/SignedInLayout";
import { yearOf } from "../../format/formatDate";
import { useSession } from "../../session/useSession";
import { customerPages } from "./customerNav";

const nav = customerPages.map((page) => ({ href: page.path, label: page.label }));

export function CustomerLayout({ children }: { children: ReactNode }) {
  const { profile, send } = useSession();
  const [, navigate] = useLocation();
  const initials = `${profile?.first_name.charAt(0) ?? ""}${profile?.last_name.charAt(0) ?? ""}`;
  return (
    <SignedInLayout
      nav={nav}
      navLabel="Customer menu"
      onLogout={() => {
        send({ type: "session.signOut" });
        navigate("~/auth", { replace: true });
      }}
      topRight={
        <Link href="/profile" className="avatar-link" aria-label="Your profile">
          <span className="avatar" aria-hidden="true">
            {initials}
          </span>
          <span className="avatar-name">{profile?.first_name}</span>
        </Link>
      }
      sidebarFooter={profile && <>Member since {yearOf(profile.date_joined)}</>}
    >
      {children}
    </SignedInLayout>
  );
}
