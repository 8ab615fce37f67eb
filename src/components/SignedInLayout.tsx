import { type ReactNode, useEffect, useId, useState } from "react";
import { Link, useLocation } from "wouter";
import { Logo } from "./Logo";
import { LogoutModal } from "./LogoutModal";
import "./signedIn.css";

export interface NavItem {
  href: string;
  label: string;
}

/**
 * The frame of the customer and admin areas: a sidebar that folds away behind a menu button on a
 * phone, a top bar, and the logout confirmation.
 */
export function SignedInLayout({
  nav,
  navLabel,
  topRight,
  sidebarFooter,
  onLogout,
  children,
}: {
  nav: readonly NavItem[];
  navLabel: string;
  topRight?: ReactNode;
  sidebarFooter?: ReactNode;
  onLogout: () => void;
  children: ReactNode;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const [location] = useLocation();
  const navId = useId();

  // A phone's menu closes once a page is chosen.
  useEffect(() => {
    void location;
    setMenuOpen(false);
  }, [location]);

  return (
    <div className={`signed-in ${menuOpen ? "menu-open" : ""}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span>
          <span className="sr-only">Menu</span>
        </button>
        <Logo />
        <div className="topbar-right">{topRight}</div>
      </header>
      <nav
        id={navId}
        className="sidebar"
        aria-label={navLabel}
        onKeyDown={(e) => e.key === "Escape" && setMenuOpen(false)}
      >
        <ul>
          {nav.map((item) => (
            <li key={item.href}>
              <Link
                href={item.href}
                className={(active: boolean) => (active ? "active" : "")}
                aria-current={location === item.href ? "page" : undefined}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
        <button type="button" className="sidebar-logout" onClick={() => setConfirmingLogout(true)}>
          Log out
        </button>
        {sidebarFooter && <div className="sidebar-footer">{sidebarFooter}</div>}
      </nav>
      {menuOpen && (
        <button type="button" className="scrim" aria-label="Close menu" onClick={() => setMenuOpen(false)} />
      )}
      <main id="main" className="signed-in-main" tabIndex={-1}>
        {children}
      </main>
      {confirmingLogout && (
        <LogoutModal
          onCancel={() => setConfirmingLogout(false)}
          onConfirm={() => {
            setConfirmingLogout(false);
            onLogout();
          }}
        />
      )}
    </div>
  );
}
