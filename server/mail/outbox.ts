import { eq, lt, or } from "drizzle-orm";
import type { Logger } from "pino";
import type { Clock } from "../clock";
import type { Database, Queryable } from "../db/database";
import { claimDueOutboxRows } from "../db/outboxClaims";
import { mailOutbox } from "../db/schema";
import { type OutboxRuns, outboxRuns } from "../outboxRuns";
import { openSecret, sealSecret } from "../services/accounts/secretBox";
import type { Mailer, OutgoingMail } from "./mailer";

export interface OutboxDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  logger: Pick<Logger, "error" | "warn">;
  config: { totpKey: Buffer };
}

/** How long a claimed mail is left to its worker before another may send it (a worker that died). */
const claimLeaseMs = 2 * 60_000;
/** Tries before giving up: with the waits below, about a day of a mail server that keeps refusing. */
const maxAttempts = 12;
const batchSize = 20;

/** 30 s after the first failure, doubling, at most 4 hours apart. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 4 * 3_600_000);
}

/**
 * Puts a mail in the outbox, in the caller's transaction: it goes only if what it announces is
 * committed, and the request never waits for the mail server. One carrying a code or a link is sealed,
 * so a copy of the table does not give it away.
 */
export async function enqueueMail(
  db: Queryable,
  deps: { clock: Clock; config: { totpKey: Buffer } },
  mail: OutgoingMail,
): Promise<void> {
  const now = deps.clock.now();
  const plain = JSON.stringify({ subject: mail.subject, text: mail.text });
  await db.insert(mailOutbox).values({
    kind: mail.kind,
    recipient: mail.to,
    message: mail.secret ? sealSecret(deps.config.totpKey, plain) : plain,
    sealed: mail.secret,
    createdAt: now,
    nextAttemptAt: now,
  });
}

type Claimed = typeof mailOutbox.$inferSelect;

/** Takes due mail for this worker (FOR UPDATE SKIP LOCKED, the next try booked at once). */
const claimDueMail = (deps: { db: Database; clock: Clock }) =>
  claimDueOutboxRows(deps, mailOutbox, batchSize, claimLeaseMs);

async function sendOne(deps: OutboxDeps, row: Claimed): Promise<void> {
  const now = () => deps.clock.now();
  try {
    if (row.message === null) throw new Error("the outbox row has no message");
    const plain = row.sealed ? openSecret(deps.config.totpKey, row.message) : row.message;
    const { subject, text } = JSON.parse(plain) as { subject: string; text: string };
    await deps.mailer.send({ to: row.recipient, subject, text, secret: row.sealed });
  } catch (error) {
    // Only the error's own words: never the message, which may hold a code.
    const reason = error instanceof Error ? error.message.slice(0, 300) : String(error);
    const givingUp = row.attempts >= maxAttempts;
    await deps.db
      .update(mailOutbox)
      .set(
        givingUp
          ? { gaveUpAt: now(), lastError: reason, message: null }
          : { nextAttemptAt: new Date(now().getTime() + retryDelayMs(row.attempts)), lastError: reason },
      )
      .where(eq(mailOutbox.id, row.id));
    const fields = { mail: row.id, kind: row.kind, attempts: row.attempts, err: reason };
    if (givingUp) deps.logger.error(fields, "gave up sending a mail");
    else deps.logger.warn(fields, "sending a mail failed; it will be tried again");
    return;
  }
  await deps.db
    .update(mailOutbox)
    .set({ sentAt: now(), message: null, lastError: null })
    .where(eq(mailOutbox.id, row.id));
}

/** Sends every mail due now, a batch at a time; answers how many were tried. */
export async function sendDueMail(deps: OutboxDeps): Promise<number> {
  let tried = 0;
  for (;;) {
    const batch = await claimDueMail(deps);
    if (batch.length === 0) return tried;
    for (const row of batch) await sendOne(deps, row);
    tried += batch.length;
  }
}

/** Sent mail is kept a week (what went to whom, never the text), given-up mail a month. */
export async function forgetOldMail(deps: { db: Database; clock: Clock }): Promise<number> {
  const now = deps.clock.now().getTime();
  const gone = await deps.db
    .delete(mailOutbox)
    .where(
      or(
        lt(mailOutbox.sentAt, new Date(now - 7 * 86_400_000)),
        lt(mailOutbox.gaveUpAt, new Date(now - 30 * 86_400_000)),
      ),
    )
    .returning({ id: mailOutbox.id });
  return gone.length;
}

export type MailOutbox = OutboxRuns;

/** This process's mail sender (outboxRuns.ts). */
export const createOutbox = (deps: OutboxDeps): MailOutbox =>
  outboxRuns(() => sendDueMail(deps), deps.logger, "mail");
