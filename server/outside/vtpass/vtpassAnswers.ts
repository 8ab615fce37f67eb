import { z } from "zod";
import { lenient, scalarText } from "../lenientJson";
import type { OutsideReply } from "../outsideHttp";
import type { ProviderAlertKind, ProviderOrder, ProviderResult } from "../provider";
import { readKcts, readToken, readUnits } from "./electricityToken";
import { readExamPins } from "./examPins";

/**
 * VTpass's answers, read leniently (fields come as strings or numbers, `content` is sometimes an
 * empty array), and classified by the code table in docs/PROVIDERS.md: only a definite failure or
 * a reversal gives money back; every answer that is unclear leaves the purchase pending.
 */

const transactionDetail = z.looseObject({
  status: lenient(z.string()),
  transactionId: lenient(scalarText),
  product_name: lenient(z.string()),
  unique_element: lenient(scalarText),
});

export const vtpassAnswer = z.looseObject({
  code: lenient(scalarText.transform((code) => code.padStart(3, "0"))),
  response_description: lenient(z.string()),
  requestId: lenient(scalarText),
  content: lenient(
    z.looseObject({
      transactions: lenient(transactionDetail),
      error: lenient(z.string()),
      WrongBillersCode: lenient(z.boolean()),
    }),
  ),
  purchased_code: lenient(scalarText),
  token: lenient(scalarText),
  Token: lenient(scalarText),
  mainToken: lenient(scalarText),
  units: lenient(scalarText),
  Units: lenient(scalarText),
  mainTokenUnits: lenient(scalarText),
});
export type VtpassAnswer = z.infer<typeof vtpassAnswer>;

/** Codes that say, for certain, that the purchase did not happen and nothing was charged. */
const failureReasons: Record<string, string> = {
  "010": "The provider no longer sells this plan.",
  "011": "The provider refused the purchase's details.",
  "012": "The provider does not offer this product.",
  "013": "The amount is below the provider's smallest.",
  "016": "The provider could not complete this purchase.",
  "017": "The amount is above the provider's largest.",
  "025": "The provider refused the purchase's details.",
  "026": "The provider refused the purchase's details.",
  "030": "The provider cannot reach the biller right now.",
  "031": "The quantity is below the provider's smallest.",
  "032": "The quantity is above the provider's largest.",
  "034": "The provider has suspended this service for now.",
  "035": "This service is not active at the provider right now.",
  "091": "The provider did not process this purchase.",
};

/** Codes about the business's own VTpass account: the purchase failed, and staff must act. */
const accountCodes: Record<string, ProviderAlertKind> = {
  "018": "low_balance",
  "021": "account",
  "022": "account",
  "023": "account",
  "024": "account",
  "027": "account",
  "028": "account",
  "087": "account",
};
const unavailableForNow = "This service is not available right now.";

/**
 * Codes that prove VTpass kept nothing and will not deliver (docs/PROVIDERS.md, "What is safe to fail
 * over"): a purchase answered so may go to another provider. 031, 032 and 091 also fail the purchase,
 * but are not on the list, so they only refund.
 */
const safeToFailOver = new Set([
  "010",
  "011",
  "012",
  "013",
  "016",
  "017",
  "018",
  "021",
  "022",
  "023",
  "024",
  "025",
  "026",
  "027",
  "028",
  "030",
  "034",
  "035",
  "087",
]);
const movable = (code: string) => (safeToFailOver.has(code) ? { safeToFailOver: true as const } : {});

export function parseAnswer(reply: OutsideReply): VtpassAnswer | undefined {
  if (!reply.isJson) return undefined;
  const parsed = vtpassAnswer.safeParse(reply.json);
  return parsed.success ? parsed.data : undefined;
}

function noteOf(reply: OutsideReply, answer: VtpassAnswer | undefined): string {
  if (!answer) return `VTpass answered HTTP ${reply.httpStatus} with a body that is not JSON.`;
  const words = answer.response_description ? ` ${answer.response_description}` : "";
  const product = answer.content?.transactions?.product_name;
  return `VTpass ${answer.code ?? "(no code)"}${words}${product ? ` (${product})` : ""}`;
}

/**
 * What a delivery carries: exam PINs (never read as a token, which is kept in clear and listed), or
 * a prepaid meter's token and units.
 */
const kctsOf = (answer: VtpassAnswer) => readKcts(answer as Record<string, unknown>, answer.purchased_code);

function delivered(answer: VtpassAnswer, service: ProviderOrder["service"] | undefined) {
  if (service === "exam_pin") {
    const vouchers = readExamPins(answer);
    return vouchers.length > 0 ? { vouchers } : {};
  }
  return {
    ...withValue("token", readToken([answer.purchased_code, answer.token, answer.Token, answer.mainToken])),
    ...withValue("units", readUnits([answer.units, answer.Units, answer.mainTokenUnits])),
    ...(kctsOf(answer) && { kcts: kctsOf(answer) }),
  };
}

