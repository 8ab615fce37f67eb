import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import { smsSwitch } from "../../db/schema";

/**
 * Tells the database whether this deployment sends SMS, as each instance starts: the settlement
 * trigger (db/functions/purchase_sms.sql) queues a purchase's SMS only while it is on, so an app
 * "by email only" does not pile up messages nobody will send.
 */
export async function recordSmsSwitch(deps: { db: Database; clock: Clock }, on: boolean): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .insert(smsSwitch)
    .values({ id: 1, on, updatedAt: now })
    .onConflictDoUpdate({ target: smsSwitch.id, set: { on, updatedAt: now } });
}
