import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod/mini";
import { pin } from "../../../schemas/common";
import type { LevelSlug } from "../../../schemas/levelSlugs";
import type { CustomerLevel, LevelUpgradeResult } from "../../../schemas/levelUpgrades";
import { ApiFailure } from "../../api/client";
import { useCustomerServices } from "../../app/AppServices";
import { useConfirmAction } from "../../app/useConfirmAction";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { TransactionPinField } from "../../components/TransactionPinField";
import { formatNaira } from "../../format/money";
import { schemaResolver } from "../../forms/schemaResolver";
import { showServerFieldErrors } from "../../forms/serverFieldErrors";

const pinForm = z.object({ pin });

/**
 * The upgrade's confirmation: the level, its fee and the wallet after, and the transaction PIN typed
 * in the dialog. confirmActionMachine keeps one request id per draft, so Try again after a lost
 * answer repeats the same request, which the server charges once. A wrong PIN is said under the
 * field, any other refusal (a short balance) in the dialog; Escape and Cancel close it unless the
 * request is out.
 */
export function LevelUpgradeModal({
  level,
  balance,
  hasPin,
  onUpgraded,
  onClose,
}: {
  level: CustomerLevel;
  balance: number | null;
  hasPin: boolean;
  onUpgraded: (result: LevelUpgradeResult) => void;
  onClose: () => void;
}) {
  const { customer } = useCustomerServices();
  const form = useForm({ resolver: schemaResolver(pinForm), defaultValues: { pin: "" } });
  const flow = useConfirmAction<{ level: LevelSlug; pin: string }, LevelUpgradeResult>({
    send: ({ draft, requestId }) => customer.upgradeLevel({ ...draft, request_id: requestId }),
    onDone: onUpgraded,
    onRefused: (error) => {
      showServerFieldErrors(error, form.setError, ["pin"]);
      // A 409 (the request id taken meanwhile) ends the attempt and the dialog with it.
      if (error instanceof ApiFailure && error.status === 409) onClose();
    },
  });
  // The dialog holds the draft's field, so it opens as the part mounts (a second call is ignored).
  const open = useRef(flow.edit);
  useEffect(() => open.current(), []);
  // Cancel and Escape end the flow and the section's choice together.
  const dialogFlow = {
    ...flow,
    cancel: () => {
      flow.cancel();
      onClose();
    },
  };
  const { state } = flow;

  const fee = level.upgrade_fee;
  // A refusal that names no PIN (the level is not above theirs any more) is said here, not under it.
  const refusal = state === "confirming" && flow.failure && !flow.failure.fields?.pin && flow.failure.message;
  return (
    <ConfirmDialog
      flow={dialogFlow}
      title={`Upgrade to ${level.name}`}
      confirmLabel={fee > 0 ? `Pay ${formatNaira(fee)}` : "Upgrade"}
      busyLabel="Upgrading…"
      onSubmit={form.handleSubmit((values) => flow.confirm({ level: level.slug, pin: values.pin }))}
    >
      <p>
        {fee > 0
          ? `${formatNaira(fee)} is paid once from your wallet, and your prices change at once.`
          : "This level has no fee: your prices change at once."}
      </p>
      {balance !== null && fee > 0 && (
        <p className="muted">
          Wallet balance {formatNaira(balance)}
          {balance >= fee ? `, ${formatNaira(balance - fee)} after.` : "."}
        </p>
      )}
      {!hasPin && (
        <p>You have no transaction PIN yet: close this and choose Reset Pin at the top of your profile.</p>
      )}
      <TransactionPinField error={form.formState.errors.pin?.message} {...form.register("pin")} />
      {refusal && (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
    </ConfirmDialog>
  );
}
