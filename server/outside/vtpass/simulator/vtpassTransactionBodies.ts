import { vtpassService, vtpassTransactionType } from "./vtpassCatalogue";
import { examPinFields } from "./vtpassExamPins";
import { vtpassTimestamp } from "./vtpassLagosTime";
import type { SimulatedTransaction, VtpassStatus } from "./vtpassLedger";
import { personFor } from "./vtpassPeople";
import { prepaidTokenFields } from "./vtpassPrepaidToken";
import { vtpassDescriptions } from "./vtpassScripts";

/** The JSON bodies VTpass answers pay and requery with, built from a transaction. */

const naira = (kobo: number) => Math.round(kobo) / 100;

export const statusDescriptions: Record<VtpassStatus, string> = {
  delivered: "TRANSACTION SUCCESSFUL",
  initiated: "TRANSACTION PROCESSING - PENDING",
  pending: "TRANSACTION PROCESSING - PENDING",
  failed: "TRANSACTION FAILED",
  reversed: "TRANSACTION REVERSED",
};

/** A code alone, as VTpass answers a request it refused. */
export function refusalBody(code: string): Record<string, unknown> {
  return { code, response_description: vtpassDescriptions[code] ?? "UNKNOWN ERROR" };
}

/**
 * The full answer about a transaction: `code` with `status` shown in content.transactions (which may
 * differ from what the transaction holds, for scripted answers), and the token of a delivered
 * prepaid meter or the PINs of delivered exam PINs at the top level, where VTpass puts them.
 * `pinsShown` shows only the first so many PINs (a scripted answer that lost some).
 */
export function transactionBody(
  transaction: SimulatedTransaction,
  code: string,
  status: VtpassStatus,
  pinsShown?: number,
): Record<string, unknown> {
  const description =
    code === "000" ? statusDescriptions[status] : (vtpassDescriptions[code] ?? "UNKNOWN ERROR");
  const service = vtpassService(transaction.serviceID);
  const isElectricity = transaction.kind === "electricity";
  const customer = personFor(transaction.recipient);
  const token = status === "delivered" ? transaction.token : null;
  const pins = status === "delivered" ? transaction.examPins?.slice(0, pinsShown) : undefined;
  return {
    code,
    content: {
      transactions: {
        status,
        product_name: service?.productName ?? transaction.serviceID,
        unique_element: transaction.recipient,
        unit_price: naira(transaction.unitPriceKobo),
        quantity: transaction.quantity,
        service_verification: null,
        channel: "api",
        commission: naira(transaction.commissionKobo),
        total_amount: naira(transaction.totalKobo),
        discount: null,
        type: vtpassTransactionType[transaction.kind],
        email: "sandbox@vtpass.com",
        phone: transaction.phone,
        name: isElectricity ? customer.name : null,
        convinience_fee: 0,
        amount: naira(transaction.amountKobo),
        platform: "api",
        method: "api",
        transactionId: transaction.transactionId,
      },
    },
    response_description: description,
    requestId: transaction.requestId,
    amount: naira(transaction.amountKobo),
    transaction_date: vtpassTimestamp(transaction.createdAt),
    purchased_code: "",
    ...(token && prepaidTokenFields(transaction.serviceID, token, transaction.amountKobo, customer)),
    ...(pins && examPinFields(transaction.serviceID, pins)),
  };
}

/** A requery's answer: always 000, with the transaction's state now. */
export function requeryBody(transaction: SimulatedTransaction): Record<string, unknown> {
  return transactionBody(transaction, "000", transaction.status);
}

/** Codes whose answer still describes the transaction, and the status it shows. */
const codesAboutTheTransaction: Record<string, VtpassStatus> = {
  "099": "pending",
  "089": "pending",
  "016": "failed",
  "040": "reversed",
};

/**
 * The body of an answer with `code`: a 000 shows the transaction with `shown` status; processing,
 * failure and reversal codes show it too; any other code (or no transaction) is the code alone.
 */
export function codedBody(
  transaction: SimulatedTransaction | undefined,
  code: string,
  shown: VtpassStatus,
  pinsShown?: number,
): Record<string, unknown> {
  if (!transaction) return refusalBody(code);
  if (code === "000") return transactionBody(transaction, code, shown, pinsShown);
  const status = codesAboutTheTransaction[code];
  return status ? transactionBody(transaction, code, status) : refusalBody(code);
}
