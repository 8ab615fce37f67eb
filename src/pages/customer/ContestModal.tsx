import { type IdentityType, identityTypeName } from "../../../schemas/kyc";
import type { KycStatus } from "../../../schemas/kycStatus";
import { Modal } from "../../components/Modal";
import { ContestForm } from "./ContestForm";

/** The contest from the profile, after Verify Details answered that the number is linked elsewhere. */
export function ContestModal({
  idType,
  onAnswered,
  onClose,
}: {
  idType: IdentityType;
  onAnswered: (status: KycStatus) => void;
  onClose: () => void;
}) {
  const name = identityTypeName[idType];
  return (
    <Modal open title="This number is mine" onClose={onClose}>
      <p>
        The registry says this {name} is yours, but it is linked to another OjaPay account. Enter it again and
        staff will look into who it belongs to.
      </p>
      <ContestForm idType={idType} onAnswered={onAnswered} onCancel={onClose} />
    </Modal>
  );
}
