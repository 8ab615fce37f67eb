import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod/mini";
import { identityTypeName } from "../../../schemas/kyc";
import { identityCodeBody } from "../../../schemas/kycRequests";
import type { KycStatus } from "../../../schemas/kycStatus";
import { waitWords } from "../../../schemas/waits";
import { ApiFailure } from "../../api/client";
import { useCustomerServices } from "../../app/AppServices";
import { useOnce } from "../../app/useOnce";
import { Modal } from "../../components/Modal";
import { TextField } from "../../components/TextField";
import { formatDateTime } from "../../format/formatDateTime";
import { fieldOf } from "../../forms/fieldOf";
import { schemaResolver } from "../../forms/schemaResolver";
import { ModalFormActions, showServerRefusal } from "./ModalFormActions";

type CodeForm = z.input<typeof identityCodeBody>;
const whose = { bvn: "your bank holds for your BVN", nin: "on your NIN record" } as const;

const secondsUntil = (iso: string | null) =>
  iso ? Math.max(0, Math.ceil((Date.parse(iso) - Date.now()) / 1000)) : 0;

/** Seconds until `iso`, counted down each second while there are any left. */
function useSecondsUntil(iso: string | null): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(iso));
  useEffect(() => {
    setSeconds(secondsUntil(iso));
    const timer = setInterval(() => setSeconds(secondsUntil(iso)), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  return seconds;
}

/**
 * The step after a matched check: the 6-digit code the registry's phone received (the masked phone
 * says where it went), with Resend once the server's wait is over. Five wrong codes end it, and the
 * customer checks again; the right one answers the new status (tier 2).
 */
export function IdentityCodeModal({
  status,
  onAnswered,
  onStatus,
  onClose,
}: {
  status: KycStatus;
  onAnswered: (status: KycStatus) => void;
  /** A new code was sent (a new expiry and wait), or the code ended: the status to show now. */
  onStatus: (status: KycStatus) => void;
  onClose: () => void;
}) {
  const { customer } = useCustomerServices();
  const waiting = status.confirmation;
  const form = useForm<CodeForm, unknown, z.output<typeof identityCodeBody>>({
    resolver: schemaResolver(identityCodeBody),
    defaultValues: { code: "" },
  });
  const [refusal, setRefusal] = useState("");
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState("");
  const once = useOnce();
  const sending = form.formState.isSubmitting;
  const wait = useSecondsUntil(waiting?.resend_at ?? null);

  const submit = form.handleSubmit((body) =>
    once(async () => {
      setRefusal("");
      setResent("");
      try {
        onAnswered(await customer.confirmIdentityCode(body));
      } catch (error) {
        showServerRefusal(error, form.setError, ["code"], setRefusal);
        // Five wrong codes ended it: the profile must say so, and offer a new check.
        if (error instanceof ApiFailure && error.status === 423) onStatus(await customer.kyc());
      }
    }),
  );

  const resend = async () => {
    setRefusal("");
    setResending(true);
    try {
      const next = await customer.resendIdentityCode();
      onStatus(next);
      setResent(`A new code was sent to ${next.confirmation?.phone ?? "the same phone"}.`);
      form.resetField("code");
    } catch (error) {
      setRefusal(error instanceof ApiFailure ? error.msg : "Something went wrong. Please try again.");
    } finally {
      setResending(false);
    }
  };

  if (waiting?.state !== "awaiting_code") return null;
  const busy = sending || resending;
  return (
    <Modal key="code" open title="Enter the code" onClose={() => !busy && onClose()} initialFocus="input">
      <p>
        We sent a 6-digit code by text message to <strong className="masked-phone">{waiting.phone}</strong>,
        the phone {whose[waiting.id_type]} ({identityTypeName[waiting.id_type]} •••••••{waiting.id_last4}).
        Your tier rises once you enter it.
      </p>
      {waiting.expires_at && <p className="muted">It works until {formatDateTime(waiting.expires_at)}.</p>}
      <form noValidate onSubmit={submit}>
        <TextField
          label="Code from the text message"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          readOnly={busy}
          {...fieldOf(form, "code")}
        />
        <p className="resend-code">
          <button type="button" className="link-button" onClick={resend} disabled={busy || wait > 0}>
            {resending ? "Sending…" : "Resend code"}
          </button>{" "}
          {wait > 0 && <span className="muted">You can ask for a new code in {waitWords(wait * 1000)}.</span>}
        </p>
        {resent && (
          <p role="status" className="muted">
            {resent}
          </p>
        )}
        <ModalFormActions
          refusal={refusal}
          busy={busy}
          onCancel={onClose}
          label="Confirm"
          busyLabel="Confirming…"
        />
      </form>
    </Modal>
  );
}
