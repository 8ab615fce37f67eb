import { z } from "zod";
import {
  adminCircular,
  auditEntry,
  auditQuery,
  circularBody,
  dashboard,
  emergencyBody,
  emergencyStatus,
  notificationBody,
  referral,
  revenueQuery,
  revenueReport,
  sentNotification,
} from "../../schemas/admin";
import { page, pageQuery } from "../../schemas/common";
import { notification } from "../../schemas/notices";
import {
  providerSettingsBody,
  providerStatus,
  reconcileBody,
  reconciliationRun,
  reconciliationRuns,
} from "../../schemas/operations";
import type { AppDeps } from "../deps";
import { actorOf } from "../http/actor";
import { badRequest } from "../http/errors";
import { defineRoute } from "../http/route";
import {
  createCircular,
  listCirculars,
  listNotifications,
  sendNotification,
} from "../services/announcements";
import { recordAudit } from "../services/audit";
import { listAudit } from "../services/auditTrail";
import { dashboardFigures, revenueReport as loadRevenue } from "../services/businessFigures";
import { emergencyStatus as loadEmergency, setEmergencyMode } from "../services/emergencySwitch";
import { latestRuns, reconcileDay, runView } from "../services/funding/fundingReconciliation";
import { providerStatus as loadProvider, setProviderSettings } from "../services/providerAccount";
import { listReferrals } from "../services/referrals";
import { lagosDay } from "../services/transactions/lagosDays";

const statusText = (enabled: boolean) => (enabled ? "Emergency mode is ON" : "Emergency mode is OFF");

