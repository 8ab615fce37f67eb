import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { Logo } from "../../components/Logo";
import type { InfoPath } from "./infoPaths";
import "./public.css";

const headerLinks = [
  { href: "/", label: "Home" },
  { href: "/faqs", label: "FAQs" },
  { href: "/contact-support", label: "Support" },
] as const;

type FooterGroup = {
  heading: string;
  links: ReadonlyArray<{ href: InfoPath | "/developers"; label: string }>;
};

// The labels live here rather than coming from infoContent so the landing page does not download
// every page's text just to draw its footer. The unit test checks that every info path is listed.
export const footerGroups: readonly FooterGroup[] = [
  {
    heading: "Products",
    links: [
      { href: "/airtime-VTU", label: "Airtime" },
      { href: "/data-subscription", label: "Data bundles" },
      { href: "/cable-subscription", label: "Cable TV" },
      { href: "/bill-payment", label: "Electricity" },
      { href: "/payment-form", label: "Funding your wallet" },
    ],
  },
  {
    heading: "Company",
    links: [
      { href: "/about-us", label: "About OjaPay" },
      { href: "/faqs", label: "FAQs" },
      { href: "/contact-support", label: "Contact support" },
      { href: "/developers", label: "API for developers" },
    ],
  },
  {
    heading: "Coming soon",
    links: [
      { href: "/sch-pay", label: "School fees" },
      { href: "/unilorin-shuttle", label: "UNILORIN shuttle" },
      { href: "/dollar-card", label: "Dollar card" },
      { href: "/foreign-account", label: "Foreign account" },
      { href: "/digital-banking", label: "Digital banking" },
    ],
  },
];

/**
 * The frame of every signed-out page. `title` becomes the document title ("<title> · OjaPay");
 * without one the tab just says what OjaPay is.
 */
export function PublicLayout({ title, children }: { title?: string; children: ReactNode }) {
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const navId = useId();

  useEffect(() => {
    document.title = title ? `${title} · OjaPay` : "OjaPay: airtime, data, TV and electricity";
  }, [title]);

  // Every route mounts its page afresh, but the browser keeps the scroll position, so a footer link
  // would open the next page at its bottom. scrollTop because jsdom does not implement scrollTo.
  useEffect(() => {
    (document.scrollingElement ?? document.documentElement).scrollTop = 0;
  }, []);

  // Escape closes the open menu from anywhere, and focus goes back to the button that opened it.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <div className="public">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="public-header">
        <div className="container public-header-bar">
          <Link href="/" className="public-brand" onClick={closeMenu}>
            <Logo />
          </Link>
          <button
            ref={menuButton}
            type="button"
            className="public-menu-button"
            aria-expanded={menuOpen}
            aria-controls={navId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon open={menuOpen} />
            Menu
          </button>
          <nav id={navId} aria-label="Main" className={menuOpen ? "public-nav is-open" : "public-nav"}>
            <ul>
              {headerLinks.map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    aria-current={location === link.href ? "page" : undefined}
                    onClick={closeMenu}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <Link href="/auth/login" onClick={closeMenu}>
                  Sign in
                </Link>
              </li>
              <li>
                <Link href="/auth/register" className="button" onClick={closeMenu}>
                  Create account
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="public-main">
        {children}
      </main>
      <footer className="public-footer">
        <div className="container">
          <nav aria-label="Footer" className="public-footer-groups">
            {footerGroups.map((group) => (
              <div key={group.heading}>
                <h2 className="public-footer-heading">{group.heading}</h2>
                <ul>
                  {group.links.map((link) => (
                    <li key={link.href}>
                      <Link href={link.href}>{link.label}</Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
          <p className="public-footer-note">© 2026 OjaPay</p>
        </div>
      </footer>
    </div>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      {open ? (
        <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );
}
