import type { z } from "zod/mini";
import { page } from "../../schemas/common";
import { meterVerifyResult, tvVerifyResult } from "../../schemas/purchases";
import { catalogueContracts } from "../../schemas/routes/catalogue";
import type { BodyOf, QueryOf } from "../../schemas/routes/contract";
import type { disputeContracts } from "../../schemas/routes/disputes";
import type { examPinContracts } from "../../schemas/routes/examPins";
import { kycContracts } from "../../schemas/routes/kyc";
import type { kycRequestContracts } from "../../schemas/routes/kycRequests";
import type { levelUpgradeContracts } from "../../schemas/routes/levelUpgrades";
import { noticeContracts } from "../../schemas/routes/notice";
import { purchaseContracts } from "../../schemas/routes/purchase";
import type { rechargePinContracts } from "../../schemas/routes/rechargePins";
import { statusContracts } from "../../schemas/routes/status";
import { walletContracts } from "../../schemas/routes/wallet";
import { transaction } from "../../schemas/transactions";
import type { ApiClient, CallOptions } from "./client";

export const transactionPage = page(transaction);
export type TransactionPage = z.infer<typeof transactionPage>;

type Purchases = typeof purchaseContracts;
type TvBody = BodyOf<Purchases["POST /core/customer/tv"]>;
type ElectricityBody = BodyOf<Purchases["POST /core/customer/electricity"]>;
type Without<T, A> = T extends { action: A } ? Omit<T, "action"> : never;

// The wizards and the card form show an outcome and refusals on their own screen; a toast as well would
// say everything twice. A 401 that ends the session is still announced by the client.
const shownOnPage: CallOptions = { announceSuccess: false, quietFailure: true };
const quiet: CallOptions = { quietFailure: true };

type KycRequests = typeof kycRequestContracts;
const kycRequests = () => import("../../schemas/routes/kycRequests").then((m) => m.kycRequestContracts);
type ExamPins = typeof examPinContracts;
// Only the exam-PIN wizard checks a candidate and buys: its bodies load with its first such call.
const examPins = () => import("../../schemas/routes/examPins").then((m) => m.examPinContracts);
type RechargePins = typeof rechargePinContracts;
// Only the recharge-card wizard buys cards: its body loads with its first such call.
const rechargePins = () => import("../../schemas/routes/rechargePins").then((m) => m.rechargePinContracts);
type LevelUpgrades = typeof levelUpgradeContracts;
// Only the profile's price level section calls these: their schemas load with its first call.
const levelUpgrades = () => import("../../schemas/routes/levelUpgrades").then((m) => m.levelUpgradeContracts);
type Disputes = typeof disputeContracts;
// Only a receipt's "Report a problem" sends one: its body loads with the first report.
const disputes = () => import("../../schemas/routes/disputes").then((m) => m.disputeContracts);

