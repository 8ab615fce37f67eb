import { useGlobalLoadingOn } from "./globalLoading";
import { LogoMark } from "./Logo";
import "./spinner.css";

/** Covers the screen while global loading is on, so a second tap cannot start the same work twice. */
export function LoadingOverlay() {
  const on = useGlobalLoadingOn();
  if (!on) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite" data-testid="loading-overlay">
      <div className="logo-spinner-ring" style={{ width: 80, height: 80 }}>
        <LogoMark size={40} decorative />
      </div>
      <span className="sr-only">Working…</span>
    </div>
  );
}
