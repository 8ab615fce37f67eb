import { eq } from "drizzle-orm";
import { page } from "../../schemas/common";
import { referenceParam, transaction, transactionListQuery } from "../../schemas/transactions";
import { dedicatedAccount, fundBody, fundingCheck, fundResult, walletSummary } from "../../schemas/wallet";
import { wallets } from "../db/schema";
import type { AppDeps } from "../deps";
import { forbidden, notFound } from "../http/errors";
import { defineRoute } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { startFunding, verifyFunding } from "../services/funding/cardFunding";
import { dedicatedAccountFor } from "../services/funding/dedicatedAccounts";
import {
  findTransaction,
  listTransactions,
  pendingTotal,
  transactionView,
} from "../services/transactions/transactionRecords";

export function walletRoutes(deps: AppDeps) {
  return [
    defineRoute({
      method: "get",
      path: "/core/customer/wallet",
      tag: "Wallet",
      summary: "The wallet: number, balance and what is held for pending purchases",
      result: walletSummary,
      async handle({ c }) {
        const user = sessionOf(c).user;
        const [wallet] = await deps.db.select().from(wallets).where(eq(wallets.userId, user.id));
        if (!wallet) throw forbidden("This account has no wallet.");
        const data = {
          number: wallet.number,
          balance: wallet.balance,
          pending_total: await pendingTotal(deps.db, user.id),
        };
        return { msg: "Wallet retrieved.", data };
      },
    }),
    defineRoute({
      method: "post",
      path: "/core/customer/wallet/fund",
      tag: "Wallet",
      summary: "Open the payment gateway's checkout to add money; the webhook credits it",
      body: fundBody,
      result: fundResult,
      async handle({ body, c }) {
        const data = await startFunding(deps, sessionOf(c).user, body);
        return { msg: "Continue to payment.", data };
      },
    }),
    defineRoute({
      method: "get",
      path: "/core/customer/wallet/fund/:reference",
      tag: "Wallet",
      summary:
        "Back from the gateway's checkout: the server asks the gateway about this reference (never trusting the redirect), credits it if paid, and answers the funding",
      params: referenceParam,
      result: fundingCheck,
      async handle({ params, c }) {
        const checked = await verifyFunding(deps, sessionOf(c).user, params.reference);
        return {
          msg: "Payment checked.",
          data: { transaction: transactionView(checked.funding), gateway_status: checked.gatewayStatus },
        };
      },
    }),
    defineRoute({
      method: "get",
      path: "/core/customer/wallet/bank-account",
      tag: "Wallet",
      summary:
        "The customer's own bank account number: transfers into it fund the wallet. Opened with the gateway the first time a verified customer asks",
      result: dedicatedAccount,
      async handle({ c }) {
        return { msg: "Account number retrieved.", data: await dedicatedAccountFor(deps, sessionOf(c).user) };
      },
    }),
    defineRoute({
      method: "get",
      path: "/core/customer/transactions",
      tag: "Wallet",
      summary: "The customer's own transactions, newest first; filters kind, status, search",
      query: transactionListQuery,
      result: page(transaction),
      async handle({ query, c }) {
        const data = await listTransactions(deps.db, { ...query, userId: sessionOf(c).user.id });
        return { msg: "Transactions retrieved.", data };
      },
    }),
    defineRoute({
      method: "get",
      path: "/core/customer/transactions/:reference",
      tag: "Wallet",
      summary: "One of the customer's transactions, for its receipt",
      params: referenceParam,
      result: transaction,
      async handle({ params, c }) {
        const row = await findTransaction(deps.db, {
          userId: sessionOf(c).user.id,
          reference: params.reference,
        });
        if (!row) throw notFound("No transaction with that reference.");
        return { msg: "Transaction retrieved.", data: transactionView(row) };
      },
    }),
  ];
}
