import { useRef } from "react";
import type { ShownOnceKey } from "../../../../schemas/webhookDeliveryViews";
import { Modal } from "../../../components/Modal";
import { TextAreaField } from "../../../components/TextAreaField";
import { CopySecretButton } from "./CopySecretButton";

/** One secret in a read-only box that wraps on a phone, with its copy button (which selects it when it cannot copy). */
function Secret({ label, value, what }: { label: string; value: string; what: string }) {
  const box = useRef<HTMLTextAreaElement>(null);
  const select = () => {
    box.current?.focus();
    box.current?.select();
  };
  return (
    <div className="shown-once">
      <TextAreaField
        ref={box}
        label={label}
        value={value}
        readOnly
        rows={2}
        spellCheck={false}
        className="mono"
      />
      <CopySecretButton text={value} what={what} select={select} />
    </div>
  );
}

/**
 * The new key and its webhook signing secret, the one time they are shown: the server keeps only the
 * key's hash and derives the secret, so neither can be shown again. Closing says nothing more is lost
 * than what the warning says.
 */
export function NewKeyModal({ created, onClose }: { created: ShownOnceKey; onClose: () => void }) {
  return (
    <Modal open title={`Your new key “${created.name}”`} onClose={onClose} initialFocus=".shown-once button">
      <p className="shown-once-warning" role="note">
        <strong>Copy both now: they are not shown again.</strong> We keep only a fingerprint of the key. If
        you lose it, revoke it and make another.
      </p>
      <Secret label="API key" value={created.key} what="key" />
      <Secret label="Webhook signing secret" value={created.signing_secret} what="signing secret" />
      <p className="muted">Keep them on your server, never in a web page or an app people download.</p>
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          I have copied them
        </button>
      </div>
    </Modal>
  );
}
