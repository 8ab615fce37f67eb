import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { previewRows } from "../services/bulk/bulkPreview";
import { wakeBulkPump } from "../services/bulk/bulkPump";
import { startBatch } from "../services/bulk/bulkStart";
import { batchDetailOf, batchOf, listBatches } from "../services/bulk/bulkViews";

/** Bulk purchases: rows checked, a batch started, its progress read. */
export function bulkRoutes(deps: AppDeps) {
  return [
    implement("POST /core/customer/bulk/preview", async ({ body, c }) => ({
      msg: "Rows checked.",
      data: await previewRows(deps, sessionOf(c).user, body),
    })),
    implement("POST /core/customer/bulk", async ({ body, c }) => {
      const { user } = sessionOf(c);
      const { pin, ...request } = body;
      const id = await startBatch(deps, user, request, { pin });
      wakeBulkPump(deps.db);
      return { msg: "Batch started.", data: await batchOf(deps.db, user.id, id) };
    }),
    implement("GET /core/customer/bulk", async ({ query, c }) => ({
      msg: "Batches retrieved.",
      data: await listBatches(deps.db, sessionOf(c).user.id, query),
    })),
    implement("GET /core/customer/bulk/:id", async ({ params, c }) => ({
      msg: "Batch retrieved.",
      data: await batchDetailOf(deps.db, sessionOf(c).user.id, params.id),
    })),
  ];
}
