import type { LevelSlug } from "../../schemas/levelSlugs";
import { adminConsoleContracts } from "../../schemas/routes/adminConsole";
import type { apiKeyConsoleContracts } from "../../schemas/routes/apiKeyConsole";
import { catalogueAdminContracts } from "../../schemas/routes/catalogueAdmin";
import type { BodyOf, QueryOf } from "../../schemas/routes/contract";
import type { disputeContracts } from "../../schemas/routes/disputes";
import type { examProductAdminContracts } from "../../schemas/routes/examProductAdmin";
import type { kycMatchContracts } from "../../schemas/routes/kycMatches";
import { kycReviewContracts } from "../../schemas/routes/kycReview";
import type { levelContracts } from "../../schemas/routes/levels";
import { providerContracts } from "../../schemas/routes/providers";
import type { rechargeCardAdminContracts } from "../../schemas/routes/rechargeCardAdmin";
import { staffFundingContracts } from "../../schemas/routes/staffFunding";
import { staffTransactionContracts } from "../../schemas/routes/staffTransaction";
import { userAdminContracts } from "../../schemas/routes/userAdmin";
import type { PurchaseKind } from "../../schemas/transactions";
import type { ApiClient } from "./client";

type Catalogue = typeof catalogueAdminContracts;
type Transactions = typeof staffTransactionContracts;
type Users = typeof userAdminContracts;
type Console = typeof adminConsoleContracts;
const catalogue = catalogueAdminContracts;
const transactions = staffTransactionContracts;
const users = userAdminContracts;
const admin = adminConsoleContracts;
const reviews = kycReviewContracts;
type Reviews = typeof kycReviewContracts;
type Matches = typeof kycMatchContracts;
const kycMatches = () => import("../../schemas/routes/kycMatches").then((m) => m.kycMatchContracts);
type Providers = typeof providerContracts;
type Levels = typeof levelContracts;
// Loaded with the first call, by the two pages that make one, so the console's other pages never download them.
const levelRoutes = () => import("../../schemas/routes/levels").then((m) => m.levelContracts);
type Disputes = typeof disputeContracts;
// Only the disputes page calls these: their schemas load with its first call.
const disputeRoutes = () => import("../../schemas/routes/disputes").then((m) => m.disputeContracts);
type ApiKeys = typeof apiKeyConsoleContracts;
type ExamProducts = typeof examProductAdminContracts;
// Loaded with the first call, by the Exam PINs page alone, as the levels' routes are.
const examProductRoutes = () =>
  import("../../schemas/routes/examProductAdmin").then((m) => m.examProductAdminContracts);
type RechargeCards = typeof rechargeCardAdminContracts;
// Loaded with the first call, by the Recharge cards page alone, as the exam PINs' routes are.
const rechargeCardRoutes = () =>
  import("../../schemas/routes/rechargeCardAdmin").then((m) => m.rechargeCardAdminContracts);
// Loaded with the first call, by the API users page alone, as the levels' routes are.
const apiKeyRoutes = () => import("../../schemas/routes/apiKeyConsole").then((m) => m.apiKeyConsoleContracts);

/** The list of each kind's transactions (spec section 7 names the airtime one). */
const transactionLists = {
  airtime: "GET /staff/transaction/airtime",
  data: "GET /staff/transaction/data",
  tv: "GET /staff/transaction/tv",
  electricity: "GET /staff/transaction/electricity",
  exam_pin: "GET /staff/transaction/exam-pins",
  recharge_pin: "GET /staff/transaction/recharge-pins",
} as const satisfies Record<PurchaseKind, keyof Transactions>;

// Panels that show their own failure to load keep it out of a toast.
const quiet = { quietFailure: true };

