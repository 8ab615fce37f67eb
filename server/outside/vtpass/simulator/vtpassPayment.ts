import { randomInt } from "node:crypto";
import type { Clock } from "../../../clock";
import { newExamPins } from "./vtpassExamPins";
import { isProperRequestId } from "./vtpassLagosTime";
import type { SimulatedTransaction, VtpassLedger, VtpassStatus } from "./vtpassLedger";
import { type PayAnswerStyle, type PayOutcome, payOutcomeOf } from "./vtpassOutcomes";
import { type PayOrder, readPayOrder } from "./vtpassPayOrder";
import { jsonReply, lateReply, type Reply } from "./vtpassReplies";
import { type createScriptBook, httpStatusOf, keepOf, type ScriptedAnswer } from "./vtpassScripts";
import type { VtpassSettlement } from "./vtpassSettlement";
import { codedBody, refusalBody, transactionBody } from "./vtpassTransactionBodies";

/** A request id read leniently: VTpass takes a number too. */
export function requestIdOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || !("request_id" in body)) return undefined;
  const id = body.request_id;
  return typeof id === "string" || typeof id === "number" ? String(id) : undefined;
}

/** VTpass's transactionId: a long run of digits, unique enough for anyone reading it. */
const newTransactionId = (now: Date) => `${now.getTime()}${String(randomInt(0, 1e12)).padStart(12, "0")}`;

/**
 * POST /api/pay: checks the request as VTpass does (request id, product, fields, amount, the
 * merchant's wallet), then answers by a scripted answer if one waits for the order's trigger number
 * (the recipient, or an exam PIN's phone), or else by that number's outcome. Synchronous up to the
 * reply, so two requests with one id cannot race.
 */
export function createPayment(options: {
  ledger: VtpassLedger;
  settlement: VtpassSettlement;
  scripts: ReturnType<typeof createScriptBook>;
  clock: Clock;
  timeoutAnswerMs: number;
}) {
  const { ledger, settlement, scripts, clock } = options;
  const refuse = (code: string): Reply => jsonReply(() => refusalBody(code), httpStatusOf(code));
  const current = (draft: SimulatedTransaction) => ledger.get(draft.requestId) ?? draft;

  function draftOf(requestId: string, order: PayOrder, now: Date): SimulatedTransaction {
    return {
      requestId,
      transactionId: newTransactionId(now),
      serviceID: order.service.serviceID,
      kind: order.service.kind,
      recipient: order.recipient,
      trigger: order.trigger,
      phone: order.phone,
      variationCode: order.variationCode,
      quantity: order.quantity,
      unitPriceKobo: order.unitPriceKobo,
      amountKobo: order.amountKobo,
      commissionKobo: order.commissionKobo,
      totalKobo: order.totalKobo,
      status: "delivered",
      settlesTo: "delivered",
      settlesAtRequery: null,
      requeries: 0,
      createdAt: now.toISOString(),
      token: null,
      examPins:
        order.service.kind === "education" ? newExamPins(order.service.serviceID, order.quantity) : null,
    };
  }

  /** Keeps the transaction; a pending one settles, by default, as delivered. */
  function store(draft: SimulatedTransaction, status: VtpassStatus, outcome?: PayOutcome) {
    const transaction: SimulatedTransaction = {
      ...draft,
      status,
      settlesTo: outcome?.settlesTo ?? "delivered",
      settlesAtRequery: outcome?.settlesAtRequery ?? null,
    };
    ledger.create(transaction);
    settlement.scheduleSettling(transaction);
  }

  /** The usual answer for a transaction as it stands: 016 when failed, else 000 with its status. */
  const plainAnswer = (draft: SimulatedTransaction): Reply =>
    jsonReply(() => {
      const now = current(draft);
      return transactionBody(now, now.status === "failed" ? "016" : "000", now.status);
    });

  function outcomeReply(draft: SimulatedTransaction, style: PayAnswerStyle): Reply {
    switch (style) {
      case "delivered":
      case "pending":
      case "failed":
        return plainAnswer(draft);
      case "processing":
        return jsonReply(() => transactionBody(current(draft), "099", "pending"));
      case "timeout":
        return lateReply(options.timeoutAnswerMs, plainAnswer(draft));
      case "non-json":
      case "no-answer":
      case "hang":
        return { kind: style };
    }
  }

  function scriptedReply(draft: SimulatedTransaction, script: ScriptedAnswer): Reply {
    const keep = keepOf(script);
    if (keep !== "none") store(draft, keep);
    const stored = () => ledger.get(draft.requestId);
    if ("code" in script) {
      const status = script.httpStatus ?? httpStatusOf(script.code);
      return jsonReply(
        () => codedBody(stored() ?? draft, script.code, script.status ?? "delivered", script.pins),
        status,
      );
    }
    if (script.kind === "late") return lateReply(script.afterMs, plainAnswer(draft));
    return { kind: script.kind };
  }

  return function pay(body: unknown): Reply {
    const requestId = requestIdOf(body);
    if (requestId === undefined) return refuse("011");
    const now = clock.now();
    if (!isProperRequestId(requestId, now)) return refuse("085");
    if (ledger.get(requestId)) return refuse("014");
    const check = readPayOrder(body);
    if ("refusal" in check) return refuse(check.refusal);
    if (ledger.balance() < check.order.totalKobo) return refuse("018");

    const draft = draftOf(requestId, check.order, now);
    const script = scripts.take(check.order.trigger);
    // A late script without `keep` answers the recipient's normal outcome, only later.
    const lateOnly =
      script && "kind" in script && script.kind === "late" && !script.keep ? script : undefined;
    if (script && !lateOnly) return scriptedReply(draft, script);
    const outcome = payOutcomeOf(check.order);
    store(draft, outcome.initial, outcome);
    const reply = outcomeReply(draft, outcome.pay);
    return lateOnly ? lateReply(lateOnly.afterMs, reply) : reply;
  };
}
