import { z } from "zod";
import {
  adminCircular,
  auditEntry,
  type CircularBody,
  dashboard,
  type EmergencyBody,
  emergencyStatus,
  type NotificationBody,
  referral,
  revenueReport,
  type StaffInviteBody,
  sentNotification,
  staffInviteResult,
} from "../../schemas/admin";
import {
  staffAirtimeControl,
  staffDataNetwork,
  staffDataPlan,
  staffDisco,
  staffTvPlan,
  staffTvProvider,
} from "../../schemas/catalogueStaff";
import { page } from "../../schemas/common";
import { type KycLimits, type KycOverrideBody, kycLimits } from "../../schemas/kyc";
import { notification } from "../../schemas/notices";
import {
  type ProviderSettingsBody,
  providerStatus,
  reconciliationRun,
  reconciliationRuns,
} from "../../schemas/operations";
import { type PlanSyncBody, planSyncReport, planSyncResult } from "../../schemas/planSync";
import {
  customerHit,
  staffTransaction,
  staffTransactionDetail,
  staffTransactionPage,
  statistics,
} from "../../schemas/staff";
import type { PurchaseKind } from "../../schemas/transactions";
import { transaction } from "../../schemas/transactions";
import { type AdminUserPatch, userDetail, userSummary } from "../../schemas/users";
import type { StaffFundBody } from "../../schemas/wallet";
import type { ApiClient } from "./client";

type Query = Record<string, string | number | undefined | null>;

export function queryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The path of each kind's transaction list (spec section 7 names the airtime one). */
const transactionPaths: Record<PurchaseKind, string> = {
  airtime: "staff/transaction/airtime/",
  data: "staff/transaction/data/",
  tv: "staff/transaction/tv/",
  electricity: "staff/transaction/electricity/",
};

