import { useMachine } from "@xstate/react";
import { useId } from "react";
import { emergencyNotice } from "../../../schemas/admin";
import { useAdminServices } from "../../app/AppServices";
import { Modal } from "../../components/Modal";
import { formatDateTime } from "../../format/formatDateTime";
import { SchemaForm } from "../../forms/SchemaForm";
import "./console.css";

/**
 * The emergency switch on the admin dashboard, driven by emergencyModeMachine. The status line is the
 * server's own words (the msg of sys.admin/emergency-mode/), so the panel never claims a state the
 * server has not confirmed.
 */
export default function EmergencyPanel() {
  const { emergencyModeLogic, inspect } = useAdminServices();
  const [snapshot, send] = useMachine(emergencyModeLogic, inspect ? { inspect } : {});
  const headingId = useId();
  const { reading, pending, error } = snapshot.context;
  const isOn = reading?.status.enabled === true;
  const asking = snapshot.matches("confirming") || snapshot.matches("switching");
  const switching = snapshot.matches("switching");

  return (
    <section
      className={`card emergency-panel ${isOn ? "emergency-on" : ""}`}
      aria-labelledby={headingId}
      aria-busy={snapshot.matches("loading") || switching}
    >
      <h2 id={headingId}>Emergency mode</h2>
      {snapshot.matches("loading") && (
        <p role="status" className="muted">
          Checking emergency mode…
        </p>
      )}
      {snapshot.matches("failed") && (
        <div className="load-failed" role="alert">
          <p>{error}</p>
          <button type="button" className="button" onClick={() => send({ type: "emergency.retry" })}>
            Check again
          </button>
        </div>
      )}
      {reading && !snapshot.matches("loading") && !snapshot.matches("failed") && (
        <>
          <p role="status" className="emergency-status">
            <strong>{reading.text}</strong>
          </p>
          {reading.status.updated_at && reading.status.updated_by && (
            <p className="muted">
              Switched by {reading.status.updated_by.email} on {formatDateTime(reading.status.updated_at)}.
            </p>
          )}
        </>
      )}
      {(snapshot.matches("on") || (asking && isOn)) && reading && (
        <>
          <p>Customers see this and cannot buy or fund their wallets:</p>
          <blockquote className="emergency-message">{reading.status.message}</blockquote>
          <button
            type="button"
            className="button"
            disabled={asking}
            onClick={() => send({ type: "emergency.switchOff" })}
          >
            Turn emergency mode off
          </button>
        </>
      )}
      {(snapshot.matches("off") || (asking && !isOn)) && (
        <>
          <p className="muted">
            Turning it on stops every purchase and wallet funding at once, and shows customers your message.
          </p>
          <SchemaForm
            schema={emergencyNotice}
            submitLabel="Turn emergency mode on"
            disabled={asking}
            onSubmit={({ message }) => {
              send({ type: "emergency.switchOn", message });
            }}
          />
        </>
      )}
      <Modal
        open={asking}
        title={pending?.enabled ? "Turn emergency mode on?" : "Turn emergency mode off?"}
        // While the switch is out, closing would hide the outcome; Escape waits for the answer.
        onClose={() => !switching && send({ type: "emergency.cancel" })}
      >
        {pending?.enabled ? (
          <>
            <p>Every purchase and wallet funding stops at once. Customers will see:</p>
            <blockquote className="emergency-message">{pending.message}</blockquote>
          </>
        ) : (
          <p>Customers can buy and fund their wallets again at once.</p>
        )}
        <div className="modal-actions">
          <button
            type="button"
            className="button secondary"
            disabled={switching}
            onClick={() => send({ type: "emergency.cancel" })}
          >
            Cancel
          </button>
          <button
            type="button"
            className={`button ${pending?.enabled ? "danger" : ""}`}
            disabled={switching}
            onClick={() => send({ type: "emergency.confirm" })}
          >
            {switching ? "Switching…" : pending?.enabled ? "Turn it on" : "Turn it off"}
          </button>
        </div>
      </Modal>
    </section>
  );
}