/** Every staff and admin call, typed by the shared route contracts. Writes announce the server's msg; reads stay quiet. */
export function adminApi(client: ApiClient) {
  return {
    // Catalogue
    airtimeControls: () => client.call(catalogue, "GET /core/staff/fetch/airtime"),
    patchAirtimeControl: (body: BodyOf<Catalogue["PATCH /core/staff/fetch/airtime"]>) =>
      client.call(catalogue, "PATCH /core/staff/fetch/airtime", { body }),
    dataNetworks: () => client.call(catalogue, "GET /core/staff/fetch/data/networks"),
    patchDataNetwork: (body: BodyOf<Catalogue["PATCH /core/staff/fetch/data/networks"]>) =>
      client.call(catalogue, "PATCH /core/staff/fetch/data/networks", { body }),
    dataPlans: (networkId: number) =>
      client.call(catalogue, "GET /core/staff/fetch/data/plans", { query: { control_id: networkId } }),
    createDataPlan: (body: BodyOf<Catalogue["POST /core/staff/fetch/data/plans"]>) =>
      client.call(catalogue, "POST /core/staff/fetch/data/plans", { body }),
    patchDataPlan: (id: number, body: BodyOf<Catalogue["PATCH /core/staff/fetch/data/plans/:id"]>) =>
      client.call(catalogue, "PATCH /core/staff/fetch/data/plans/:id", { params: { id }, body }),
    deleteDataPlan: (id: number) =>
      client.call(catalogue, "DELETE /core/staff/fetch/data/plans/:id", { params: { id } }),
    tvProviders: () => client.call(catalogue, "GET /core/staff/fetch/tv/controls"),
    patchTvProvider: (body: BodyOf<Catalogue["PATCH /core/staff/fetch/tv/controls"]>) =>
      client.call(catalogue, "PATCH /core/staff/fetch/tv/controls", { body }),
    tvPlans: (providerId: number) =>
      client.call(catalogue, "GET /core/staff/fetch/tv/plans", { query: { control_id: providerId } }),
    patchTvPlan: (id: number, body: BodyOf<Catalogue["PATCH /core/staff/fetch/tv/plans/:id"]>) =>
      client.call(catalogue, "PATCH /core/staff/fetch/tv/plans/:id", { params: { id }, body }),
    // The provider's data plans beside ours, and importing the chosen ones.
    planSync: (networkId: number, provider: string) =>
      client.call(catalogue, "GET /core/staff/fetch/data/plans/sync", {
        query: { control_id: networkId, provider },
      }),
    // Each product's offers per provider, and each provider's data id per network.
    putOffer: (body: BodyOf<Catalogue["PUT /core/staff/fetch/offers"]>) =>
      client.call(catalogue, "PUT /core/staff/fetch/offers", { body }),
    removeOffer: (query: QueryOf<Catalogue["DELETE /core/staff/fetch/offers"]>) =>
      client.call(catalogue, "DELETE /core/staff/fetch/offers", { query }),
    putNetworkDataId: (body: BodyOf<Catalogue["PUT /core/staff/fetch/data/networks/ids"]>) =>
      client.call(catalogue, "PUT /core/staff/fetch/data/networks/ids", { body }),
    applyPlanSync: (body: BodyOf<Catalogue["POST /core/staff/fetch/data/plans/sync"]>) =>
      client.call(catalogue, "POST /core/staff/fetch/data/plans/sync", { body }),
    // Exam PINs: staff read them; adding and editing them is admins' (sys.admin/).
    examProducts: async () => client.call(await examProductRoutes(), "GET /core/staff/fetch/exam-pins"),
    createExamProduct: async (body: BodyOf<ExamProducts["POST /sys.admin/exam-pins"]>) =>
      client.call(await examProductRoutes(), "POST /sys.admin/exam-pins", { body }),
    patchExamProduct: async (id: number, body: BodyOf<ExamProducts["PATCH /sys.admin/exam-pins/:id"]>) =>
      client.call(await examProductRoutes(), "PATCH /sys.admin/exam-pins/:id", { params: { id }, body }),
    // Recharge cards: staff read them; pricing them and switching them on or off is admins'.
    rechargeCards: async () => client.call(await rechargeCardRoutes(), "GET /core/staff/fetch/recharge-pins"),
    patchRechargeCard: async (
      id: number,
      body: BodyOf<RechargeCards["PATCH /sys.admin/recharge-pins/:id"]>,
    ) =>
      client.call(await rechargeCardRoutes(), "PATCH /sys.admin/recharge-pins/:id", { params: { id }, body }),
    discos: () => client.call(catalogue, "GET /core/staff/fetch/electricity"),
    patchDisco: (body: BodyOf<Catalogue["PATCH /core/staff/fetch/electricity"]>) =>
      client.call(catalogue, "PATCH /core/staff/fetch/electricity", { body }),

    // Transactions and customers
    statistics: () => client.call(transactions, "GET /core/staff/statistics"),
    transactions: (kind: PurchaseKind, query: QueryOf<Transactions["GET /staff/transaction/airtime"]> = {}) =>
      client.call(transactions, transactionLists[kind], { query }),
    allTransactions: (query: QueryOf<Transactions["GET /sys.admin/transactions"]> = {}) =>
      client.call(transactions, "GET /sys.admin/transactions", { query }),
    transaction: (id: string) =>
      client.call(transactions, "GET /core/staff/transaction/:id", { params: { id } }),
    refund: (id: string, reason: string) =>
      client.call(transactions, "POST /core/staff/transaction/:id/refund", {
        params: { id },
        body: { reason },
      }),
    requery: (id: string) =>
      client.call(transactions, "POST /core/staff/transaction/:id/requery", { params: { id } }),
    customers: (query: QueryOf<Transactions["GET /core/staff/customers"]> = {}) =>
      client.call(transactions, "GET /core/staff/customers", { query }),
    fundCustomer: (
      userId: string,
      body: BodyOf<(typeof staffFundingContracts)["POST /staff/customer/fund/:user_id"]>,
    ) =>
      client.call(staffFundingContracts, "POST /staff/customer/fund/:user_id", {
        params: { user_id: userId },
        body,
      }),

    // Disputes (staff and admins): the queue, one dispute, and its resolution.
    disputes: async (query: QueryOf<Disputes["GET /core/staff/disputes"]> = {}) =>
      client.call(await disputeRoutes(), "GET /core/staff/disputes", { query }),
    resolveDispute: async (id: string, body: BodyOf<Disputes["POST /core/staff/disputes/:id/resolve"]>) =>
      client.call(await disputeRoutes(), "POST /core/staff/disputes/:id/resolve", { params: { id }, body }),

    // Identity reviews (staff and admins): corrections of fixed details, contests of a linked number.
    identityChanges: (query: QueryOf<Reviews["GET /core/staff/kyc/changes"]> = {}) =>
      client.call(reviews, "GET /core/staff/kyc/changes", { query }),
    decideIdentityChange: (id: string, decision: "approve" | "reject", reason: string) =>
      client.call(reviews, `POST /core/staff/kyc/changes/:id/${decision}`, {
        params: { id },
        body: { reason },
      }),
    identityContests: (query: QueryOf<Reviews["GET /core/staff/kyc/contests"]> = {}) =>
      client.call(reviews, "GET /core/staff/kyc/contests", { query }),
    decideIdentityContest: (id: string, decision: "approve" | "reject", reason: string) =>
      client.call(reviews, `POST /core/staff/kyc/contests/:id/${decision}`, {
        params: { id },
        body: { reason },
      }),

    // Identity matches no code could confirm: their contracts load with the first call.
    identityMatches: async (query: QueryOf<Matches["GET /core/staff/kyc/matches"]> = {}) =>
      client.call(await kycMatches(), "GET /core/staff/kyc/matches", { query }),
    decideIdentityMatch: async (id: string, decision: "approve" | "reject", reason: string) =>
      client.call(await kycMatches(), `POST /core/staff/kyc/matches/:id/${decision}`, {
        params: { id },
        body: { reason },
      }),

    // Admin
    users: (query: QueryOf<Users["GET /sys.admin/users"]> = {}) =>
      client.call(users, "GET /sys.admin/users", { query }),
    user: (id: string) => client.call(users, "GET /sys.admin/users/:id", { params: { id } }),
    inviteStaff: (body: BodyOf<Users["POST /sys.admin/staff"]>) =>
      client.call(users, "POST /sys.admin/staff", { body }),
    patchUser: (id: string, body: BodyOf<Users["PATCH /sys.admin/users/:id"]>) =>
      client.call(users, "PATCH /sys.admin/users/:id", { params: { id }, body }),
    // Audited as kyc.override; the answer is the user with their new tier.
    setUserTier: (id: string, body: BodyOf<Users["POST /sys.admin/users/:id/kyc"]>) =>
      client.call(users, "POST /sys.admin/users/:id/kyc", { params: { id }, body }),
    kycLimits: () => client.call(users, "GET /sys.admin/kyc-limits", {}, quiet),
    setKycLimits: (body: BodyOf<Users["PUT /sys.admin/kyc-limits"]>) =>
      client.call(users, "PUT /sys.admin/kyc-limits", { body }),
    // Price levels: each one's name, upgrade fee and extra discounts; a change is audited as level.update.
    levels: async () => client.call(await levelRoutes(), "GET /sys.admin/levels", {}, quiet),
    patchLevel: async (slug: LevelSlug, body: BodyOf<Levels["PATCH /sys.admin/levels/:slug"]>) =>
      client.call(await levelRoutes(), "PATCH /sys.admin/levels/:slug", { params: { slug }, body }),
    // A level's fixed data plan prices: set, changed and taken away, each audited as the level's change.
    levelPlanPrices: async (slug: LevelSlug) =>
      client.call(
        await levelRoutes(),
        "GET /sys.admin/levels/:slug/plan-prices",
        { params: { slug } },
        quiet,
      ),
    setLevelPlanPrice: async (slug: LevelSlug, planId: number, price: number) =>
      client.call(await levelRoutes(), "PUT /sys.admin/levels/:slug/plan-prices/:plan_id", {
        params: { slug, plan_id: planId },
        body: { price },
      }),
    removeLevelPlanPrice: async (slug: LevelSlug, planId: number) =>
      client.call(await levelRoutes(), "DELETE /sys.admin/levels/:slug/plan-prices/:plan_id", {
        params: { slug, plan_id: planId },
      }),
    // API users: the accounts holding keys with this month's volume, every key, and revoking any of them.
    apiUsers: async (query: QueryOf<ApiKeys["GET /sys.admin/api-users"]> = {}) =>
      client.call(await apiKeyRoutes(), "GET /sys.admin/api-users", { query }),
    apiKeys: async (query: QueryOf<ApiKeys["GET /sys.admin/api-keys"]> = {}) =>
      client.call(await apiKeyRoutes(), "GET /sys.admin/api-keys", { query }),
    revokeApiKey: async (id: string) =>
      client.call(await apiKeyRoutes(), "DELETE /sys.admin/api-keys/:id", { params: { id } }),
    dashboard: () => client.call(admin, "GET /sys.admin/dashboard"),
    // `msg` is the status text ("Emergency mode is ON"); `data` the message and who switched it.
    emergencyMode: () => client.callWithMessage(admin, "GET /sys.admin/emergency-mode", {}, quiet),
    setEmergencyMode: (body: BodyOf<Console["POST /sys.admin/emergency-mode"]>) =>
      client.callWithMessage(admin, "POST /sys.admin/emergency-mode", { body }, quiet),
    // Providers: each write answers with the whole overview, which the page then shows.
    providers: () => client.call(providerContracts, "GET /sys.admin/providers", {}, quiet),
    changeProvider: (name: string, body: BodyOf<Providers["PATCH /sys.admin/providers/:name"]>) =>
      client.call(providerContracts, "PATCH /sys.admin/providers/:name", { params: { name }, body }),
    saveRoute: (body: BodyOf<Providers["PUT /sys.admin/provider-routes"]>) =>
      client.call(providerContracts, "PUT /sys.admin/provider-routes", { body }),
    reconciliations: () => client.call(admin, "GET /sys.admin/reconciliation", {}, quiet),
    reconcile: (day: string) => client.call(admin, "POST /sys.admin/reconciliation", { body: { day } }),
    revenue: (query: QueryOf<Console["GET /sys.admin/revenue"]> = {}) =>
      client.call(admin, "GET /sys.admin/revenue", { query }),
    audit: (query: QueryOf<Console["GET /sys.admin/audit"]> = {}) =>
      client.call(admin, "GET /sys.admin/audit", { query }),
    referrals: (query: QueryOf<Console["GET /sys.admin/referrals"]> = {}) =>
      client.call(admin, "GET /sys.admin/referrals", { query }),
    notifications: (query: QueryOf<Console["GET /sys.admin/notifications"]> = {}) =>
      client.call(admin, "GET /sys.admin/notifications", { query }),
    sendNotification: (body: BodyOf<Console["POST /sys.admin/notifications"]>) =>
      client.call(admin, "POST /sys.admin/notifications", { body }),
    circulars: () => client.call(admin, "GET /sys.admin/circulars"),
    createCircular: (body: BodyOf<Console["POST /sys.admin/circulars"]>) =>
      client.call(admin, "POST /sys.admin/circulars", { body }),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;
