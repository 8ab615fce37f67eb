import { eq, lt } from "drizzle-orm";
import type { Logger } from "pino";
import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import { claimDueOutboxRows } from "../../db/outboxClaims";
import { smsMessages, transactions } from "../../db/schema";
import type { AppMetrics, SmsAnswer } from "../../metrics/appMetrics";
import { type OutboxRuns, outboxRuns } from "../../outboxRuns";
import type { SmsGateway } from "../../outside/termii/termiiSms";
import { openSecret } from "../accounts/secretBox";
import { outcomeText, tokenText } from "./purchaseSmsTexts";

export interface SmsSenderDeps {
  db: Database;
  clock: Clock;
  logger: Pick<Logger, "error" | "warn">;
  config: { totpKey: Buffer };
  gateway: SmsGateway;
  /** Null where nobody scrapes metrics (METRICS_TOKEN unset). */
  metrics?: Pick<AppMetrics, "smsSent"> | null;
}

/** How long a claimed message is left to its sender before another may take it (a sender that died). */
const claimLeaseMs = 2 * 60_000;
/** With the waits below, about seven hours of a gateway that keeps refusing before giving up. */
const maxAttempts = 12;
const batchSize = 20;
/** Messages one instance has out at once: Termii is one account, and its limits are per account. */
const parallel = 4;

/** 30 s after the first refusal, doubling, at most an hour apart. */
export function smsRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

type Claimed = typeof smsMessages.$inferSelect;

const claimDueSms = (deps: { db: Database; clock: Clock }) =>
  claimDueOutboxRows(deps, smsMessages, batchSize, claimLeaseMs);

/** The message's words: its own (opened if sealed), or for a purchase's SMS, written from the purchase now. */
async function textOf(deps: SmsSenderDeps, row: Claimed): Promise<string | null> {
  if (row.message !== null) return row.sealed ? openSecret(deps.config.totpKey, row.message) : row.message;
  if (!row.transactionId) return null;
  const [purchase] = await deps.db.select().from(transactions).where(eq(transactions.id, row.transactionId));
  if (!purchase) return null;
  if (row.purpose === "token") return purchase.token ? tokenText(purchase) : null;
  return outcomeText(purchase);
}

async function sendOne(deps: SmsSenderDeps, row: Claimed): Promise<void> {
  const now = () => deps.clock.now();
  const done = (set: Partial<Claimed>) =>
    deps.db.update(smsMessages).set(set).where(eq(smsMessages.id, row.id));
  const text = await textOf(deps, row);
  if (text === null) {
    await done({ gaveUpAt: now(), lastError: "nothing to send", message: null });
    return;
  }
  const answer = await deps.gateway.send({ to: row.recipient, text });
  // Only the answer's own words are kept or logged: never the text, which may hold a token or a code.
  const fields = { sms: row.id, purpose: row.purpose, attempts: row.attempts };
  const counted = (said: SmsAnswer) => deps.metrics?.smsSent(row.purpose, said);
  if (answer.kind === "accepted") {
    await done({ sentAt: now(), providerMessageId: answer.messageId, message: null, lastError: null });
    counted("accepted");
  } else if (answer.kind === "unclear") {
    // Termii takes no key that would make a second send harmless: a message that may have gone is
    // not sent again (a token can be resent from the receipt; a code can be asked for again).
    await done({ sentAt: now(), outcome: "unclear", message: null, lastError: answer.reason });
    counted("unclear");
    deps.logger.warn(
      { ...fields, err: answer.reason },
      "an SMS may or may not have gone; it is not sent again",
    );
  } else if (row.attempts >= maxAttempts) {
    await done({ gaveUpAt: now(), lastError: answer.reason, message: null });
    counted("gave_up");
    deps.logger.error({ ...fields, err: answer.reason }, "gave up sending an SMS");
  } else {
    await done({
      nextAttemptAt: new Date(now().getTime() + smsRetryDelayMs(row.attempts)),
      lastError: answer.reason,
    });
    counted("refused");
    deps.logger.warn(
      { ...fields, err: answer.reason },
      "the SMS gateway refused a message; it will be tried again",
    );
  }
}

/** Sends every message due now, `parallel` at a time; answers how many were tried. */
export async function sendDueSms(deps: SmsSenderDeps): Promise<number> {
  let tried = 0;
  for (;;) {
    const batch = await claimDueSms(deps);
    if (batch.length === 0) return tried;
    let next = 0;
    const lane = async () => {
      for (let row = batch[next++]; row; row = batch[next++]) {
        await sendOne(deps, row).catch((error) =>
          deps.logger.error({ sms: row?.id, err: error }, "an SMS could not be sent"),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, batch.length) }, lane));
    tried += batch.length;
  }
}

export interface SmsSending extends OutboxRuns {
  gateway: SmsGateway;
}

/** This process's SMS sender (outboxRuns.ts). */
export const createSmsSending = (deps: SmsSenderDeps): SmsSending => ({
  gateway: deps.gateway,
  ...outboxRuns(() => sendDueSms(deps), deps.logger, "SMS"),
});

/**
 * Messages are kept 90 days, what went to whom and what the network reported (never the text, which
 * is dropped once sent): long enough for a receipt's SMS line and a dispute about a lost token.
 */
export async function forgetOldSms(deps: { db: Database; clock: Clock }): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - 90 * 86_400_000);
  const gone = await deps.db
    .delete(smsMessages)
    .where(lt(smsMessages.createdAt, before))
    .returning({ id: smsMessages.id });
  return gone.length;
}