/** Every staff and admin call. Writes announce the server's msg; reads stay quiet. */
export function adminApi(client: ApiClient) {
  return {
    // Catalogue
    airtimeControls: () => client.request("GET", "core/staff/fetch/airtime/", z.array(staffAirtimeControl)),
    patchAirtimeControl: (body: Record<string, unknown>) =>
      client.request("PATCH", "core/staff/fetch/airtime/", staffAirtimeControl, body),
    dataNetworks: () => client.request("GET", "core/staff/fetch/data/networks/", z.array(staffDataNetwork)),
    patchDataNetwork: (body: Record<string, unknown>) =>
      client.request("PATCH", "core/staff/fetch/data/networks/", staffDataNetwork, body),
    dataPlans: (networkId: number) =>
      client.request(
        "GET",
        `core/staff/fetch/data/plans/${queryString({ control_id: networkId })}`,
        z.array(staffDataPlan),
      ),
    createDataPlan: (body: Record<string, unknown>) =>
      client.request("POST", "core/staff/fetch/data/plans/", staffDataPlan, body),
    patchDataPlan: (id: number, body: Record<string, unknown>) =>
      client.request("PATCH", `core/staff/fetch/data/plans/${id}/`, staffDataPlan, body),
    deleteDataPlan: (id: number) =>
      client.request(
        "DELETE",
        `core/staff/fetch/data/plans/${id}/`,
        z.object({ deleted: z.boolean(), disabled: z.boolean() }),
      ),
    tvProviders: () => client.request("GET", "core/staff/fetch/tv/controls", z.array(staffTvProvider)),
    patchTvProvider: (body: Record<string, unknown>) =>
      client.request("PATCH", "core/staff/fetch/tv/controls", staffTvProvider, body),
    tvPlans: (providerId: number) =>
      client.request(
        "GET",
        `core/staff/fetch/tv/plans/${queryString({ control_id: providerId })}`,
        z.array(staffTvPlan),
      ),
    patchTvPlan: (id: number, body: Record<string, unknown>) =>
      client.request("PATCH", `core/staff/fetch/tv/plans/${id}/`, staffTvPlan, body),
    // The provider's data plans beside ours, and importing the chosen ones.
    planSync: (networkId: number) =>
      client.request(
        "GET",
        `core/staff/fetch/data/plans/sync/${queryString({ control_id: networkId })}`,
        planSyncReport,
      ),
    applyPlanSync: (body: PlanSyncBody) =>
      client.request("POST", "core/staff/fetch/data/plans/sync/", planSyncResult, body),
    discos: () => client.request("GET", "core/staff/fetch/electricity/", z.array(staffDisco)),
    patchDisco: (body: Record<string, unknown>) =>
      client.request("PATCH", "core/staff/fetch/electricity/", staffDisco, body),

    // Transactions and customers
    statistics: () => client.request("GET", "core/staff/statistics/", statistics),
    transactions: (kind: PurchaseKind, query: Query = {}) =>
      client.request("GET", `${transactionPaths[kind]}${queryString(query)}`, staffTransactionPage),
    allTransactions: (query: Query = {}) =>
      client.request("GET", `sys.admin/transactions/${queryString(query)}`, staffTransactionPage),
    transaction: (id: string) =>
      client.request("GET", `core/staff/transaction/${id}`, staffTransactionDetail),
    refund: (id: string, reason: string) =>
      client.request("POST", `core/staff/transaction/${id}/refund/`, staffTransaction, { reason }),
    requery: (id: string) =>
      client.request("POST", `core/staff/transaction/${id}/requery/`, staffTransaction),
    customers: (query: Query = {}) =>
      client.request("GET", `core/staff/customers/${queryString(query)}`, page(customerHit)),
    fundCustomer: (userId: string, body: StaffFundBody) =>
      client.request("POST", `staff/customer/fund/${userId}/`, transaction, body),

    // Admin
    users: (query: Query = {}) =>
      client.request("GET", `sys.admin/users/${queryString(query)}`, page(userSummary)),
    user: (id: string) => client.request("GET", `sys.admin/users/${id}`, userDetail),
    inviteStaff: (body: StaffInviteBody) =>
      client.request("POST", "sys.admin/staff/", staffInviteResult, body),
    patchUser: (id: string, body: AdminUserPatch) =>
      client.request("PATCH", `sys.admin/users/${id}/`, userDetail, body),
    // Audited as kyc.override; the answer is the user with their new tier.
    setUserTier: (id: string, body: KycOverrideBody) =>
      client.request("POST", `sys.admin/users/${id}/kyc/`, userDetail, body),
    // The tier limits panel shows its own failure to load.
    kycLimits: () =>
      client.request("GET", "sys.admin/kyc-limits/", kycLimits, undefined, { quietFailure: true }),
    setKycLimits: (body: KycLimits) => client.request("PUT", "sys.admin/kyc-limits/", kycLimits, body),
    dashboard: () => client.request("GET", "sys.admin/dashboard/", dashboard),
    // `msg` is the status text ("Emergency mode is ON"); `data` the message and who switched it.
    // The dashboard's panel shows a failure itself, so these keep it out of a toast.
    emergencyMode: () =>
      client.requestWithMessage("GET", "sys.admin/emergency-mode/", emergencyStatus, undefined, {
        quietFailure: true,
      }),
    setEmergencyMode: (body: EmergencyBody) =>
      client.requestWithMessage("POST", "sys.admin/emergency-mode/", emergencyStatus, body, {
        quietFailure: true,
      }),
    // The provider panel and reconciliation panel show their own failures.
    provider: () =>
      client.request("GET", "sys.admin/provider/", providerStatus, undefined, { quietFailure: true }),
    setProviderSettings: (body: ProviderSettingsBody) =>
      client.request("PATCH", "sys.admin/provider/", providerStatus, body),
    reconciliations: () =>
      client.request("GET", "sys.admin/reconciliation/", reconciliationRuns, undefined, {
        quietFailure: true,
      }),
    reconcile: (day: string) =>
      client.request("POST", "sys.admin/reconciliation/", reconciliationRun, { day }),
    revenue: (query: Query = {}) =>
      client.request("GET", `sys.admin/revenue/${queryString(query)}`, revenueReport),
    audit: (query: Query = {}) =>
      client.request("GET", `sys.admin/audit/${queryString(query)}`, page(auditEntry)),
    referrals: (query: Query = {}) =>
      client.request("GET", `sys.admin/referrals/${queryString(query)}`, page(referral)),
    notifications: (query: Query = {}) =>
      client.request("GET", `sys.admin/notifications/${queryString(query)}`, page(notification)),
    sendNotification: (body: NotificationBody) =>
      client.request("POST", "sys.admin/notifications/", sentNotification, body),
    circulars: () => client.request("GET", "sys.admin/circulars/", z.array(adminCircular)),
    createCircular: (body: CircularBody) =>
      client.request("POST", "sys.admin/circulars/", adminCircular, body),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;
