import { desc, eq } from "drizzle-orm";
import { smsMessages } from "../../../server/db/schema";
import { developmentTotpKey, openSecret } from "../../../server/services/accounts/secretBox";
import type { BrowserTest } from "./browserTest";

/**
 * The newest identity code the app queued by SMS, as the registry's phone would read it: read from
 * the app's own store while it is stopped (the code is sealed there and never logged), then the app
 * starts again where it was.
 */
export async function identityCodeSent(app: BrowserTest["app"]): Promise<string> {
  const [row] = await app.whileStopped((db) =>
    db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.purpose, "identity_code"))
      .orderBy(desc(smsMessages.createdAt))
      .limit(1),
  );
  if (!row?.message) throw new Error("no identity code was queued");
  const text = row.sealed ? openSecret(Buffer.from(developmentTotpKey, "hex"), row.message) : row.message;
  const code = text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error("the identity code SMS holds no code");
  return code;
}
