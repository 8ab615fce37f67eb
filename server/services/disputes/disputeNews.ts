import { formatNaira } from "../../../schemas/money";
import type { Clock } from "../../clock";
import type { Transaction } from "../../db/database";
import type { users } from "../../db/schema";
import { enqueueMail } from "../../mail/outbox";
import type { SmsSettings } from "../../outside/termii/termiiSettings";
import { noticeToCustomer } from "../notices/customerNotices";
import { queueSms } from "../sms/smsOutbox";
import type { TransactionRow } from "../transactions/transactionRecords";
import type { DisputeRow } from "./disputeViews";

type Customer = Pick<typeof users.$inferSelect, "id" | "email" | "firstName" | "phone">;

/** What the customer is told of a dispute's outcome, by outcome. */
function outcomeWords(dispute: DisputeRow, purchase: TransactionRow, redelivery: string | null): string {
  const money = formatNaira(purchase.total);
  switch (dispute.status) {
    case "closed_by_requery":
      return `The provider now says it did not deliver; ${money} is back in your wallet.`;
    case "resolved_refund":
      return `We refunded ${money} to your wallet.`;
    case "resolved_redeliver":
      return `We sent it again at our cost${redelivery ? ` (${redelivery})` : ""}.`;
    case "rejected":
      return `We looked into it and the provider delivered it${dispute.note ? `: ${dispute.note}` : "."}`;
    case "open":
      return "Staff are looking into it.";
  }
}

/**
 * Tells the customer how their report ended, in the transaction that ended it: a notice in their
 * inbox, an email and (once SMS is set up) a text; each leaves through its outbox after the commit.
 */
export async function tellDisputeOutcome(
  tx: Transaction,
  deps: { clock: Clock; config: { totpKey: Buffer; sms: SmsSettings | null } },
  customer: Customer,
  dispute: DisputeRow,
  purchase: TransactionRow,
  redelivery: string | null = null,
) {
  const words = outcomeWords(dispute, purchase, redelivery);
  const about = `${purchase.description} (${purchase.reference})`;
  await noticeToCustomer(tx, deps.clock, customer.id, {
    title: "Your reported problem was answered",
    body: `About ${about}: ${words}`,
  });
  await enqueueMail(tx, deps, {
    kind: "dispute_outcome",
    to: customer.email,
    subject: "Your reported problem was answered",
    text: `Hello ${customer.firstName},\n\nYou reported a problem with ${about}. ${words}\n\nOjaPay\n`,
    secret: false,
  });
  // Nothing is queued without SMS settings: the email above is then the only word.
  await queueSms(tx, deps, {
    userId: customer.id,
    to: customer.phone,
    text: `OjaPay: your report on ${purchase.reference} was answered. ${words}`,
    purpose: "dispute",
    transactionId: purchase.id,
  });
}
