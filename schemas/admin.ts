import { z } from "zod/mini";
import { email, integer, pageQuery, personName, phone, timestamp } from "./common";
import { calendarDay, instant } from "./days";
import { circular, notification } from "./notices";
import { serviceTotals, statistics, userRef } from "./staff";

export const dailyFigures = z.extend(serviceTotals, { date: z.iso.date() });

export const dashboard = z.extend(statistics, {
  daily: z.array(dailyFigures).check(z.meta({ description: "The last 30 days, oldest first, in Lagos" })),
  customers: z.object({ total: integer(), joined_today: integer() }),
});
export type Dashboard = z.infer<typeof dashboard>;

export const revenueQuery = z.strictObject({
  from: z.optional(calendarDay()),
  to: z.optional(calendarDay()),
});
/** The period's figures (serviceTotals: refunded purchases counted, their refunds shown apart), by day and by service. */
export const revenueReport = z.extend(serviceTotals, {
  from: z.iso.date(),
  to: z.iso.date(),
  days: z.array(dailyFigures),
  by_service: z.array(z.extend(serviceTotals, { kind: z.string() })),
});
export type RevenueReport = z.infer<typeof revenueReport>;

/** Every action the server writes to the audit log: the server may write no other, and the log's filter offers these. */
export const auditAction = z.enum([
  "user.update",
  "wallet.fund",
  "transaction.refund",
  "transaction.requery",
  "dispute.open",
  "dispute.resolve",
  "dispute.reopen",
  "catalogue.update",
  "plan.create",
  "plan.update",
  "plan.delete",
  "emergency.update",
  "notification.send",
  "circular.create",
  "funding.reconciled",
  "reconciliation.run",
  "plan.sync",
  "settings.update",
  "level.update",
  "level.upgrade",
  "api_key.create",
  "api_key.update",
  "api_key.revoke",
  "provider.update",
  "route.update",
  "staff.invite",
  "kyc.override",
  "kyc.change.approve",
  "kyc.change.reject",
  "kyc.contest.approve",
  "kyc.contest.reject",
  "kyc.code.confirm",
  "kyc.match.approve",
  "kyc.match.reject",
]);
export type AuditAction = z.infer<typeof auditAction>;

/** An admin makes a staff member or another admin directly; they choose their password from the emailed link. */
export const staffInviteBody = z.strictObject({
  first_name: personName("First name"),
  last_name: personName("Last name"),
  email,
  phone,
  role: z
    .enum(["staff", "admin"], { error: "Role must be staff or admin." })
    .check(z.meta({ title: "Role" })),
});
export type StaffInviteBody = z.infer<typeof staffInviteBody>;
export const staffInviteResult = z.object({ id: z.uuid(), email: z.string() });

export const auditQuery = z.extend(pageQuery, {
  actor: z
    .optional(z.string().check(z.trim(), z.maxLength(100)))
    .check(z.meta({ description: "Part of the actor's email or name" })),
  action: z.optional(auditAction),
});
/** What an entry changed, as people name it, with what the console needs to link to it. */
export const auditTarget = z.object({
  type: z.string().check(z.meta({ description: "transaction, user, data_plan, disco, …" })),
  id: z.nullable(z.string()),
  label: z.string().check(
    z.meta({
      description:
        "A transaction's reference, a user's name, a plan's or company's name; the kind and id when it is gone",
    }),
  ),
  detail: z
    .nullable(z.string())
    .check(
      z.meta({ description: "A user's email, a transaction's description, a plan's network or provider" }),
    ),
  parent_id: z
    .nullable(integer())
    .check(
      z.meta({ description: "For a data plan or bouquet: the network or TV provider it is edited under" }),
    ),
});
export type AuditTarget = z.infer<typeof auditTarget>;

export const auditEntry = z.object({
  id: z.uuid(),
  actor: z.nullable(z.object({ id: z.uuid(), email: z.string(), name: z.string() })),
  action: auditAction,
  target: auditTarget,
  before: z
    .unknown()
    .check(z.meta({ description: "Fields as schemas/auditFields.ts names them; null when created" })),
  after: z
    .unknown()
    .check(z.meta({ description: "Fields as schemas/auditFields.ts names them; null when deleted" })),
  ip: z.nullable(z.string()),
  created_at: timestamp,
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const referral = z.object({
  referrer: userRef,
  referred: z.extend(userRef, { date_joined: timestamp }),
  state: z.enum(["waiting", "paid"]),
  bonus: z.nullable(integer()),
  paid_at: z.nullable(timestamp),
  reference: z.nullable(z.string()),
});
export type Referral = z.infer<typeof referral>;

export const emergencyStatus = z.object({
  enabled: z.boolean(),
  message: z.string(),
  updated_at: z.nullable(timestamp),
  updated_by: z.nullable(z.object({ id: z.uuid(), email: z.string() })),
});
export type EmergencyStatus = z.infer<typeof emergencyStatus>;
export const emergencyBody = z
  .strictObject({
    enabled: z.boolean().check(z.meta({ title: "Emergency mode" })),
    message: z
      .optional(z.string().check(z.trim(), z.maxLength(280)))
      .check(z.meta({ title: "Message to customers", widget: "textarea" })),
  })
  .check(
    z.refine((body) => !body.enabled || (body.message?.length ?? 0) >= 5, {
      path: ["message"],
      error: "Tell customers why sales are paused (at least 5 characters).",
    }),
  );
export type EmergencyBody = z.infer<typeof emergencyBody>;
/** The dashboard's form for switching on: the message is what switching on needs, so it is required there. */
export const emergencyNotice = z.strictObject({
  message: z.string().check(
    z.trim(),
    z.minLength(5, { error: "Tell customers why sales are paused (at least 5 characters)." }),
    z.maxLength(280),
    z.meta({
      title: "Message to customers",
      description: "Shown on their dashboards and with every refused purchase",
      widget: "textarea",
    }),
  ),
});

export const notificationBody = z.strictObject({
  title: z.string().check(z.trim(), z.minLength(3), z.maxLength(80), z.meta({ title: "Title" })),
  body: z
    .string()
    .check(z.trim(), z.minLength(3), z.maxLength(1000), z.meta({ title: "Message", widget: "textarea" })),
});
export type NotificationBody = z.infer<typeof notificationBody>;
export const sentNotification = z.extend(notification, { recipients: integer() });

export const circularBody = z
  .strictObject({
    title: z.string().check(z.trim(), z.minLength(3), z.maxLength(80), z.meta({ title: "Title" })),
    body: z
      .string()
      .check(z.trim(), z.minLength(3), z.maxLength(1000), z.meta({ title: "Message", widget: "textarea" })),
    starts_at: instant.check(z.meta({ title: "Shows from", widget: "datetime" })),
    ends_at: instant.check(z.meta({ title: "Shows until", widget: "datetime" })),
  })
  .check(
    z.refine((c) => Date.parse(c.ends_at) > Date.parse(c.starts_at), {
      path: ["ends_at"],
      error: "A circular must end after it starts.",
    }),
  );
export type CircularBody = z.infer<typeof circularBody>;
export const adminCircular = z.extend(circular, { current: z.boolean() });
