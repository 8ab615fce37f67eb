import { salesPausedMessage } from "../../schemas/status";
import "./emergencyBanner.css";

/**
 * Emergency mode as customers see it, in one place: the dashboard and every purchase wizard show it
 * above everything else, with the admin's words (or the fallback when they left none).
 */
export function EmergencyBanner({ message }: { message: string }) {
  return (
    <div className="emergency-banner" role="alert">
      {salesPausedMessage(message)}
    </div>
  );
}
