import type { RouteKey } from "../../schemas/routes/contract";
import type { RouteArea, RouteAreas } from "../../schemas/routes/routeTable";
import type { AppDeps } from "../deps";
import type { Route } from "../http/route";
import type { RecentReads } from "../services/recentReads";
import { adminConsoleRoutes } from "./adminConsoleRoutes";
import { apiKeyConsoleRoutes } from "./apiKeyConsoleRoutes";
import { apiKeyRoutes } from "./apiKeyRoutes";
import { authRoutes } from "./authRoutes";
import { beneficiaryRoutes } from "./beneficiaryRoutes";
import { bulkRoutes } from "./bulkRoutes";
import { catalogueAdminRoutes } from "./catalogueAdminRoutes";
import { catalogueRoutes } from "./catalogueRoutes";
import { disputeRoutes } from "./disputeRoutes";
import { examPinRoutes } from "./examPinRoutes";
import { examProductAdminRoutes } from "./examProductAdminRoutes";
import { kycMatchRoutes } from "./kycMatchRoutes";
import { kycRequestRoutes } from "./kycRequestRoutes";
import { kycReviewRoutes } from "./kycReviewRoutes";
import { kycRoutes } from "./kycRoutes";
import { levelRoutes } from "./levelRoutes";
import { levelUpgradeRoutes } from "./levelUpgradeRoutes";
import { noticeReadRoutes } from "./noticeReadRoutes";
import { noticeRoutes } from "./noticeRoutes";
import { pinRoutes } from "./pinRoutes";
import { providerRoutes } from "./providerRoutes";
import { purchaseRoutes } from "./purchaseRoutes";
import { rechargeCardAdminRoutes } from "./rechargeCardAdminRoutes";
import { rechargePinRoutes } from "./rechargePinRoutes";
import { scheduleRoutes } from "./scheduleRoutes";
import { signedOutRoutes } from "./signedOutRoutes";
import { smsRoutes } from "./smsRoutes";
import { staffFundingRoutes } from "./staffFundingRoutes";
import { staffTransactionRoutes } from "./staffTransactionRoutes";
import { statusRoutes } from "./statusRoutes";
import { userAdminRoutes } from "./userAdminRoutes";
import { v1Routes } from "./v1Routes";
import { walletRoutes } from "./walletRoutes";
import { webhookDeliveryRoutes } from "./webhookDeliveryRoutes";
import { webhookRoutes } from "./webhookRoutes";

/** The routes of one area: only its own contracts (the compiler checks), each once (areaRoutes.test.ts). */
type AreaRoutes<A extends RouteArea> = (
  deps: AppDeps,
  recent: RecentReads,
) => Route<keyof RouteAreas[A] & RouteKey>[];

/**
 * The route file answering each area of the contract (schemas/routes/routeTable.ts): the compiler
 * refuses an area left out, an area the contract does not have, and a route of another area.
 */
export const areaRoutes: { [A in RouteArea]: AreaRoutes<A> } = {
  status: statusRoutes,
  auth: authRoutes,
  signedOut: signedOutRoutes,
  pin: pinRoutes,
  wallet: walletRoutes,
  kyc: kycRoutes,
  kycRequests: kycRequestRoutes,
  kycReview: kycReviewRoutes,
  kycMatches: kycMatchRoutes,
  catalogue: catalogueRoutes,
  purchase: purchaseRoutes,
  examPins: examPinRoutes,
  rechargePins: rechargePinRoutes,
  bulk: bulkRoutes,
  beneficiaries: beneficiaryRoutes,
  schedules: scheduleRoutes,
  apiKeys: apiKeyRoutes,
  apiKeyConsole: apiKeyConsoleRoutes,
  webhookDeliveries: webhookDeliveryRoutes,
  levelUpgrades: levelUpgradeRoutes,
  notices: noticeRoutes,
  noticeReads: noticeReadRoutes,
  staffFunding: staffFundingRoutes,
  staffTransactions: staffTransactionRoutes,
  disputes: disputeRoutes,
  catalogueAdmin: catalogueAdminRoutes,
  examProductAdmin: examProductAdminRoutes,
  rechargeCardAdmin: rechargeCardAdminRoutes,
  userAdmin: userAdminRoutes,
  levels: levelRoutes,
  adminConsole: adminConsoleRoutes,
  providers: providerRoutes,
  webhooks: webhookRoutes,
  sms: smsRoutes,
  v1: v1Routes,
};
