import { type IdentityType, identityTypeName } from "../../schemas/kyc";
import type { KycStatus } from "../../schemas/kycStatus";
import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { verifyIdentity } from "../services/kyc/identityChecks";
import { kycStatusOf } from "../services/kyc/kycStatus";

/** Where the code went (the registry's phone, masked), or that staff will confirm the match. */
function verifiedWords(idType: IdentityType, data: KycStatus): string {
  const kind = identityTypeName[idType];
  const waiting = data.confirmation;
  if (waiting?.state === "awaiting_code") {
    const whose =
      idType === "bvn" ? "the phone your bank holds for your BVN" : "the phone on your NIN record";
    return `Your ${kind} matched your details. A code was sent to ${waiting.phone}, ${whose}: enter it to finish.`;
  }
  if (waiting?.state === "in_review") {
    return `Your ${kind} matched your details. Staff will confirm it is yours before your tier rises; you will get a notice.`;
  }
  return `Your ${kind} matched your details. Your account is now tier ${data.tier}.`;
}

export function kycRoutes(deps: AppDeps) {
  return [
    implement("GET /core/customer/kyc", async ({ c }) => {
      const data = await kycStatusOf(deps.db, deps.clock, sessionOf(c).user, deps.identity);
      return { msg: "Verification status retrieved.", data };
    }),
    implement("POST /core/customer/kyc/verify", async ({ body, c }) => {
      const data = await verifyIdentity(deps, sessionOf(c).user, body);
      // The code was queued with the check; it leaves now rather than at the next background run.
      if (data.confirmation?.state === "awaiting_code") deps.sms?.kick();
      return { msg: verifiedWords(body.id_type, data), data };
    }),
  ];
}
