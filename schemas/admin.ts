import { z } from "zod";
import { email, pageQuery, personName, phone, timestamp } from "./common";
import { circular, notification } from "./notices";
import { serviceTotals, statistics, userRef } from "./staff";

export const dailyFigures = z.object({
  date: z.iso.date(),
  count: z.number().int(),
  volume: z.number().int(),
  revenue: z.number().int(),
});

export const dashboard = statistics.extend({
  daily: z.array(dailyFigures).meta({ description: "The last 30 days, oldest first, in Lagos" }),
  customers: z.object({ total: z.number().int(), joined_today: z.number().int() }),
});
export type Dashboard = z.infer<typeof dashboard>;

export const revenueQuery = z.strictObject({ from: z.iso.date().optional(), to: z.iso.date().optional() });
export const revenueReport = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  revenue: z
    .number()
    .int()
    .meta({ description: "Price less cost of delivered purchases, less the cost of refunded ones" }),
  volume: z.number().int(),
  days: z.array(dailyFigures),
  by_service: z.array(serviceTotals.extend({ kind: z.string() })),
});
export type RevenueReport = z.infer<typeof revenueReport>;

/** Every action the server writes to the audit log: the server may write no other, and the log's filter offers these. */
export const auditAction = z.enum([
  "user.update",
  "wallet.fund",
  "transaction.refund",
  "transaction.requery",
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
  "staff.invite",
  "kyc.override",
]);
export type AuditAction = z.infer<typeof auditAction>;

/** An admin makes a staff member or another admin directly; they choose their password from the emailed link. */
export const staffInviteBody = z.strictObject({
  first_name: personName("First name"),
  last_name: personName("Last name"),
  email,
  phone,
  role: z.enum(["staff", "admin"], { error: "Role must be staff or admin." }).meta({ title: "Role" }),
});
export type StaffInviteBody = z.infer<typeof staffInviteBody>;
export const staffInviteResult = z.object({ id: z.uuid(), email: z.string() });

export const auditQuery = pageQuery.extend({
  actor: z.string().trim().max(100).optional().meta({ description: "Part of the actor's email or name" }),
  action: auditAction.optional(),
});
export const auditEntry = z.object({
  id: z.uuid(),
  actor: z.object({ id: z.uuid(), email: z.string(), name: z.string() }).nullable(),
  action: auditAction,
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  created_at: timestamp,
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const referral = z.object({
  referrer: userRef,
  referred: userRef.extend({ date_joined: timestamp }),
  state: z.enum(["waiting", "paid"]),
  bonus: z.number().int().nullable(),
  paid_at: timestamp.nullable(),
  reference: z.string().nullable(),
});
export type Referral = z.infer<typeof referral>;

export const emergencyStatus = z.object({
  enabled: z.boolean(),
  message: z.string(),
  updated_at: timestamp.nullable(),
  updated_by: z.object({ id: z.uuid(), email: z.string() }).nullable(),
});
export type EmergencyStatus = z.infer<typeof emergencyStatus>;
export const emergencyBody = z
  .strictObject({
    enabled: z.boolean().meta({ title: "Emergency mode" }),
    message: z
      .string()
      .trim()
      .max(280)
      .optional()
      .meta({ title: "Message to customers", widget: "textarea" }),
  })
  .refine((body) => !body.enabled || (body.message?.length ?? 0) >= 5, {
    path: ["message"],
    error: "Tell customers why sales are paused (at least 5 characters).",
  });
export type EmergencyBody = z.infer<typeof emergencyBody>;
/** The dashboard's form for switching on: the message is what switching on needs, so it is required there. */
export const emergencyNotice = z.strictObject({
  message: z
    .string()
    .trim()
    .min(5, { error: "Tell customers why sales are paused (at least 5 characters)." })
    .max(280)
    .meta({
      title: "Message to customers",
      description: "Shown on their dashboards and with every refused purchase",
      widget: "textarea",
    }),
});

export const notificationBody = z.strictObject({
  title: z.string().trim().min(3).max(80).meta({ title: "Title" }),
  body: z.string().trim().min(3).max(1000).meta({ title: "Message", widget: "textarea" }),
});
export type NotificationBody = z.infer<typeof notificationBody>;
export const sentNotification = notification.extend({ recipients: z.number().int() });

export const circularBody = z
  .strictObject({
    title: z.string().trim().min(3).max(80).meta({ title: "Title" }),
    body: z.string().trim().min(3).max(1000).meta({ title: "Message", widget: "textarea" }),
    starts_at: z.iso.datetime({ offset: true }).meta({ title: "Shows from", widget: "datetime" }),
    ends_at: z.iso.datetime({ offset: true }).meta({ title: "Shows until", widget: "datetime" }),
  })
  .refine((c) => Date.parse(c.ends_at) > Date.parse(c.starts_at), {
    path: ["ends_at"],
    error: "A circular must end after it starts.",
  });
export type CircularBody = z.infer<typeof circularBody>;
export const adminCircular = circular.extend({ current: z.boolean() });
