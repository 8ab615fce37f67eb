import type { AuditTarget } from "../../../../schemas/admin";
import type { AdminPath } from "../adminNav";

// The console page each kind of target is managed on, as adminNav names its paths.
const pageOf: Record<string, (target: AuditTarget) => string | null> = {
  transaction: ({ id }) => id && `/transactions/${id}`,
  user: ({ id }) => id && `/manage-users/${id}`,
  airtime_control: () => "/manage-airtime" satisfies AdminPath,
  data_network: ({ id }) => id && `/manage-databundle/${id}`,
  data_plan: ({ parent_id }) => (parent_id === null ? null : `/manage-databundle/${parent_id}`),
  tv_provider: ({ id }) => id && `/manage-tv/${id}`,
  tv_plan: ({ parent_id }) => (parent_id === null ? null : `/manage-tv/${parent_id}`),
  disco: () => "/manage-electricity" satisfies AdminPath,
  exam_product: () => "/manage-exam-pins" satisfies AdminPath,
  notification: () => "/notify/all" satisfies AdminPath,
  circular: () => "/notify/circular" satisfies AdminPath,
  identity_contest: () => "/identity-reviews" satisfies AdminPath,
  emergency_mode: () => "/dashboard" satisfies AdminPath,
  provider: () => "/dashboard" satisfies AdminPath,
  kyc_limits: () => "/dashboard" satisfies AdminPath,
  reconciliation: () => "/dashboard" satisfies AdminPath,
};

/** Where in the console an entry's target is seen (relative to /admin), or null for a kind with no page. */
export function auditTargetLink(target: AuditTarget): string | null {
  return Object.hasOwn(pageOf, target.type) ? (pageOf[target.type]?.(target) ?? null) : null;
}
