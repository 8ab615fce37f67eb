import { beneficiaryContracts } from "../../schemas/routes/beneficiaries";
import type { BodyOf } from "../../schemas/routes/contract";
import type { ApiClient } from "./client";

type Recipients = typeof beneficiaryContracts;
// Each screen says a saved recipient's refusal by its field or its list; a toast would say it twice.
const shownOnPage = { announceSuccess: false, quietFailure: true } as const;

/** Saved recipients and Buy again; the customer API loads them with the first call (customerApi's `recipients`). */
export function recipientsApi(client: ApiClient) {
  return {
    list: () => client.call(beneficiaryContracts, "GET /core/customer/beneficiaries", {}, shownOnPage),
    save: (body: BodyOf<Recipients["POST /core/customer/beneficiaries"]>) =>
      client.call(beneficiaryContracts, "POST /core/customer/beneficiaries", { body }, shownOnPage),
    rename: (id: string, nickname: string) =>
      client.call(
        beneficiaryContracts,
        "PATCH /core/customer/beneficiaries/:id",
        { params: { id }, body: { nickname } },
        shownOnPage,
      ),
    remove: (id: string) =>
      client.call(
        beneficiaryContracts,
        "DELETE /core/customer/beneficiaries/:id",
        { params: { id } },
        shownOnPage,
      ),
    again: (id: string) =>
      client.call(beneficiaryContracts, "GET /core/customer/buy-again/:id", { params: { id } }, shownOnPage),
  };
}

export type RecipientsApi = ReturnType<typeof recipientsApi>;
