import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { Logo } from "./Logo";
import { LogoutModal } from "./LogoutModal";
import { useShownAboveTopBar } from "./shownAboveTopBar";
import "./signedIn.css";

export interface NavItem {
  href: string;
  label: string;
}

/**
 * The frame of the customer and admin areas: a sidebar that folds away behind a menu button on a
 * phone, a top bar, and the logout confirmation. `wide` lets the page use the whole width (the
 * console's tables); otherwise it keeps to a readable measure.
 */
export function SignedInLayout({
  nav,
  navLabel,
  topRight,
  sidebarFooter,
  onLogout,
  wide = false,
  children,
}: {
  nav: readonly NavItem[];
  navLabel: string;
  topRight?: ReactNode;
  sidebarFooter?: ReactNode;
  onLogout: () => void;
  wide?: boolean;
  children: ReactNode;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const [location] = useLocation();
  const navId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const topBar = useRef<HTMLElement>(null);
  useShownAboveTopBar(frame, topBar);

  // A phone's menu closes once a page is chosen.
  useEffect(() => {
    void location;
    setMenuOpen(false);
  }, [location]);

  const closeMenu = () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  // Escape closes the open menu from its button or from inside it, and focus goes back to the button.
  const onKeyDown = (event: KeyboardEvent) => menuOpen && event.key === "Escape" && closeMenu();

  return (
    <div ref={frame} className={`signed-in ${menuOpen ? "menu-open" : ""}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header ref={topBar} className="topbar">
        <button
          ref={menuButton}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((open) => !open)}
          onKeyDown={onKeyDown}
        >
          <span className="sr-only">Menu</span>
        </button>
        <Logo />
        <div className="topbar-right">{topRight}</div>
      </header>
      <nav id={navId} className="sidebar" aria-label={navLabel} onKeyDown={onKeyDown}>
        <div className="sidebar-panel">
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
          <div className="sidebar-end">
            <button type="button" className="sidebar-logout" onClick={() => setConfirmingLogout(true)}>
              Log out
            </button>
            {sidebarFooter && <div className="sidebar-footer">{sidebarFooter}</div>}
          </div>
        </div>
      </nav>
      {menuOpen && <button type="button" className="scrim" aria-label="Close menu" onClick={closeMenu} />}
      <main id="main" className={`signed-in-main ${wide ? "wide" : ""}`} tabIndex={-1}>
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
