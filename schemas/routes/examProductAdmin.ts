import { z } from "zod/mini";
import { catalogueIdParam } from "../catalogue";
import { examProductCreate, examProductPatch, staffExamProduct } from "../examProductStaff";
import { contracts } from "./contract";

const belowCost =
  "; a price below its dearest offer's cost is refused (`below_cost`) unless `sell_at_loss` gives a reason";

/**
 * Exam PINs in the console: staff read them, admins add and edit them. An area of its own, which the
 * console loads on the Exam PINs page's first call, so its other pages do not download it.
 */
export const examProductAdminContracts = contracts({
  "GET /core/staff/fetch/exam-pins": {
    tag: "Staff: catalogue",
    summary: "Exam PINs, switched-off ones too, each with its offers",
    result: z.array(staffExamProduct),
  },
  "POST /sys.admin/exam-pins": {
    tag: "Admin",
    summary:
      "Add an exam PIN, off sale unless switched on (it sells only through an offer); JAMB's price may not be above its face value",
    body: examProductCreate,
    result: staffExamProduct,
    successStatus: 201,
  },
  "PATCH /sys.admin/exam-pins/:id": {
    tag: "Admin",
    summary: `Edit an exam PIN or switch it off; JAMB's price may not be above its face value${belowCost}`,
    params: catalogueIdParam,
    body: examProductPatch,
    result: staffExamProduct,
  },
});
