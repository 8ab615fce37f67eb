import { page } from "../common";
import { referenceParam, transaction, transactionListQuery } from "../transactions";
import { dedicatedAccount, fundBody, fundingCheck, fundResult, walletSummary } from "../wallet";
import { contracts } from "./contract";

export const walletContracts = contracts({
  "GET /core/customer/wallet": {
    tag: "Wallet",
    summary: "The wallet: number, balance and what is held for pending purchases",
    result: walletSummary,
  },
  "POST /core/customer/wallet/fund": {
    tag: "Wallet",
    summary: "Open the payment gateway's checkout to add money; the webhook credits it",
    body: fundBody,
    result: fundResult,
  },
  "GET /core/customer/wallet/fund/:reference": {
    tag: "Wallet",
    summary:
      "Back from the gateway's checkout: the server asks the gateway about this reference (never trusting the redirect), credits it if paid, and answers the funding",
    params: referenceParam,
    result: fundingCheck,
  },
  "GET /core/customer/wallet/bank-account": {
    tag: "Wallet",
    summary:
      "The customer's own bank account number: transfers into it fund the wallet. Opened with the gateway the first time a verified customer asks",
    result: dedicatedAccount,
  },
  "GET /core/customer/transactions": {
    tag: "Wallet",
    summary: "The customer's own transactions, newest first; filters kind, status, search",
    query: transactionListQuery,
    result: page(transaction),
  },
  "GET /core/customer/transactions/:reference": {
    tag: "Wallet",
    summary: "One of the customer's transactions, for its receipt",
    params: referenceParam,
    result: transaction,
  },
});
