import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import { email as emailSchema } from "../../../schemas/common";
import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import { emergencyMode, operatorSettings, users } from "../../db/schema";
import { seedCatalogue } from "../../db/seed/seedCatalogue";
import { newReferralCode } from "../../randomIds";
import { hashSecret } from "./secrets";

/** Rows every installation needs, written once; safe to run at every start. */
export async function seedSystemRows(db: Database): Promise<void> {
  await db.insert(emergencyMode).values({ id: 1 }).onConflictDoNothing();
  await db.insert(operatorSettings).values({ id: 1 }).onConflictDoNothing();
  await seedCatalogue(db);
}

/** Creates the first admin from ADMIN_EMAIL and ADMIN_PASSWORD when the installation has no admin yet. */
export async function ensureFirstAdmin(
  deps: { db: Database; clock: Clock; logger: Logger },
  admin: { email: string; password: string } | undefined,
): Promise<void> {
  const [existing] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, "admin"))
    .limit(1);
  if (existing) return;
  if (!admin) {
    deps.logger.warn("no admin account exists: set ADMIN_EMAIL and ADMIN_PASSWORD and restart to create one");
    return;
  }
  const email = emailSchema.parse(admin.email);
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken) {
    deps.logger.error(
      { email },
      "ADMIN_EMAIL belongs to an existing non-admin account; no admin was created",
    );
    return;
  }
  const now = deps.clock.now();
  await deps.db.insert(users).values({
    email,
    firstName: "System",
    lastName: "Admin",
    phone: "08000000000",
    passwordHash: await hashSecret(admin.password),
    role: "admin",
    emailVerifiedAt: now,
    referralCode: newReferralCode(),
    createdAt: now,
    updatedAt: now,
  });
  deps.logger.info({ email }, "first admin account created");
}
