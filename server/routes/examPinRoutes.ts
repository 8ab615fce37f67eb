import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { examPin } from "../services/purchases/kinds/examPin";
import { customerPurchases } from "./customerPurchases";

/** Exam PINs: a JAMB candidate checked, PINs bought, their history. */
export function examPinRoutes(deps: AppDeps) {
  const { buy, history } = customerPurchases(deps);
  return [
    implement("POST /core/customer/exam-pins/verify", async ({ body }) => {
      return { msg: "Profile ID verified.", data: await examPin.checkRecipient(deps, body) };
    }),
    implement("POST /core/customer/exam-pins", ({ body, c }) => buy(c, "exam_pin", body)),
    implement("GET /core/customer/exam-pins", history("exam_pin")),
  ];
}