/** `000` carries the real state in content.transactions.status. */
function byTransactionStatus(
  answer: VtpassAnswer,
  base: { providerReference?: string; note: string },
  service: ProviderOrder["service"] | undefined,
): ProviderResult {
  const status = answer.content?.transactions?.status?.toLowerCase();
  switch (status) {
    case "delivered":
    case "successful":
    case "success":
      return { status: "successful", ...base, ...delivered(answer, service) };
    case "failed":
      return { status: "failed", ...base, reason: failureReasons["016"] as string, safeToFailOver: true };
    case "reversed":
      return { status: "reversed", ...base, reason: "The provider reversed this purchase." };
    default:
      // initiated, pending, processing, resolved, or something new: not an answer we can act on yet.
      return { status: "pending", ...base };
  }
}

const withValue = <K extends string>(key: K, value: string | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, string>>;

function common(reply: OutsideReply) {
  const answer = parseAnswer(reply);
  const providerReference = answer?.content?.transactions?.transactionId;
  return {
    answer,
    base: { ...withValue("providerReference", providerReference), note: noteOf(reply, answer) },
  };
}

/** What a purchase was sent as: an answer's record must be about it. */
export interface AskedAbout {
  requestId: string;
  /** The phone, smartcard or meter number, or a JAMB PIN's profile ID. */
  recipient: string;
  /** What was bought: an exam PIN's delivery carries PINs, not a token. */
  service?: ProviderOrder["service"];
}

/**
 * A record about another purchase (another request id, another number) is not this purchase's
 * answer, whatever it says: it stays pending, and staff are told (docs/PROVIDERS.md).
 */
function mismatchOf(
  answer: VtpassAnswer,
  base: { note: string },
  asked: AskedAbout | undefined,
): ProviderResult | null {
  if (!asked) return null;
  const about = answer.requestId;
  const recipient = answer.content?.transactions?.unique_element;
  const other =
    about !== undefined && about !== asked.requestId
      ? `request ${about}`
      : recipient !== undefined && recipient !== asked.recipient
        ? `number ${recipient}`
        : null;
  if (!other) return null;
  return {
    status: "pending",
    note: `${base.note}: the record is about ${other}, not this purchase`,
    alert: "mismatch",
  };
}

/**
 * `000` and `040` carry the transaction's own record, read alike on `pay` and `requery`: its state,
 * unless it is about another purchase. Null for the codes each call reads its own way.
 */
function recordAnswer(
  code: string,
  answer: VtpassAnswer,
  base: { providerReference?: string; note: string },
  asked: AskedAbout | undefined,
): ProviderResult | null {
  if (code !== "000" && code !== "040") return null;
  const mismatch = mismatchOf(answer, base, asked);
  if (mismatch) return mismatch;
  if (code === "000") return byTransactionStatus(answer, base, asked?.service);
  return { status: "reversed", ...base, reason: "The provider reversed this purchase." };
}

/** The answer to `pay`. */
export function classifyPayAnswer(reply: OutsideReply, asked?: AskedAbout): ProviderResult {
  const { answer, base } = common(reply);
  const code = answer?.code;
  if (!answer || !code) return { status: "pending", ...base };
  const record = recordAnswer(code, answer, base, asked);
  if (record) return record;
  const alert = accountCodes[code];
  if (alert) return { status: "failed", ...base, reason: unavailableForNow, alert, ...movable(code) };
  const reason = failureReasons[code];
  if (reason) return { status: "failed", ...base, reason, ...movable(code) };
  // 099/089 processing, 014 id reused, 019 likely duplicate, 083 system error, and anything else.
  return { status: "pending", ...base };
}

/**
 * The answer to `requery`. Only the transaction's own state counts here: a code about the request
 * (bad arguments, bad keys) says nothing about whether the purchase happened, so it stays pending
 * (with an alert, for the keys).
 */
export function classifyRequeryAnswer(reply: OutsideReply, asked?: AskedAbout): ProviderResult {
  const { answer, base } = common(reply);
  const code = answer?.code;
  if (!answer || !code) return { status: "pending", ...base };
  const record = recordAnswer(code, answer, base, asked);
  if (record) return record;
  if (code === "016" || code === "091")
    return { status: "failed", ...base, reason: failureReasons[code] as string };
  if (code === "015") return { status: "pending", ...base, unknownRequest: true };
  const alert = accountCodes[code];
  if (alert === "account") return { status: "pending", ...base, alert };
  return { status: "pending", ...base };
}
