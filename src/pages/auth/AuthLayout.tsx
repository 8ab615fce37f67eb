import type { ReactNode } from "react";
import { Link } from "wouter";
import { Logo } from "../../components/Logo";
import "./auth.css";

/** The signed-out frame: what OjaPay is on one side, the form on the other (stacked on a phone). */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth-layout">
      <aside className="auth-brand">
        <Link href="~/" className="auth-home" aria-label="OjaPay home">
          <Logo />
        </Link>
        <p className="auth-tagline">Airtime, data, cable TV and electricity, paid from one wallet.</p>
        <ul className="auth-points">
          <li>Failed purchases are refunded to your wallet automatically.</li>
          <li>Every purchase is confirmed with your 4-digit PIN.</li>
          <li>Works on any phone with a browser.</li>
        </ul>
      </aside>
      <main id="main" className="auth-main">
        <div className="card auth-card">{children}</div>
      </main>
    </div>
  );
}
