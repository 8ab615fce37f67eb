import { and, eq, isNull, notInArray, or, sql } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import { smsMessages } from "../../db/schema";
import type { AppMetrics } from "../../metrics/appMetrics";
import type { DeliveryReport } from "../../outside/termii/termiiAnswers";

/** Outcomes no later report replaces: a "Message Sent" arriving after "DELIVERED" says nothing new. */
const finalOutcomes = ["delivered", "dnd", "failed", "expired"];

/**
 * Keeps a delivery report's status on its message. A repeat changes nothing; a report for a message
 * we did not send (another app on the account) is acknowledged and dropped.
 */
export async function applyDeliveryReport(
  deps: { db: Database; clock: Clock; metrics?: Pick<AppMetrics, "smsReported"> | null },
  report: DeliveryReport,
): Promise<"recorded" | "unchanged" | "unknown"> {
  const isFinal = finalOutcomes.includes(report.outcome);
  const updated = await deps.db
    .update(smsMessages)
    .set({ status: report.status, outcome: report.outcome, statusAt: deps.clock.now() })
    .where(
      and(
        eq(smsMessages.providerMessageId, report.messageId),
        or(isNull(smsMessages.status), sql`${smsMessages.status} is distinct from ${report.status}`),
        isFinal ? undefined : or(isNull(smsMessages.outcome), notInArray(smsMessages.outcome, finalOutcomes)),
      ),
    )
    .returning({ id: smsMessages.id });
  if (updated.length > 0) {
    deps.metrics?.smsReported(report.outcome);
    return "recorded";
  }
  const [known] = await deps.db
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(eq(smsMessages.providerMessageId, report.messageId));
  return known ? "unchanged" : "unknown";
}
