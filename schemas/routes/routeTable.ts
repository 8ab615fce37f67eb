import { adminConsoleContracts } from "./adminConsole";
import { apiKeyConsoleContracts } from "./apiKeyConsole";
import { apiKeyContracts } from "./apiKeys";
import { authContracts } from "./auth";
import { beneficiaryContracts } from "./beneficiaries";
import { bulkContracts } from "./bulk";
import { catalogueContracts } from "./catalogue";
import { catalogueAdminContracts } from "./catalogueAdmin";
import { disputeContracts } from "./disputes";
import { examPinContracts } from "./examPins";
import { examProductAdminContracts } from "./examProductAdmin";
import { kycContracts } from "./kyc";
import { kycMatchContracts } from "./kycMatches";
import { kycRequestContracts } from "./kycRequests";
import { kycReviewContracts } from "./kycReview";
import { levelContracts } from "./levels";
import { levelUpgradeContracts } from "./levelUpgrades";
import { noticeContracts } from "./notice";
import { noticeReadContracts } from "./noticeReads";
import { pinContracts } from "./pin";
import { providerContracts } from "./providers";
import { purchaseContracts } from "./purchase";
import { rechargeCardAdminContracts } from "./rechargeCardAdmin";
import { rechargePinContracts } from "./rechargePins";
import { scheduleContracts } from "./schedules";
import { signedOutContracts } from "./signedOut";
import { smsContracts } from "./sms";
import { staffFundingContracts } from "./staffFunding";
import { staffTransactionContracts } from "./staffTransaction";
import { statusContracts } from "./status";
import { userAdminContracts } from "./userAdmin";
import { v1Contracts } from "./v1";
import { walletContracts } from "./wallet";
import { webhookContracts } from "./webhook";
import { webhookDeliveryContracts } from "./webhookDeliveries";

/**
 * The API's areas, each a group of contracts the client loads as one piece: the one list of them.
 * The server answers each area with one route file (server/routes/areaRoutes.ts, checked against
 * these names by the compiler), in this order.
 */
export const routeAreas = {
  status: statusContracts,
  auth: authContracts,
  signedOut: signedOutContracts,
  pin: pinContracts,
  wallet: walletContracts,
  kyc: kycContracts,
  kycRequests: kycRequestContracts,
  kycReview: kycReviewContracts,
  kycMatches: kycMatchContracts,
  catalogue: catalogueContracts,
  purchase: purchaseContracts,
  examPins: examPinContracts,
  rechargePins: rechargePinContracts,
  bulk: bulkContracts,
  beneficiaries: beneficiaryContracts,
  schedules: scheduleContracts,
  apiKeys: apiKeyContracts,
  apiKeyConsole: apiKeyConsoleContracts,
  webhookDeliveries: webhookDeliveryContracts,
  levelUpgrades: levelUpgradeContracts,
  notices: noticeContracts,
  noticeReads: noticeReadContracts,
  staffFunding: staffFundingContracts,
  staffTransactions: staffTransactionContracts,
  disputes: disputeContracts,
  catalogueAdmin: catalogueAdminContracts,
  examProductAdmin: examProductAdminContracts,
  rechargeCardAdmin: rechargeCardAdminContracts,
  userAdmin: userAdminContracts,
  levels: levelContracts,
  adminConsole: adminConsoleContracts,
  providers: providerContracts,
  webhooks: webhookContracts,
  sms: smsContracts,
  v1: v1Contracts,
};

export type RouteAreas = typeof routeAreas;
export type RouteArea = keyof RouteAreas;

type Merged<U> = (U extends unknown ? (whole: U) => void : never) extends (whole: infer All) => void
  ? All
  : never;

/**
 * Every endpoint of the API by `METHOD /path`: the one source the server mounts, the client calls
 * and the tests exercise. Who may call each is decided by its path (server/http/access.ts).
 */
export type RouteTable = Merged<RouteAreas[RouteArea]>;
export const routeTable: RouteTable = Object.assign({}, ...Object.values(routeAreas));
export type RouteName = keyof RouteTable;
