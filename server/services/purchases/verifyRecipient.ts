import type { MeterType, MeterVerifyResult, TvVerifyResult } from "../../../schemas/purchases";
import { type Provider, VerificationRefused } from "../../outside/provider";
import { fieldRefusal, Refusal } from "../../refusal";

const verifyTimeoutMs = 15_000;

/** The provider's check of a smartcard or meter: its refusal is the customer's to fix (400); silence is ours (503). */
async function verify<T>(check: (signal: AbortSignal) => Promise<T>, field: string): Promise<T> {
  try {
    return await check(AbortSignal.timeout(verifyTimeoutMs));
  } catch (error) {
    if (error instanceof VerificationRefused) throw fieldRefusal(field, error.message);
    throw new Refusal(
      "service_unavailable",
      "We could not check that number with the provider just now. Please try again shortly.",
    );
  }
}

export function verifySmartcardWith(
  provider: Provider,
  serviceId: string,
  smartcard: string,
): Promise<TvVerifyResult> {
  return verify((signal) => provider.verifySmartcard(serviceId, smartcard, signal), "smartcard");
}

export function verifyMeterWith(
  provider: Provider,
  serviceId: string,
  meterNumber: string,
  meterType: MeterType,
): Promise<MeterVerifyResult> {
  return verify((signal) => provider.verifyMeter(serviceId, meterNumber, meterType, signal), "meter_number");
}
