import type { MeterType, MeterVerifyResult, TvVerifyResult } from "../../../schemas/purchases";
import { ApiError, badRequest } from "../../http/errors";
import { type Provider, VerificationRefused } from "../../providers/provider";

const verifyTimeoutMs = 15_000;

/** The provider's check of a smartcard or meter: its refusal is the customer's to fix (400); silence is ours (503). */
async function verify<T>(check: () => Promise<T>, field: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("verification timed out")), verifyTimeoutMs);
  });
  try {
    return await Promise.race([check(), timeout]);
  } catch (error) {
    if (error instanceof VerificationRefused) throw badRequest(error.message, { [field]: [error.message] });
    throw new ApiError(
      503,
      "We could not check that number with the provider just now. Please try again shortly.",
    );
  } finally {
    clearTimeout(timer);
  }
}

export function verifySmartcardWith(
  provider: Provider,
  providerCode: string,
  smartcard: string,
): Promise<TvVerifyResult> {
  return verify(() => provider.verifySmartcard(providerCode, smartcard), "smartcard");
}

export function verifyMeterWith(
  provider: Provider,
  discoCode: string,
  meterNumber: string,
  meterType: MeterType,
): Promise<MeterVerifyResult> {
  return verify(() => provider.verifyMeter(discoCode, meterNumber, meterType), "meter_number");
}
