import { z } from "zod/mini";
import { beneficiary, beneficiaryBody, beneficiaryRenameBody, purchaseAgain } from "../beneficiaries";
import { idParam } from "../common";
import { contracts } from "./contract";

const tag = "Saved recipients";

/** A customer's saved recipients, and a purchase's order to buy it again (docs/CONTRACT.md). */
export const beneficiaryContracts = contracts({
  "GET /core/customer/beneficiaries": {
    tag,
    summary: "The customer's saved recipients, by nickname",
    result: z.array(beneficiary),
  },
  "POST /core/customer/beneficiaries": {
    tag,
    summary:
      "Save a recipient, checked like the purchase it serves; at most 50, and the same number for the same network, TV provider or disco once (409)",
    body: beneficiaryBody,
    result: beneficiary,
    successStatus: 201,
  },
  "PATCH /core/customer/beneficiaries/:id": {
    tag,
    summary: "Rename a saved recipient",
    params: idParam,
    body: beneficiaryRenameBody,
    result: beneficiary,
  },
  "DELETE /core/customer/beneficiaries/:id": {
    tag,
    summary: "Forget a saved recipient",
    params: idParam,
    result: beneficiary,
  },
  "GET /core/customer/buy-again/:id": {
    tag,
    summary:
      "A purchase's order (airtime, data, TV, electricity) to open its wizard filled in, and what of it is switched off now",
    params: idParam,
    result: purchaseAgain,
  },
});
