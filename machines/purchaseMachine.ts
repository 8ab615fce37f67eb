import { assertEvent, assign, fromPromise, setup } from "xstate";
import type { Quote } from "../schemas/pricing";
import type { Transaction } from "../schemas/transactions";
import { failureMessage } from "./failureMessage";

export type Product = "airtime" | "data" | "tv" | "electricity";

/** What the choose step produced: the form as typed, the order the API takes, and what it costs. */
export interface Choice {
  /** The form's values, so going back shows them again. */
  draft: Record<string, unknown>;
  /** The purchase body's order fields (no PIN, no request id). */
  order: Record<string, unknown>;
  quote: Quote;
  /** Lines for the summary: [label, value]. */
  summary: Array<[string, string]>;
}

/** The provider's answer about a smartcard or meter; the customer must accept it before paying. */
export interface Verified {
  customer_name: string;
  details: Array<[string, string]>;
}

export interface PurchaseInput {
  order: Record<string, unknown>;
  pin: string;
  requestId: string;
  allowDuplicate: boolean;
}

/** What a purchase actor throws when the same thing was bought moments ago (409 with duplicate_of). */
export interface DuplicatePurchase {
  duplicateOf: string;
  message: string;
}
export const isDuplicatePurchase = (error: unknown): error is DuplicatePurchase =>
  typeof (error as DuplicatePurchase | null)?.duplicateOf === "string";

export interface PurchaseContext {
  product: Product;
  verifies: boolean;
  catalogue: unknown;
  choice: Choice | null;
  verified: Verified | null;
  /** Made once per confirm step: a retry after a network error reuses it, so it can never charge twice. */
  requestId: string | null;
  allowDuplicate: boolean;
  duplicateOf: string | null;
  transaction: Transaction | null;
  error: string | null;
}

export type PurchaseEvent =
  | ({ type: "purchase.next" } & Choice)
  | { type: "purchase.accept" }
  | { type: "purchase.back" }
  | { type: "purchase.confirm"; pin: string }
  | { type: "purchase.confirmDuplicate" }
  | { type: "purchase.recheck" }
  | { type: "purchase.again" }
  | { type: "purchase.retry" };

const missing = (name: string) => () =>
  Promise.reject(new Error(`${name} was not provided to purchaseMachine`));

/** Everything about one purchase; cleared to start another. */
const noPurchase = {
  choice: null,
  verified: null,
  requestId: null,
  allowDuplicate: false,
  duplicateOf: null,
  transaction: null,
  error: null,
} as const;

/**
 * One wizard for every product: choose → (verify → accept, for TV and electricity) → confirm with the
 * PIN → buying → successful, pending or failed. The network, the catalogue and the request id's
 * maker come in through `provide`.
 */