/** Every customer call, typed by the shared route contracts. Writes announce the server's msg; reads stay quiet. */
export function customerApi(client: ApiClient) {
  const tv = (body: TvBody) =>
    client.call(purchaseContracts, "POST /core/customer/tv", { body }, shownOnPage);
  const electricity = (body: ElectricityBody) =>
    client.call(purchaseContracts, "POST /core/customer/electricity", { body }, shownOnPage);
  return {
    wallet: () => client.call(walletContracts, "GET /core/customer/wallet"),
    fund: (body: BodyOf<(typeof walletContracts)["POST /core/customer/wallet/fund"]>) =>
      client.call(walletContracts, "POST /core/customer/wallet/fund", { body }, shownOnPage),
    // Back from the gateway: the server asks the gateway about the payment and answers the funding.
    // The page says itself when it cannot tell.
    verifyFunding: (reference: string) =>
      client.call(
        walletContracts,
        "GET /core/customer/wallet/fund/:reference",
        { params: { reference } },
        quiet,
      ),
    // The customer's own account number for transfers; the panel shows its own failure.
    bankAccount: () => client.call(walletContracts, "GET /core/customer/wallet/bank-account", {}, quiet),
    transactions: (query: QueryOf<(typeof walletContracts)["GET /core/customer/transactions"]> = {}) =>
      client.call(walletContracts, "GET /core/customer/transactions", { query }),
    // The receipt and the checkout's return page say themselves when a transaction cannot be read.
    transaction: (reference: string) =>
      client.call(
        walletContracts,
        "GET /core/customer/transactions/:reference",
        { params: { reference } },
        quiet,
      ),

    airtimeControls: () => client.call(catalogueContracts, "GET /core/customer/fetch/airtime"),
    dataNetworks: () => client.call(catalogueContracts, "GET /core/customer/fetch/data"),
    dataPlans: (id: number) =>
      client.call(catalogueContracts, "GET /core/customer/fetch/data/:id", { params: { id } }),
    tvProviders: () => client.call(catalogueContracts, "GET /core/customer/fetch/tv"),
    tvPlans: (id: number) =>
      client.call(catalogueContracts, "GET /core/customer/fetch/tv/:id", { params: { id } }),
    discos: () => client.call(catalogueContracts, "GET /core/customer/fetch/electricity"),
    examPins: () => client.call(catalogueContracts, "GET /core/customer/fetch/exam-pins"),
    rechargeCards: () => client.call(catalogueContracts, "GET /core/customer/fetch/recharge-pins"),

    buyAirtime: (body: BodyOf<Purchases["POST /core/customer/airtime"]>) =>
      client.call(purchaseContracts, "POST /core/customer/airtime", { body }, shownOnPage),
    buyData: (body: BodyOf<Purchases["POST /core/customer/data-bundle"]>) =>
      client.call(purchaseContracts, "POST /core/customer/data-bundle", { body }, shownOnPage),
    // One path answers both actions; each caller knows which answer it asked for.
    verifySmartcard: async (body: Without<TvBody, "verify">) =>
      tvVerifyResult.parse(await tv({ action: "verify", ...body })),
    buyTv: async (body: Without<TvBody, "buy">) => transaction.parse(await tv({ action: "buy", ...body })),
    verifyMeter: async (body: Without<ElectricityBody, "verify">) =>
      meterVerifyResult.parse(await electricity({ action: "verify", ...body })),
    buyElectricity: async (body: Without<ElectricityBody, "buy">) =>
      transaction.parse(await electricity({ action: "buy", ...body })),

    verifyExamCandidate: async (body: BodyOf<ExamPins["POST /core/customer/exam-pins/verify"]>) =>
      client.call(await examPins(), "POST /core/customer/exam-pins/verify", { body }, shownOnPage),
    buyExamPins: async (body: BodyOf<ExamPins["POST /core/customer/exam-pins"]>) =>
      client.call(await examPins(), "POST /core/customer/exam-pins", { body }, shownOnPage),
    buyRechargePins: async (body: BodyOf<RechargePins["POST /core/customer/recharge-pins"]>) =>
      client.call(await rechargePins(), "POST /core/customer/recharge-pins", { body }, shownOnPage),

    // The profile's verification section says itself when the tier cannot be read.
    kyc: () => client.call(kycContracts, "GET /core/customer/kyc", {}, quiet),
    // The server's msg ("Your BVN matched your name…") is toasted on success; a refusal is shown in the
    // verification modal beside the number, so a toast as well would say it twice.
    verifyIdentity: (body: BodyOf<(typeof kycContracts)["POST /core/customer/kyc/verify"]>) =>
      client.call(kycContracts, "POST /core/customer/kyc/verify", { body }, quiet),
    // A correction of the details a check fixed, and a contest of a number another account holds: both
    // wait for staff, and the server's msg says so. Their schemas load with the first one sent, so the
    // customer's other pages never download them.
    requestDetailChange: async (body: BodyOf<KycRequests["POST /core/customer/kyc/changes"]>) =>
      client.call(await kycRequests(), "POST /core/customer/kyc/changes", { body }),
    // The receipt's dispute: read by the receipt's own part, which says itself when it cannot.
    purchaseDispute: async (id: string) =>
      client.call(await disputes(), "GET /core/customer/transactions/:id/dispute", { params: { id } }, quiet),
    // Shown in its dialog (refusals beside the fields), not as a toast.
    reportProblem: async (
      id: string,
      body: BodyOf<Disputes["POST /core/customer/transactions/:id/dispute"]>,
    ) =>
      client.call(
        await disputes(),
        "POST /core/customer/transactions/:id/dispute",
        { params: { id }, body },
        shownOnPage,
      ),
    contestIdentity: async (body: BodyOf<KycRequests["POST /core/customer/kyc/contest"]>) =>
      client.call(await kycRequests(), "POST /core/customer/kyc/contest", { body }),
    // The code sent to the registry's phone: its refusals show under the code field, so no toast.
    confirmIdentityCode: async (body: BodyOf<KycRequests["POST /core/customer/kyc/confirm-code"]>) =>
      client.call(await kycRequests(), "POST /core/customer/kyc/confirm-code", { body }, quiet),
    resendIdentityCode: async () =>
      client.call(await kycRequests(), "POST /core/customer/kyc/resend-code", {}, shownOnPage),

    // The price level section says itself when the levels cannot be read; an upgrade's success is
    // toasted (the server's msg), its refusal shown in the confirm dialog beside the PIN.
    levels: async () => client.call(await levelUpgrades(), "GET /core/customer/levels", {}, quiet),
    upgradeLevel: async (body: BodyOf<LevelUpgrades["POST /core/customer/level-upgrade"]>) =>
      client.call(await levelUpgrades(), "POST /core/customer/level-upgrade", { body }, quiet),

    notifications: () => client.call(noticeContracts, "GET /core/customer/notifications"),
    // The bell's count and the inbox's "seen", loaded with the bell once the page has drawn.
    noticeReads: () => import("./noticeReadsApi").then((m) => m.noticeReadsApi(client)),
    // Bulk purchases: only the bulk page calls these, so their schemas load with it.
    bulk: () => import("./bulkApi").then((m) => m.bulkApi(client)),
    // Saved recipients and Buy again: the wizards, the receipt and the profile load them on first use.
    recipients: () => import("./recipientsApi").then((m) => m.recipientsApi(client)),
    // Scheduled purchases: only their page calls these, so their schemas load with it.
    schedules: () => import("./scheduleApi").then((m) => m.scheduleApi(client)),
    // SMS: only the receipt's SMS line and the profile's setting call these, so they load with them.
    sms: () => import("./smsApi").then((m) => m.smsApi(client)),
    // Decorations of the dashboard: when they cannot load, the page simply goes without them.
    circulars: () => client.call(noticeContracts, "GET /core/customer/circulars", {}, quiet),
    status: () => client.call(statusContracts, "GET /status", {}, quiet),
  };
}

export type CustomerApi = ReturnType<typeof customerApi>;
