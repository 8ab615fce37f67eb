import { LogoMark } from "./Logo";
import "./spinner.css";

/**
 * The full-screen logo spinner shown while a page's code loads. The spec's spinner is green #4fa94d
 * in 100px and 80px variants.
 */
export function LogoSpinner({ size = 100, label = "Loading" }: { size?: 100 | 80; label?: string }) {
  return (
    <div className="logo-spinner" role="status" aria-live="polite">
      <div className="logo-spinner-ring" style={{ width: size, height: size }}>
        <LogoMark size={Math.round(size * 0.5)} decorative />
      </div>
      <span className="sr-only">{label}</span>
    </div>
  );
}
