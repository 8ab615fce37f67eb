import { z } from "zod/mini";
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
} from "../admin";
import { page, pageQuery } from "../common";
import { notification } from "../notices";
import { reconcileBody, reconciliationRun, reconciliationRuns } from "../operations";
import { contracts } from "./contract";

export const adminConsoleContracts = contracts({
  "GET /sys.admin/reconciliation": {
    tag: "Admin",
    summary: "The latest daily reconciliations of the gateway's payments with our credits, newest first",
    result: reconciliationRuns,
  },
  "POST /sys.admin/reconciliation": {
    tag: "Admin",
    summary: "Run a day's reconciliation now (it also runs by itself for yesterday); credits are audited",
    body: reconcileBody,
    result: reconciliationRun,
  },
  "GET /sys.admin/dashboard": {
    tag: "Admin",
    summary: "Totals, what is pending, customers, and daily volume and revenue for the last 30 days",
    result: dashboard,
  },
  "GET /sys.admin/emergency-mode": {
    tag: "Admin",
    summary: "`msg` is the status text; `data` says who switched it and when",
    result: emergencyStatus,
  },
  "POST /sys.admin/emergency-mode": {
    tag: "Admin",
    summary: "Stop every sale and funding with a message to customers (`enabled: true`), or resume",
    body: emergencyBody,
    result: emergencyStatus,
  },
  "GET /sys.admin/revenue": {
    tag: "Admin",
    summary:
      "Revenue (price less cost) by day and by service between two days in Lagos; the last 30 by default",
    query: revenueQuery,
    result: revenueReport,
  },
  "GET /sys.admin/audit": {
    tag: "Admin",
    summary: "The audit log, newest first; filter by actor (email or name) and action",
    query: auditQuery,
    result: page(auditEntry),
  },
  "GET /sys.admin/referrals": {
    tag: "Admin",
    summary: "Who referred whom, and whether the referrer's bonus has been paid",
    query: pageQuery,
    result: page(referral),
  },
  "GET /sys.admin/notifications": {
    tag: "Admin",
    summary: "Notifications sent, newest first",
    query: pageQuery,
    result: page(notification),
  },
  "POST /sys.admin/notifications": {
    tag: "Admin",
    summary: "Send a notification to every customer: in-app, and by email where a mail server is set up",
    body: notificationBody,
    result: sentNotification,
    successStatus: 201,
  },
  "GET /sys.admin/circulars": {
    tag: "Admin",
    summary: "Every circular, with whether it shows now",
    result: z.array(adminCircular),
  },
  "POST /sys.admin/circulars": {
    tag: "Admin",
    summary: "Publish a circular: shown on the customer dashboard between starts_at and ends_at",
    body: circularBody,
    result: adminCircular,
    successStatus: 201,
  },
});
