import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { notFound, Refusal } from "../refusal";
import { startFunding, verifyFunding } from "../services/funding/cardFunding";
import { dedicatedAccountFor } from "../services/funding/dedicatedAccounts";
import { viewWithPins } from "../services/purchases/vouchers";
import {
  findTransaction,
  listTransactions,
  transactionView,
  walletSummary,
} from "../services/transactions/transactionRecords";

export function walletRoutes(deps: AppDeps) {
  return [
    implement("GET /core/customer/wallet", async ({ c }) => {
      const wallet = await walletSummary(deps.db, sessionOf(c).user.id);
      if (!wallet) throw new Refusal("forbidden", "This account has no wallet.");
      const data = { number: wallet.number, balance: wallet.balance, pending_total: wallet.pendingTotal };
      return { msg: "Wallet retrieved.", data };
    }),
    implement("POST /core/customer/wallet/fund", async ({ body, c }) => {
      const data = await startFunding(deps, sessionOf(c).user, body);
      return { msg: "Continue to payment.", data };
    }),
    implement("GET /core/customer/wallet/fund/:reference", async ({ params, c }) => {
      const checked = await verifyFunding(deps, sessionOf(c).user, params.reference);
      return {
        msg: "Payment checked.",
        data: { transaction: transactionView(checked.funding), gateway_status: checked.gatewayStatus },
      };
    }),
    implement("GET /core/customer/wallet/bank-account", async ({ c }) => {
      return { msg: "Account number retrieved.", data: await dedicatedAccountFor(deps, sessionOf(c).user) };
    }),
    implement("GET /core/customer/transactions", async ({ query, c }) => {
      const data = await listTransactions(deps.db, { ...query, userId: sessionOf(c).user.id });
      return { msg: "Transactions retrieved.", data };
    }),
    implement("GET /core/customer/transactions/:reference", async ({ params, c }) => {
      const row = await findTransaction(deps.db, {
        userId: sessionOf(c).user.id,
        reference: params.reference,
      });
      if (!row) throw notFound("No transaction with that reference.");
      return { msg: "Transaction retrieved.", data: viewWithPins(deps.config.voucherKey, row) };
    }),
  ];
}
