import { useCallback, useState } from "react";
import type { PurchaseSms, SmsState } from "../../../../schemas/sms";
import type { Transaction } from "../../../../schemas/transactions";
import { ApiFailure } from "../../../api/client";
import { useCustomerServices } from "../../../app/AppServices";
import { useLoad } from "../../../app/useLoad";
import { groupToken } from "../../../components/TokenBox";
import { formatLagosClock } from "./formatLagosClock";
import "./sms.css";

const stateWords: Record<SmsState, string> = {
  queued: "SMS on its way",
  sent: "SMS sent",
  delivered: "SMS delivered",
  dnd: "SMS not delivered: the phone has Do-Not-Disturb on",
  failed: "SMS not delivered",
  expired: "SMS not delivered: the phone was unreachable",
  unclear: "SMS not confirmed",
  gave_up: "SMS could not be sent",
};

/** What the receipt says of the purchase's SMS, in one line. */
function smsLine(view: PurchaseSms): string {
  if (!view.sms_on) return "By email only: this OjaPay does not send SMS.";
  if (!view.sms) return "No SMS for this purchase.";
  const since = view.sms.state === "queued" ? " since" : "";
  return `${stateWords[view.sms.state]}${since} ${formatLagosClock(view.sms.at)}`;
}

/** A purchase's SMS on its receipt, and "Resend token" for a prepaid token (three a day). */
export function ReceiptSms({ transaction }: { transaction: Transaction }) {
  const { customer } = useCustomerServices();
  const reference = transaction.reference;
  const loaded = useLoad(
    useCallback(async () => (await customer.sms()).ofPurchase(reference), [customer, reference]),
  );
  const [view, setView] = useState<PurchaseSms | null>(null);
  const [said, setSaid] = useState<{ text: string; refused: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = view ?? (loaded.state === "ready" ? loaded.data : null);

  async function resend() {
    setBusy(true);
    setSaid(null);
    try {
      const next = await (await customer.sms()).resendToken(reference);
      setView(next);
      setSaid({ text: "Your token is on its way by SMS again.", refused: false });
    } catch (error) {
      if (error instanceof ApiFailure) error.showOnScreen();
      setSaid({
        text: error instanceof ApiFailure ? error.msg : "The token could not be resent.",
        refused: true,
      });
    } finally {
      setBusy(false);
    }
  }

  if (loaded.state === "failed") return null;
  if (!shown) return <p className="receipt-sms muted">Checking the SMS…</p>;
  return (
    <>
      {shown.kcts?.length === 2 && (
        <section className="receipt-kcts" aria-label="Key change tokens">
          <p>Your meter needs its key change tokens first: type KCT1, then KCT2, then the token.</p>
          <dl>
            {shown.kcts.map((kct, i) => (
              <div key={kct}>
                <dt>KCT{i + 1}</dt>
                <dd className="mono">{groupToken(kct)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <SmsLine view={shown} transaction={transaction} busy={busy} said={said} onResend={resend} />
    </>
  );
}

function SmsLine({
  view: shown,
  transaction,
  busy,
  said,
  onResend: resend,
}: {
  view: PurchaseSms;
  transaction: Transaction;
  busy: boolean;
  said: { text: string; refused: boolean } | null;
  onResend: () => void;
}) {
  return (
    <section className="receipt-sms" aria-label="SMS">
      <p>{smsLine(shown)}</p>
      {transaction.token && shown.sms_on && (
        <div className="receipt-sms-resend">
          <button
            type="button"
            className="button secondary"
            onClick={resend}
            disabled={busy || !shown.can_resend_token}
          >
            Resend token
          </button>
          <span className="muted">
            {shown.resends_left === 1 ? "1 resend left today" : `${shown.resends_left} resends left today`}
          </span>
        </div>
      )}
      {said && (
        <p role={said.refused ? "alert" : "status"} className={said.refused ? "field-error" : "muted"}>
          {said.text}
        </p>
      )}
    </section>
  );
}
