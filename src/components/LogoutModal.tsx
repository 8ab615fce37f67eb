import { Modal } from "./Modal";

export const logoutQuestion = "You are about to log out. Do you want to proceed?";

export function LogoutModal({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  return (
    <Modal open title="Log out" onClose={onCancel} initialFocus=".button.secondary">
      <p>{logoutQuestion}</p>
      <div className="modal-actions">
        <button type="button" className="button secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button danger" onClick={onConfirm}>
          Log out
        </button>
      </div>
    </Modal>
  );
}
