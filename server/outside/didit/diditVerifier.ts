import type { IdentityType } from "../../../schemas/kyc";
import { type IdentityAnswer, IdentityUnavailable, type IdentityVerifier } from "../identityVerifier";
import type { OutsideReply } from "../outsideHttp";
import { lookupAnswer } from "./diditAnswers";
import { type DiditClientOptions, diditClient } from "./diditClient";

/** Didit's service ids and form fields for Nigeria's two numbers (docs/PROVIDERS.md, Didit). */
export const diditServices: Record<IdentityType, { service: string; field: string }> = {
  bvn: { service: "nga_bank_verification_number", field: "bvn" },
  nin: { service: "nga_national_id", field: "national_id" },
};

/**
 * A name as Didit's form takes it (`[A-Za-zÀ-ÖØ-öø-ÿ .'-]+`, else INVALID_INPUT): accents folded away,
 * anything else a space. "Adébáyọ̀" would otherwise be refused for its ọ; OjaPay's own match decides.
 */
export function diditName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{Mark}/gu, "")
    .replace(/[^A-Za-zÀ-ÖØ-öø-ÿ .'-]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Didit's standalone database validation (`POST v3/database-validation/`): the number, the customer's
 * names and date of birth go to Nigeria's registry through Didit, which answers an outcome code per
 * service, its verdict on each field and, as far as the registry gives them, the registry's own
 * names, date of birth and phone (read in diditAnswers.ts). No answer at all (a refused connection,
 * a timeout) is IdentityUnavailable too: the customer may try again and nothing is counted.
 */
export function createDiditVerifier(options: DiditClientOptions): IdentityVerifier {
  const http = diditClient(options);
  return {
    name: "didit",
    async lookup(query, signal): Promise<IdentityAnswer> {
      const { service, field } = diditServices[query.type];
      const form = new FormData();
      form.set("issuing_state", "NGA");
      form.set("services", service);
      form.set(field, query.number);
      form.set("first_name", diditName(query.firstName));
      form.set("last_name", diditName(query.lastName));
      form.set("date_of_birth", query.dateOfBirth);
      form.set("vendor_data", query.reference);
      let reply: OutsideReply;
      try {
        reply = await http.postForm("v3/database-validation/", form, signal);
      } catch (error) {
        throw new IdentityUnavailable(`Didit could not be reached: ${(error as Error).message}`);
      }
      return lookupAnswer(reply, query, service);
    },
  };
}