export function adminConsoleRoutes(deps: AppDeps) {
  const actor = (c: Parameters<typeof actorOf>[0]) => actorOf(c, deps.config.trustProxy);
  return [
    defineRoute({
      method: "get",
      path: "/sys.admin/provider",
      tag: "Admin",
      summary:
        "The business's wallet at the provider (read at most once a minute), the low-balance threshold, and account alerts",
      result: providerStatus,
      async handle() {
        return { msg: "Provider status retrieved.", data: await loadProvider(deps) };
      },
    }),
    defineRoute({
      method: "patch",
      path: "/sys.admin/provider",
      tag: "Admin",
      summary: "Set the balance below which the dashboard warns",
      body: providerSettingsBody,
      result: providerStatus,
      async handle({ body, c }) {
        return { msg: "Provider settings saved.", data: await setProviderSettings(deps, actor(c), body) };
      },
    }),
    defineRoute({
      method: "get",
      path: "/sys.admin/reconciliation",
      tag: "Admin",
      summary: "The latest daily reconciliations of the gateway's payments with our credits, newest first",
      result: reconciliationRuns,
      async handle() {
        return { msg: "Reconciliations retrieved.", data: { runs: await latestRuns(deps.db) } };
      },
    }),
    defineRoute({
      method: "post",
      path: "/sys.admin/reconciliation",
      tag: "Admin",
      summary: "Run a day's reconciliation now (it also runs by itself for yesterday); credits are audited",
      body: reconcileBody,
      result: reconciliationRun,
      async handle({ body, c }) {
        const today = lagosDay(deps.clock.now());
        if (body.day > today)
          throw badRequest("That day has not come yet.", { day: ["That day has not come yet."] });
        const who = actor(c);
        const run = await reconcileDay(deps, body.day, who.user.id);
        await deps.db.transaction((tx) =>
          recordAudit(tx, deps.clock, {
            actorId: who.user.id,
            action: "reconciliation.run",
            targetType: "reconciliation",
            targetId: body.day,
            before: null,
            after: {
              status: run.status,
              checked: run.checked,
              credited: run.credited,
              unmatched: run.unmatched,
            },
            ip: who.ip,
          }),
        );
        const data = runView(run, { id: who.user.id, email: who.user.email });
        return {
          msg: run.status === "done" ? "Reconciliation done." : "Reconciliation did not finish.",
          data,
        };
      },
    }),
    defineRoute({
      method: "get",
      path: "/sys.admin/dashboard",
      tag: "Admin",
      summary: "Totals, what is pending, customers, and daily volume and revenue for the last 30 days",
      result: dashboard,
      async handle() {
        return { msg: "Dashboard retrieved.", data: await dashboardFigures(deps.db, deps.clock) };
      },
    }),
    defineRoute({
      method: "get",
      path: "/sys.admin/emergency-mode",
      tag: "Admin",
      summary: "`msg` is the status text; `data` says who switched it and when",
      result: emergencyStatus,
      async handle() {
        const data = await loadEmergency(deps.db);
        return { msg: statusText(data.enabled), data };
      },
    }),
    defineRoute({
      method: "post",
      path: "/sys.admin/emergency-mode",
      tag: "Admin",
      summary: "Stop every sale and funding with a message to customers (`enabled: true`), or resume",
      body: emergencyBody,
      result: emergencyStatus,
      async handle({ body, c }) {
        const data = await setEmergencyMode(deps, actor(c), body);
        return { msg: statusText(data.enabled), data };
      },
    }),
    defineRoute({
      method: "get",
      path: "/sys.admin/revenue",
      tag: "Admin",
      summary:
        "Revenue (price less cost) by day and by service between two days in Lagos; the last 30 by default",
      query: revenueQuery,
      result: revenueReport,
      async handle({ query }) {
        if (query.from && query.to && query.from > query.to) {
          throw badRequest("The first day must not be after the last.", {
            from: ["The first day must not be after the last."],
          });
        }
        if (query.from && query.to && Date.parse(query.to) - Date.parse(query.from) > 366 * 86_400_000) {
          throw badRequest("Ask for at most a year at a time.", {
            to: ["Ask for at most a year at a time."],
          });
        }
        return { msg: "Revenue retrieved.", data: await loadRevenue(deps.db, deps.clock, query) };
      },
    }),
    defineRoute({
      method: "get",
      path: "/sys.admin/audit",
      tag: "Admin",
      summary: "The audit log, newest first; filter by actor (email or name) and action",
      query: auditQuery,
      result: page(auditEntry),
      async handle({ query }) {
        return { msg: "Audit log retrieved.", data: await listAudit(deps.db, query) };
      },
    }),
    defineRoute({
      method: "get",
      path: "/sys.admin/referrals",
      tag: "Admin",
      summary: "Who referred whom, and whether the referrer's bonus has been paid",
      query: pageQuery,
      result: page(referral),
      async handle({ query }) {
        return { msg: "Referrals retrieved.", data: await listReferrals(deps.db, query) };
      },
    }),
    defineRoute({
      method: "get",
      path: "/sys.admin/notifications",
      tag: "Admin",
      summary: "Notifications sent, newest first",
      query: pageQuery,
      result: page(notification),
      async handle({ query }) {
        return { msg: "Notifications retrieved.", data: await listNotifications(deps.db, query) };
      },
    }),
    defineRoute({
      method: "post",
      path: "/sys.admin/notifications",
      tag: "Admin",
      summary: "Send a notification to every customer: in-app, and by email where a mail server is set up",
      body: notificationBody,
      result: sentNotification,
      successStatus: 201,
      async handle({ body, c }) {
        const data = await sendNotification(deps, actor(c), body);
        return { msg: `Sent to ${data.recipients} customer${data.recipients === 1 ? "" : "s"}.`, data };
      },
    }),
    defineRoute({
      method: "get",
      path: "/sys.admin/circulars",
      tag: "Admin",
      summary: "Every circular, with whether it shows now",
      result: z.array(adminCircular),
      async handle() {
        return { msg: "Circulars retrieved.", data: await listCirculars(deps) };
      },
    }),
    defineRoute({
      method: "post",
      path: "/sys.admin/circulars",
      tag: "Admin",
      summary: "Publish a circular: shown on the customer dashboard between starts_at and ends_at",
      body: circularBody,
      result: adminCircular,
      successStatus: 201,
      async handle({ body, c }) {
        return { msg: "Circular published.", data: await createCircular(deps, actor(c), body) };
      },
    }),
  ];
}
