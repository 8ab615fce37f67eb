/**
 * Answers a test asks for in place of a recipient's normal outcome (one use each): any VTpass code,
 * or a misbehaving network. `keep` is what the transaction becomes for later requeries.
 */

export type ScriptedStatus = "initiated" | "pending" | "delivered" | "failed" | "reversed";
export type ScriptedKeep = "delivered" | "pending" | "failed" | "reversed" | "none";

export type ScriptedAnswer =
  | {
      code: string;
      status?: ScriptedStatus;
      httpStatus?: number;
      keep?: ScriptedKeep;
      /** A delivered exam-PIN answer showing only its first so many PINs, as if VTpass lost the rest. */
      pins?: number;
    }
  | { kind: "non-json"; keep?: ScriptedKeep }
  | { kind: "drop"; keep?: ScriptedKeep }
  | { kind: "no-answer"; keep?: ScriptedKeep }
  | { kind: "hang"; keep?: ScriptedKeep }
  | { kind: "late"; afterMs: number; keep?: ScriptedKeep };

/** VTpass's words for each code it documents. */
export const vtpassDescriptions: Record<string, string> = {
  "000": "TRANSACTION SUCCESSFUL",
  "010": "VARIATION CODE DOES NOT EXIST",
  "011": "INVALID ARGUMENTS",
  "012": "PRODUCT DOES NOT EXIST",
  "013": "BELOW MINIMUM AMOUNT ALLOWED",
  "014": "REQUEST ID ALREADY EXIST",
  "015": "INVALID REQUEST ID",
  "016": "TRANSACTION FAILED",
  "017": "ABOVE MAXIMUM AMOUNT ALLOWED",
  "018": "LOW WALLET BALANCE",
  "019": "LIKELY DUPLICATE TRANSACTION",
  "021": "YOUR ACCOUNT IS LOCKED",
  "022": "YOUR ACCOUNT IS SUSPENDED",
  "023": "API ACCESS NOT ENABLE FOR USER",
  "024": "YOUR ACCOUNT IS INACTIVE",
  "025": "RECIPIENT BANK INVALID",
  "026": "RECIPIENT ACCOUNT COULD NOT BE VERIFIED",
  "027": "IP NOT WHITELISTED, CONTACT SUPPORT",
  "028": "PRODUCT IS NOT WHITELISTED ON YOUR ACCOUNT",
  "030": "BILLER NOT REACHABLE AT THIS POINT",
  "031": "BELOW MINIMUM QUANTITY ALLOWED",
  "032": "ABOVE MAXIMUM QUANTITY ALLOWED",
  "034": "SERVICE SUSPENDED",
  "035": "SERVICE INACTIVE",
  "040": "TRANSACTION REVERSAL",
  "044": "TRANSACTION RESOLVED",
  "083": "OOPS!!! SYSTEM ERROR",
  "085": "IMPROPER REQUEST ID",
  "087": "INVALID CREDENTIALS",
  "089": "REQUEST IS BEING PROCESSED",
  "091": "TRANSACTION NOT PROCESSED",
  "099": "TRANSACTION IS PROCESSING",
};

/** VTpass's HTTP status for a code: bad keys are 401, everything else 200. */
export const httpStatusOf = (code: string) => (code === "087" ? 401 : 200);

/** Codes VTpass answers before it creates any transaction. */
const refusedBeforeTransaction = new Set([
  "018",
  "021",
  "022",
  "023",
  "024",
  "025",
  "026",
  "027",
  "028",
  "085",
  "087",
]);
/** Codes that say the purchase did not happen. */
const definiteFailures = new Set([
  "010",
  "011",
  "012",
  "013",
  "016",
  "017",
  "030",
  "031",
  "032",
  "033",
  "034",
  "035",
  "091",
]);

/**
 * What a scripted answer leaves behind when the test does not say: a 000 keeps the status it showed;
 * a refusal before any transaction keeps nothing; a definite failure a failed transaction; 040 a
 * reversed one; anything else (014, 019, 083, 099, 089, unknown) was unclear but went through.
 */
export function keepOf(answer: ScriptedAnswer): ScriptedKeep | ScriptedStatus {
  if (answer.keep) return answer.keep;
  if (!("code" in answer)) return "delivered";
  if (answer.code === "000") return answer.status ?? "delivered";
  if (refusedBeforeTransaction.has(answer.code)) return "none";
  if (definiteFailures.has(answer.code)) return "failed";
  if (answer.code === "040") return "reversed";
  return "delivered";
}

/** Scripted answers waiting for their request, oldest first per key. */
export function createScriptBook() {
  const queues = new Map<string, ScriptedAnswer[]>();
  return {
    add(key: string, answer: ScriptedAnswer) {
      queues.set(key, [...(queues.get(key) ?? []), answer]);
    },
    take(key: string): ScriptedAnswer | undefined {
      const [first, ...rest] = queues.get(key) ?? [];
      if (rest.length > 0) queues.set(key, rest);
      else queues.delete(key);
      return first;
    },
  };
}
