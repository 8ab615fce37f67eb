import { humanise } from "./readable";

/**
 * How an audit value reads: `money` is integer kobo, shown in naira; `key` identifies a row the
 * entry's target already names (the audit page leaves it out); `group` holds fields of its own
 * (the two accounts of a contest); `list` is a list (plans imported, references unmatched).
 */
export type AuditFieldKind =
  | "text"
  | "money"
  | "percent"
  | "count"
  | "flag"
  | "time"
  | "date"
  | "key"
  | "group"
  | "list";

const field = (label: string, kind: AuditFieldKind = "text") => ({ label, kind });
const money = (label: string) => field(label, "money");

/**
 * Every field an audit entry's `before` and `after` may hold, at any depth, with its label and how it
 * reads. The one place that knows which are money: the server's audit rows are typed by it
 * (server/services/audit.ts), tests/server/auditLog.test.ts writes every kind of console write and
 * checks each field is here, and the audit page shows each by it.
 */
export const auditFields = {
  // People and accounts
  first_name: field("First name"),
  last_name: field("Last name"),
  email: field("Email"),
  phone: field("Phone"),
  date_of_birth: field("Date of birth", "date"),
  role: field("Role"),
  is_active: field("Active", "flag"),
  can_transact: field("May transact", "flag"),
  tier: field("KYC tier", "count"),
  source: field("Tier set by"),
  tier_source: field("Tier set by"),
  id_type: field("Checked identity"),
  id_last4: field("Number ending"),
  verified_at: field("Verified", "time"),
  claimant: field("Contesting account", "group"),
  holder: field("Account holding the number", "group"),
  request: field("Request", "key"),
  level: field("Price level"),
  prefix: field("Key"),
  webhook_url: field("Webhook URL"),
  allowed_ips: field("Allowed addresses", "list"),
  daily_cap: money("Daily spending cap"),
  rate_per_second: field("Calls a second", "count"),
  burst: field("Burst", "count"),
  revoked_at: field("Revoked", "time"),

  // Money and transactions
  balance: money("Wallet balance"),
  amount: money("Amount"),
  status: field("Status"),
  reason: field("Reason"),
  reference: field("Reference"),
  refund: field("Refund reference"),
  attempts: field("Requeries", "count"),
  gateway_reference: field("Gateway reference"),
  gateway_id: field("Gateway payment id"),
  details: field("What the customer said"),
  outcome: field("Outcome"),
  note: field("Note"),
  redelivery: field("Redelivery reference"),

  // The catalogue
  id: field("Id", "key"),
  control_id: field("Network or provider", "key"),
  network: field("Network"),
  name: field("Name"),
  code: field("Code"),
  size: field("Data size"),
  validity: field("Validity"),
  category: field("Kind of plan"),
  enabled: field("Switched on", "flag"),
  service_id: field("Provider's id"),
  provider: field("Provider"),
  variation_code: field("Provider's plan code"),
  cost: money("Cost"),
  offer: field("Offer", "group"),
  plan_type: field("Plan type"),
  discount_percent: field("Customer discount", "percent"),
  commission_percent: field("Our commission", "percent"),
  min_amount: money("Smallest purchase"),
  max_amount: money("Largest purchase"),
  service_fee: money("Service fee"),
  upgrade_fee: money("Upgrade fee"),
  airtime_percent: field("Airtime discount", "percent"),
  data_sme_percent: field("SME data discount", "percent"),
  data_corporate_gifting_percent: field("Corporate gifting data discount", "percent"),
  data_gifting_percent: field("Gifting data discount", "percent"),
  data_direct_percent: field("Network plan discount", "percent"),
  tv_percent: field("Cable TV discount", "percent"),
  electricity_percent: field("Electricity discount", "percent"),
  exam_pin_percent: field("Exam PIN discount", "percent"),
  recharge_pin_percent: field("Recharge card discount", "percent"),
  network_id: field("Network", "key"),
  denomination: money("Card value"),
  exam: field("Exam body"),
  face_value: money("Face value"),
  needs_profile: field("Needs the candidate's profile ID", "flag"),
  sort_order: field("Position", "count"),
  plan: field("Data plan"),
  fixed_price: money("Fixed price at the level"),
  price: money("Price"),
  /** Written by the catalogue before offers held each provider's cost (migration 0016). */
  cost_price: money("Cost price"),
  has_sales: field("Has sales", "flag"),
  sell_at_loss_reason: field("Why it sells at a loss"),
  created: field("Plans added", "list"),
  changed: field("New costs", "list"),
  imported_from: field("Imported from"),
  switched_off: field("Plans switched off", "list"),

  // Providers and routes
  provider_off: field("Switched off", "flag"),
  low_balance_warning: money("Warn when the balance is below"),
  min_success_percent: field("Lowest success rate (%)", "count"),
  circuit_failures: field("Failures that open the circuit", "count"),
  circuit_minutes: field("Minutes the circuit stays open", "count"),
  circuit_open: field("Circuit open", "flag"),
  providers: field("Providers in order", "list"),

  // Settings
  message: field("Message to customers"),
  tier1_daily_limit: money("Tier 1: purchases a day"),
  tier1_max_balance: money("Tier 1: most the wallet holds"),
  tier2_daily_limit: money("Tier 2: purchases a day"),
  tier2_max_balance: money("Tier 2: most the wallet holds"),
  tier3_daily_limit: money("Tier 3: purchases a day"),
  tier3_max_balance: money("Tier 3: most the wallet holds"),

  // Notices and reconciliation
  title: field("Title"),
  body: field("Message"),
  recipients: field("Customers", "count"),
  starts_at: field("Shows from", "time"),
  ends_at: field("Shows until", "time"),
  current: field("Showing now", "flag"),
  checked: field("Payments checked", "count"),
  credited: field("Payments credited", "count"),
  unmatched: field("Payments matching nothing", "list"),
} as const satisfies Record<string, { label: string; kind: AuditFieldKind }>;

export type AuditField = keyof typeof auditFields;

/** A value an audit entry may hold: plain JSON, whose objects use only the fields above. */
export type AuditValue = string | number | boolean | null | readonly AuditValue[] | AuditState;
export type AuditState = { readonly [K in AuditField]?: AuditValue };

/** The label and kind of a field, or a readable fallback for one written before it was listed here. */
export function auditFieldOf(key: string): { label: string; kind: AuditFieldKind; known: boolean } {
  if (Object.hasOwn(auditFields, key)) return { ...auditFields[key as AuditField], known: true };
  return { label: humanise(key), kind: "text", known: false };
}
