import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { purchaseAgain } from "../services/beneficiaries/purchaseAgain";
import {
  createBeneficiary,
  deleteBeneficiary,
  listBeneficiaries,
  renameBeneficiary,
} from "../services/beneficiaries/savedRecipients";

/** Saved recipients: listed, saved, renamed, forgotten; and a purchase's order to buy it again. */
export function beneficiaryRoutes(deps: AppDeps) {
  return [
    implement("GET /core/customer/beneficiaries", async ({ c }) => ({
      msg: "Saved recipients retrieved.",
      data: await listBeneficiaries(deps.db, sessionOf(c).user.id),
    })),
    implement("POST /core/customer/beneficiaries", async ({ body, c }) => ({
      msg: "Recipient saved.",
      data: await createBeneficiary(deps, sessionOf(c).user.id, body),
    })),
    implement("PATCH /core/customer/beneficiaries/:id", async ({ params, body, c }) => ({
      msg: "Recipient renamed.",
      data: await renameBeneficiary(deps.db, sessionOf(c).user.id, params.id, body.nickname),
    })),
    implement("DELETE /core/customer/beneficiaries/:id", async ({ params, c }) => ({
      msg: "Recipient deleted.",
      data: await deleteBeneficiary(deps.db, sessionOf(c).user.id, params.id),
    })),
    implement("GET /core/customer/buy-again/:id", async ({ params, c }) => ({
      msg: "Order retrieved.",
      data: await purchaseAgain(deps.db, sessionOf(c).user.id, params.id),
    })),
  ];
}
