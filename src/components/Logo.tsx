/** The OjaPay mark and name. `decorative` hides it from screen readers where a text label sits beside it. */
export function LogoMark({ size = 32, decorative = false }: { size?: number; decorative?: boolean }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={decorative ? undefined : "img"}
      aria-hidden={decorative || undefined}
      aria-label={decorative ? undefined : "OjaPay"}
    >
      <rect width="64" height="64" rx="14" fill="#1f7a3a" />
      <circle cx="32" cy="32" r="17" fill="none" stroke="#fff" strokeWidth="7" />
      <path d="M32 8v10M32 46v10" stroke="#f5c542" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}

export function Logo() {
  return (
    <span
      style={{ display: "inline-flex", alignItems: "center", gap: 8, fontWeight: 800, fontSize: "1.2rem" }}
    >
      <LogoMark decorative />
      <span>OjaPay</span>
    </span>
  );
}
