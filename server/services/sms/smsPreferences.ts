import { eq } from "drizzle-orm";
import type { SmsOutcomesSetting, SmsSettings } from "../../../schemas/sms";
import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import { smsPreferences } from "../../db/schema";
import type { SmsSettings as SmsConfig } from "../../outside/termii/termiiSettings";
import { smsConfigured } from "./smsOutbox";

/** No row yet: outcomes of electricity only, whose token a customer most needs away from the app. */
const defaultOutcomes: SmsOutcomesSetting = "electricity";

export async function smsSettingsOf(
  deps: { db: Database; config: { sms: SmsConfig | null } },
  userId: string,
): Promise<SmsSettings> {
  const [row] = await deps.db
    .select({ outcomes: smsPreferences.outcomes })
    .from(smsPreferences)
    .where(eq(smsPreferences.userId, userId));
  return {
    sms_on: smsConfigured(deps.config),
    sms_outcomes: (row?.outcomes as SmsOutcomesSetting | undefined) ?? defaultOutcomes,
  };
}

export async function chooseSmsOutcomes(
  deps: { db: Database; clock: Clock; config: { sms: SmsConfig | null } },
  userId: string,
  outcomes: SmsOutcomesSetting,
): Promise<SmsSettings> {
  const now = deps.clock.now();
  await deps.db
    .insert(smsPreferences)
    .values({ userId, outcomes, updatedAt: now })
    .onConflictDoUpdate({ target: smsPreferences.userId, set: { outcomes, updatedAt: now } });
  return smsSettingsOf(deps, userId);
}