export const purchaseMachine = setup({
  types: {
    input: {} as { product: Product; verifies: boolean },
    context: {} as PurchaseContext,
    events: {} as PurchaseEvent,
  },
  actors: {
    loadCatalogue: fromPromise<unknown>(missing("loadCatalogue")),
    verifyRecipient: fromPromise<Verified, Record<string, unknown>>(missing("verifyRecipient")),
    submitPurchase: fromPromise<Transaction, PurchaseInput>(missing("submitPurchase")),
    fetchTransaction: fromPromise<Transaction, string>(missing("fetchTransaction")),
  },
  actions: {
    newRequestId: assign({ requestId: () => crypto.randomUUID() }),
    rememberError: assign({ error: ({ event }) => failureMessage(event) }),
    clearError: assign({ error: null }),
    rememberTransaction: assign({
      transaction: ({ event }) => ("output" in event ? (event.output as Transaction) : null),
    }),
    /** Another purchase from a clean form. */
    startOver: assign({ ...noPurchase }),
    /** After a failure, the same choices again, ready to fix or retry. */
    keepChoice: assign({
      verified: null,
      requestId: null,
      allowDuplicate: false,
      transaction: null,
      error: null,
    }),
  },
  guards: {
    needsVerification: ({ context }) => context.verifies,
    delivered: ({ event }) => "output" in event && (event.output as Transaction).status === "successful",
    stillPending: ({ event }) => "output" in event && (event.output as Transaction).status === "pending",
    duplicate: ({ event }) => "error" in event && isDuplicatePurchase(event.error),
  },
}).createMachine({
  id: "purchase",
  context: ({ input }) => ({
    product: input.product,
    verifies: input.verifies,
    catalogue: null,
    ...noPurchase,
  }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadCatalogue",
        src: "loadCatalogue",
        onDone: {
          target: "choosing",
          actions: assign({ catalogue: ({ event }) => event.output, error: null }),
        },
        onError: { target: "loadFailed", actions: "rememberError" },
      },
    },
    loadFailed: {
      on: { "purchase.retry": "loading" },
    },
    choosing: {
      on: {
        "purchase.next": [
          {
            guard: "needsVerification",
            target: "verifying",
            actions: assign({
              choice: ({ event }) => ({
                draft: event.draft,
                order: event.order,
                quote: event.quote,
                summary: event.summary,
              }),
              verified: null,
              error: null,
            }),
          },
          {
            target: "confirming",
            actions: [
              assign({
                choice: ({ event }) => ({
                  draft: event.draft,
                  order: event.order,
                  quote: event.quote,
                  summary: event.summary,
                }),
                allowDuplicate: false,
                error: null,
              }),
              "newRequestId",
            ],
          },
        ],
      },
    },
    verifying: {
      invoke: {
        id: "verifyRecipient",
        src: "verifyRecipient",
        input: ({ context }) => context.choice?.order ?? {},
        onDone: { target: "verified", actions: assign({ verified: ({ event }) => event.output }) },
        onError: { target: "choosing", actions: "rememberError" },
      },
    },
    verified: {
      on: {
        "purchase.accept": {
          target: "confirming",
          actions: [assign({ allowDuplicate: false }), "newRequestId"],
        },
        "purchase.back": { target: "choosing", actions: assign({ verified: null }) },
      },
    },
    confirming: {
      on: {
        "purchase.confirm": { target: "buying", actions: "clearError" },
        "purchase.back": {
          target: "choosing",
          actions: assign({ requestId: null, verified: null, error: null }),
        },
      },
    },
    buying: {
      invoke: {
        id: "submitPurchase",
        src: "submitPurchase",
        // The PIN goes straight from the event to the request: it is never kept in the machine.
        input: ({ context, event }) => {
          assertEvent(event, "purchase.confirm");
          return {
            order: context.choice?.order ?? {},
            pin: event.pin,
            requestId: context.requestId ?? "",
            allowDuplicate: context.allowDuplicate,
          };
        },
        onDone: [
          { guard: "delivered", target: "successful", actions: "rememberTransaction" },
          { guard: "stillPending", target: "pending", actions: "rememberTransaction" },
          { target: "failed", actions: "rememberTransaction" },
        ],
        onError: [
          {
            guard: "duplicate",
            target: "duplicateWarning",
            actions: assign({
              duplicateOf: ({ event }) => (event.error as DuplicatePurchase).duplicateOf,
              error: ({ event }) => (event.error as DuplicatePurchase).message,
            }),
          },
          // Refused or unreachable: back to the PIN with the same request id, so trying again is safe.
          { target: "confirming", actions: "rememberError" },
        ],
      },
    },
    duplicateWarning: {
      on: {
        "purchase.confirmDuplicate": {
          target: "confirming",
          actions: [assign({ allowDuplicate: true, duplicateOf: null, error: null }), "newRequestId"],
        },
        "purchase.back": {
          target: "choosing",
          actions: assign({ duplicateOf: null, requestId: null, verified: null, error: null }),
        },
      },
    },
    successful: {
      on: { "purchase.again": { target: "choosing", actions: "startOver" } },
    },
    pending: {
      on: {
        "purchase.recheck": "rechecking",
        "purchase.again": { target: "choosing", actions: "startOver" },
      },
    },
    rechecking: {
      invoke: {
        id: "fetchTransaction",
        src: "fetchTransaction",
        input: ({ context }) => context.transaction?.reference ?? "",
        onDone: [
          { guard: "delivered", target: "successful", actions: ["rememberTransaction", "clearError"] },
          { guard: "stillPending", target: "pending", actions: ["rememberTransaction", "clearError"] },
          { target: "failed", actions: ["rememberTransaction", "clearError"] },
        ],
        onError: { target: "pending", actions: "rememberError" },
      },
    },
    failed: {
      on: { "purchase.again": { target: "choosing", actions: "keepChoice" } },
    },
  },
});
