import { lazy, type ReactNode, Suspense } from "react";
import { Link, useLocation } from "wouter";
import { useHydrated } from "../../app/useHydrated";
import { SignedInLayout } from "../../components/SignedInLayout";
import { yearOf } from "../../format/formatDate";
import { useSession } from "../../session/useSession";
import { customerPages, inboxPath } from "./customerNav";

const nav = customerPages.map((page) => ({ href: page.path, label: page.label }));
// The Developer page is last, so leaving it out for others (and from the prerendered shell) moves nothing.
const navWithoutDeveloper = nav.slice(0, -1);
const UnreadBadge = lazy(() => import("./UnreadBadge"));

export function CustomerLayout({ children }: { children: ReactNode }) {
  const session = useSession();
  // The prerendered shell is nobody's: no initials, name or year until React has taken it over.
  const profile = useHydrated() ? session.profile : null;
  const { send } = session;
  const [, navigate] = useLocation();
  return (
    <SignedInLayout
      // The levels with API access (apiAccessLevels), named here so every page need not load the list.
      nav={profile?.level === "reseller" || profile?.level === "api" ? nav : navWithoutDeveloper}
      navLabel="Customer menu"
      onLogout={() => {
        send({ type: "session.signOut" });
        navigate("~/auth", { replace: true });
      }}
      // Not in the prerendered shell at all, rather than drawn empty: the name filling in would move
      // the bell beside it (a layout shift); appearing whole, it moves nothing.
      topRight={
        profile && (
          <>
            <Link href={inboxPath} className="inbox-link">
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
                />
              </svg>
              <span className="sr-only">Notifications</span>{" "}
              <Suspense fallback={null}>
                <UnreadBadge />
              </Suspense>
            </Link>
            {/* Named by what it shows (WCAG 2.5.3), so "click AO" or "click Ada" works for speech users. */}
            <Link href="/profile" className="avatar-link">
              <span className="sr-only">Your profile:</span>{" "}
              <span className="avatar">
                {profile.first_name.charAt(0)}
                {profile.last_name.charAt(0)}
              </span>{" "}
              <span className="avatar-name">{profile.first_name}</span>
            </Link>
          </>
        )
      }
      sidebarFooter={profile && <>Member since {yearOf(profile.date_joined)}</>}
    >
      {children}
    </SignedInLayout>
  );
}
