import type { VtpassLedger } from "./vtpassLedger";
import { requestIdOf } from "./vtpassPayment";
import { jsonReply, lateReply, type Reply } from "./vtpassReplies";
import { type createScriptBook, httpStatusOf, type ScriptedAnswer } from "./vtpassScripts";
import type { VtpassSettlement } from "./vtpassSettlement";
import { codedBody, refusalBody, requeryBody } from "./vtpassTransactionBodies";

/**
 * POST /api/requery: the transaction's state now, always 000 (015 for an id VTpass never kept).
 * Every requery counts, and the count can settle a pending transaction. A scripted answer for the
 * id replaces the answer; it moves the transaction only when it says so (`keep`, or a 000 status).
 */
export function createRequery(options: {
  ledger: VtpassLedger;
  settlement: VtpassSettlement;
  scripts: ReturnType<typeof createScriptBook>;
}) {
  const { ledger, settlement, scripts } = options;

  function scriptedReply(requestId: string, script: ScriptedAnswer): Reply {
    const move = script.keep ?? ("code" in script && script.code === "000" ? script.status : undefined);
    if (move && move !== "none" && ledger.get(requestId))
      void settlement.changeStatus(requestId, move).catch(() => {});
    const now = () => ledger.get(requestId);
    if ("code" in script) {
      const code = script.code;
      const status = script.httpStatus ?? httpStatusOf(code);
      const shown = script.status;
      return jsonReply(
        () => codedBody(now(), code, shown ?? now()?.status ?? "delivered", script.pins),
        status,
      );
    }
    if (script.kind === "late") {
      return lateReply(
        script.afterMs,
        jsonReply(() => answerFor(requestId)),
      );
    }
    return { kind: script.kind };
  }

  const answerFor = (requestId: string) => {
    const transaction = ledger.get(requestId);
    return transaction ? requeryBody(transaction) : refusalBody("015");
  };

  return function requery(body: unknown): Reply {
    const requestId = requestIdOf(body);
    if (requestId === undefined) return jsonReply(() => refusalBody("011"));
    settlement.countRequery(requestId);
    const script = scripts.take(requestId);
    if (script) return scriptedReply(requestId, script);
    return jsonReply(() => answerFor(requestId));
  };
}
