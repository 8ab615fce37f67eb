import { randomBytes, randomInt } from "node:crypto";
import type { Clock } from "../../../clock";
import type { MsorgService } from "./msorgCatalogue";
import type { MsorgLedger, SimulatedRecord } from "./msorgLedger";
import {
  epinOutcomeFor,
  type MsorgOutcome,
  type MsorgStatus,
  outcomeFor,
  rechargeOutcomeFor,
  refusedWords,
} from "./msorgOutcomes";
import { type PurchaseOrder, readPurchase } from "./msorgPurchaseOrder";
import { recordBody } from "./msorgRecordBody";
import { jsonReply, type Reply } from "./msorgReplies";

/** An answer a test asks for in place of a recipient's normal outcome (one use each). */
export type MsorgScriptedAnswer =
  | { Status: MsorgStatus } // a record with that status (a processing one settles successful)
  | { pinsShort: true } // a successful `epin/` or `rechargepin/` record one card short
  | { httpStatus: number; body: unknown } // this answer, and no record
  | { kind: "non-json" | "no-answer" | "slow" }; // the purchase is made, its answer lost

const refusal = (words: string, status = 400): Reply => jsonReply(() => ({ error: [words] }), status);

/**
 * POST to a service's path: checks the body and the wallet as a vendor does, then answers by the
 * script waiting for the recipient, or by the recipient's outcome. Synchronous up to the reply.
 */
export function createPurchase(options: {
  ledger: MsorgLedger;
  clock: Clock;
  timeoutAnswerMs: number;
  takeScript: (recipient: string) => MsorgScriptedAnswer | undefined;
  isDown: () => boolean;
  onProcessing: (record: SimulatedRecord) => void;
}) {
  const { ledger, clock } = options;

  function make(service: MsorgService, order: PurchaseOrder, outcome: MsorgOutcome) {
    const record = ledger.create({
      ...order,
      id: ledger.nextId(),
      ident: `${clock.now().getTime()}${randomBytes(6).toString("hex")}`,
      service,
      balanceBeforeKobo: ledger.balance(),
      status: outcome.initial,
      settlesTo: outcome.settlesTo,
      settlesAtRequery: outcome.settlesAtRequery,
      requeries: 0,
      createdAt: clock.now().toISOString(),
      token: null,
      pins: null,
      ...(outcome.pinsShort && { pinsShort: true }),
    });
    if (record.status === "processing") options.onProcessing(record);
    const id = record.id;
    // A late answer tells the record as it stands when it is sent.
    return jsonReply(() => recordBody(ledger.get(id) ?? record), 201);
  }

  return function purchase(service: MsorgService, body: unknown): Reply {
    if (options.isDown()) return refusal("Service currently unavailable");
    const check = readPurchase(service, body);
    if ("refusal" in check) return refusal(check.refusal);
    const order = check.order;
    if (ledger.balance() < order.paidKobo)
      return refusal(`Insufficient balance, your current balance ₦${(ledger.balance() / 100).toFixed(2)}`);
    const script = options.takeScript(order.recipient);
    const normal =
      service === "epin"
        ? epinOutcomeFor(order.quantity ?? 1)
        : service === "rechargepin"
          ? rechargeOutcomeFor(order.quantity ?? 1)
          : outcomeFor(order.recipient);
    if (script && "httpStatus" in script) return jsonReply(() => script.body, script.httpStatus);
    const outcome: MsorgOutcome = !script
      ? normal
      : "Status" in script
        ? { answer: "record", initial: script.Status, settlesTo: "successful", settlesAtRequery: 2 }
        : "pinsShort" in script
          ? {
              answer: "record",
              initial: "successful",
              settlesTo: "successful",
              settlesAtRequery: null,
              pinsShort: true,
            }
          : { answer: script.kind, initial: "successful", settlesTo: "successful", settlesAtRequery: null };
    if (outcome.answer === "refused") return refusal(refusedWords);
    const answer = make(service, order, outcome);
    switch (outcome.answer) {
      case "record":
        return answer;
      case "slow":
        return { kind: "late", afterMs: options.timeoutAnswerMs, reply: answer };
      case "non-json":
      case "no-answer":
        return { kind: outcome.answer };
    }
  };
}

const digitsOf = (length: number) => Array.from({ length }, () => randomInt(0, 10)).join("");

/**
 * An `epin/` or `rechargepin/` record's cards when it succeeds, one fewer than bought for a record
 * made short: an exam's 12-digit PIN and a serial, or a recharge card's 16-digit PIN and 11-digit
 * serial, as the networks print them.
 */
export function cardsOf(record: SimulatedRecord): SimulatedRecord["pins"] {
  if (record.service !== "epin" && record.service !== "rechargepin") return null;
  const count = (record.quantity ?? 1) - (record.pinsShort ? 1 : 0);
  const exam = record.service === "epin";
  return Array.from({ length: count }, () => ({
    pin: digitsOf(exam ? 12 : 16),
    serial: exam ? `${record.recipient.slice(0, 2)}${digitsOf(10)}` : digitsOf(11),
  }));
}

/** A prepaid meter's token when its record succeeds: 20 digits, and the kWh its value buys. */
export function prepaidTokenOf(record: SimulatedRecord): SimulatedRecord["token"] {
  if (record.service !== "billpayment" || record.meterType !== 1) return null;
  const digits = Array.from({ length: 20 }, () => randomInt(0, 10)).join("");
  return { digits, units: (record.amountKobo / 100 / 209.5).toFixed(1) };
}
