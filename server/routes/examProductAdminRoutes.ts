import type { AppDeps } from "../deps";
import { actorOf } from "../http/actor";
import { implement } from "../http/route";
import { createExamProduct, listExamProducts, patchExamProduct } from "../services/catalogue/examProducts";

/** Exam PINs in the console: staff read them; admins add and edit them, audited. */
export function examProductAdminRoutes(deps: AppDeps) {
  const actor = (c: Parameters<typeof actorOf>[0]) => actorOf(c, deps.config.trustProxy);
  return [
    implement("GET /core/staff/fetch/exam-pins", async () => {
      return { msg: "Exam PINs retrieved.", data: await listExamProducts(deps) };
    }),
    implement("POST /sys.admin/exam-pins", async ({ body, c }) => {
      return { msg: "Exam PIN added.", data: await createExamProduct(deps, actor(c), body) };
    }),
    implement("PATCH /sys.admin/exam-pins/:id", async ({ params, body, c }) => {
      return { msg: "Exam PIN saved.", data: await patchExamProduct(deps, actor(c), params.id, body) };
    }),
  ];
}
