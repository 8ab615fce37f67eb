import type { BulkPreview, BulkPreviewBody } from "../../../schemas/bulk";
import type { UserRow } from "../../deps";
import type { PurchaseDeps } from "../purchases/placePurchase";
import { bulkFactsOf } from "./bulkFacts";
import { judgeRows, totalOf } from "./bulkJudge";

/** Every row judged and priced, the good rows' total, and whether the wallet holds it now. */
export async function previewRows(
  deps: Pick<PurchaseDeps, "db" | "clock" | "providers">,
  user: UserRow,
  body: BulkPreviewBody,
): Promise<BulkPreview> {
  const facts = await bulkFactsOf(deps, user, body.kind);
  const judged = await judgeRows(deps, user, body.kind, body.rows, facts);
  const total = totalOf(judged);
  return {
    kind: body.kind,
    count: judged.length,
    good: judged.filter((r) => r.verdict.ok).length,
    total,
    balance: facts.balance,
    covered: total <= facts.balance,
    rows: judged.map((r) => r.verdict),
  };
}
