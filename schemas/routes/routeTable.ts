import { adminConsoleContracts } from "./adminConsole";
import { apiKeyConsoleContracts } from "./apiKeyConsole";
import { apiKeyContracts } from "./apiKeys";
import { authContracts } from "./auth";
import { catalogueContracts } from "./catalogue";
import { catalogueAdminContracts } from "./catalogueAdmin";
import { kycContracts } from "./kyc";
import { kycRequestContracts } from "./kycRequests";
import { kycReviewContracts } from "./kycReview";
import { levelContracts } from "./levels";
import { levelUpgradeContracts } from "./levelUpgrades";
import { noticeContracts } from "./notice";
import { noticeReadContracts } from "./noticeReads";
import { pinContracts } from "./pin";
import { providerContracts } from "./providers";
import { purchaseContracts } from "./purchase";
import { signedOutContracts } from "./signedOut";
import { staffFundingContracts } from "./staffFunding";
import { staffTransactionContracts } from "./staffTransaction";
import { statusContracts } from "./status";
import { userAdminContracts } from "./userAdmin";
import { v1Contracts } from "./v1";
import { walletContracts } from "./wallet";
import { webhookContracts } from "./webhook";
import { webhookDeliveryContracts } from "./webhookDeliveries";

/**
 * Every endpoint of the API by `METHOD /path`: the one source the server mounts, the client calls
 * and the tests exercise. Who may call each is decided by its path (server/http/access.ts).
 */
export const routeTable = {
  ...statusContracts,
  ...authContracts,
  ...signedOutContracts,
  ...pinContracts,
  ...walletContracts,
  ...kycContracts,
  ...kycRequestContracts,
  ...kycReviewContracts,
  ...catalogueContracts,
  ...purchaseContracts,
  ...apiKeyContracts,
  ...apiKeyConsoleContracts,
  ...webhookDeliveryContracts,
  ...levelUpgradeContracts,
  ...noticeContracts,
  ...noticeReadContracts,
  ...staffFundingContracts,
  ...staffTransactionContracts,
  ...catalogueAdminContracts,
  ...userAdminContracts,
  ...levelContracts,
  ...adminConsoleContracts,
  ...providerContracts,
  ...webhookContracts,
  ...v1Contracts,
};

export type RouteTable = typeof routeTable;
export type RouteName = keyof RouteTable;
