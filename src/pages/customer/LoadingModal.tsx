import { Modal } from "../../components/Modal";

/**
 * A modal opened before its code has arrived (lazyPart's placeholder): its frame and title at once,
 * closable as any modal, with a labelled loading state until the content comes.
 */
export function LoadingModal({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <Modal open title={title} onClose={onClose}>
      <p role="status" className="muted">
        Loading…
      </p>
    </Modal>
  );
}
