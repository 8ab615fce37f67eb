import { examPinPurchaseBody, examPinVerifyBody, examPinVerifyResult } from "../examPins";
import { transaction } from "../transactions";
import { contracts } from "./contract";
import { history } from "./purchase";

/** Buying exam PINs; loaded with the exam-PIN wizard's first call, so the other wizards never fetch it. */
export const examPinContracts = contracts({
  "GET /core/customer/exam-pins": history("exam PIN"),
  "POST /core/customer/exam-pins/verify": {
    tag: "Purchases",
    summary: "Check a JAMB candidate's profile ID before buying their PIN; answers the candidate's name",
    body: examPinVerifyBody,
    result: examPinVerifyResult,
  },
  "POST /core/customer/exam-pins": {
    tag: "Purchases",
    summary: "Buy exam PINs; a delivered purchase answers them in `pins`",
    body: examPinPurchaseBody,
    result: transaction,
  },
});
