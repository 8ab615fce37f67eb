import type { ExamPinVerifyResult } from "../../../schemas/examPins";
import type { MeterType, MeterVerifyResult, TvVerifyResult } from "../../../schemas/purchases";
import { type Provider, VerificationRefused } from "../../outside/provider";
import { fieldRefusal, Refusal } from "../../refusal";

/**
 * The provider's check of a smartcard or meter, within the adapter's time limit from config: its
 * refusal is the customer's to fix (400); silence is ours (503).
 */
async function verify<T>(check: () => Promise<T>, field: string): Promise<T> {
  try {
    return await check();
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
  return verify(() => provider.verifySmartcard(serviceId, smartcard), "smartcard");
}

export function verifyMeterWith(
  provider: Provider,
  serviceId: string,
  meterNumber: string,
  meterType: MeterType,
): Promise<MeterVerifyResult> {
  return verify(() => provider.verifyMeter(serviceId, meterNumber, meterType), "meter_number");
}

/** A JAMB candidate's profile ID, checked with a provider that sells JAMB PINs. */
export function verifyCandidateWith(
  provider: Provider,
  serviceId: string,
  variationCode: string,
  profileId: string,
): Promise<ExamPinVerifyResult> {
  return verify(async () => {
    if (!provider.verifyCandidate) throw new Error(`${provider.name} cannot check a JAMB profile`);
    return provider.verifyCandidate(serviceId, variationCode, profileId);
  }, "profile_id");
}
