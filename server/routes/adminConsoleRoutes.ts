import type { AppDeps } from "../deps";
import { actorOf } from "../http/actor";
import { implement } from "../http/route";
import { lagosDay } from "../lagosCalendar";
import { fieldRefusal } from "../refusal";
import { listAudit } from "../services/console/auditTrail";
import { dashboardFigures, revenueReport as loadRevenue } from "../services/console/businessFigures";
import { emergencyStatus as loadEmergency, setEmergencyMode } from "../services/console/emergencySwitch";
import { latestRuns, reconcileDay, runView } from "../services/funding/fundingReconciliation";
import {
  createCircular,
  listCirculars,
  listNotifications,
  sendNotification,
} from "../services/notices/announcements";
import { listReferrals } from "../services/people/referrals";

const statusText = (enabled: boolean) => (enabled ? "Emergency mode is ON" : "Emergency mode is OFF");

export function adminConsoleRoutes(deps: AppDeps) {
  const actor = (c: Parameters<typeof actorOf>[0]) => actorOf(c, deps.config.trustProxy);
  return [
    implement("GET /sys.admin/reconciliation", async () => {
      return { msg: "Reconciliations retrieved.", data: { runs: await latestRuns(deps.db) } };
    }),
    implement("POST /sys.admin/reconciliation", async ({ body, c }) => {
      const today = lagosDay(deps.clock.now());
      if (body.day > today) throw fieldRefusal("day", "That day has not come yet.");
      const who = actor(c);
      const run = await reconcileDay(deps, body.day, who);
      const data = runView(run, { id: who.user.id, email: who.user.email });
      return {
        msg: run.status === "done" ? "Reconciliation done." : "Reconciliation did not finish.",
        data,
      };
    }),
    implement("GET /sys.admin/dashboard", async () => {
      return {
        msg: "Dashboard retrieved.",
        data: await dashboardFigures(deps.db, deps.clock, deps.providers.labelOf),
      };
    }),
    implement("GET /sys.admin/emergency-mode", async () => {
      const data = await loadEmergency(deps.db);
      return { msg: statusText(data.enabled), data };
    }),
    implement("POST /sys.admin/emergency-mode", async ({ body, c }) => {
      const data = await setEmergencyMode(deps, actor(c), body);
      return { msg: statusText(data.enabled), data };
    }),
    implement("GET /sys.admin/revenue", async ({ query }) => {
      return { msg: "Revenue retrieved.", data: await loadRevenue(deps.db, deps.clock, query) };
    }),
    implement("GET /sys.admin/audit", async ({ query }) => {
      return { msg: "Audit log retrieved.", data: await listAudit(deps.db, query) };
    }),
    implement("GET /sys.admin/referrals", async ({ query }) => {
      return { msg: "Referrals retrieved.", data: await listReferrals(deps.db, query) };
    }),
    implement("GET /sys.admin/notifications", async ({ query }) => {
      return { msg: "Notifications retrieved.", data: await listNotifications(deps.db, query) };
    }),
    implement("POST /sys.admin/notifications", async ({ body, c }) => {
      const data = await sendNotification(deps, actor(c), body);
      return { msg: `Sent to ${data.recipients} customer${data.recipients === 1 ? "" : "s"}.`, data };
    }),
    implement("GET /sys.admin/circulars", async () => {
      return { msg: "Circulars retrieved.", data: await listCirculars(deps) };
    }),
    implement("POST /sys.admin/circulars", async ({ body, c }) => {
      return { msg: "Circular published.", data: await createCircular(deps, actor(c), body) };
    }),
  ];
}
