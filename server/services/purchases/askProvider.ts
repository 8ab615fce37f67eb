import type { Logger } from "pino";
import type { ProviderResult } from "../../outside/provider";

/**
 * Asks the provider with a time limit. Running out of time, or any error, is not a failure: nobody
 * knows yet whether the provider delivered, so the answer is `pending` and a requery will tell.
 */
export async function askProvider(
  ask: (signal: AbortSignal) => Promise<ProviderResult>,
  timeoutMs: number,
  logger: Pick<Logger, "warn">,
  reference: string,
): Promise<ProviderResult> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ProviderResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error("provider timeout"));
      resolve({ status: "pending" });
    }, timeoutMs);
  });
  try {
    return await Promise.race([ask(controller.signal), timeout]);
  } catch (error) {
    logger.warn(
      { reference, err: error instanceof Error ? error.message : String(error) },
      "provider answer unclear; left pending",
    );
    return { status: "pending" };
  } finally {
    clearTimeout(timer);
  }
}
