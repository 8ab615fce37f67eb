import type { Logger } from "pino";
import { NothingSent } from "../../outside/outsideHttp";
import type { ProviderResult } from "../../outside/provider";

/** What a purchase becomes when its provider was never reached: nobody could have delivered it. */
export const notReached: ProviderResult = {
  status: "failed",
  reason: "The provider could not be reached, so nothing was charged.",
  safeToFailOver: true,
};

/**
 * Asks the provider; the adapter's client holds the call to config's time limit. Running out of
 * time, or any error, is not a failure: nobody knows yet whether the provider delivered, so the answer
 * is `pending` and a requery will tell. The one exception is a call that never left (`NothingSent`):
 * a purchase sent so is answered `whenNothingSent` (`notReached`); a requery so learns nothing.
 */
export async function askProvider(
  ask: (signal?: AbortSignal) => Promise<ProviderResult>,
  logger: Pick<Logger, "warn">,
  reference: string,
  whenNothingSent: ProviderResult = { status: "pending" },
): Promise<ProviderResult> {
  try {
    return await ask();
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error);
    if (error instanceof NothingSent) {
      logger.warn({ reference, err: said }, "provider not reached");
      return { ...whenNothingSent, note: `Not reached: ${said}` };
    }
    logger.warn({ reference, err: said }, "provider answer unclear; left pending");
    return { status: "pending", unanswered: true };
  }
}
