import { assertEvent, assign, fromPromise, setup, spawnChild, stopChild } from "xstate";
import type { PurchaseCatalogue } from "../schemas/catalogue";
import type { Quote } from "../schemas/pricing";
import type { PurchaseDraft, PurchaseOrder } from "../schemas/purchases";
import type { PurchaseKind, Transaction } from "../schemas/transactions";
import { failureMessage } from "./actionFailure";
import { missingActor } from "./missingActor";

export type Product = PurchaseKind;

/**
 * What the choose step produced, tagged with its kind: the form as typed (so going back shows it
 * again), the order the API takes (no PIN, no request id), what it costs, and the summary's lines.
 */
export type Choice<K extends Product = Product> = PurchaseDraft<K> & {
  quote: Quote;
  /** Lines for the summary: [label, value]. */
  summary: Array<[string, string]>;
};

/** The provider's answer about a smartcard or meter; the customer must accept it before paying. */
export interface Verified {
  customer_name: string;
  details: Array<[string, string]>;
}

/** What buying sends: the order and this confirm step's PIN, request id and duplicate override. */
export type PurchaseInput = PurchaseOrder & {
  pin: string;
  requestId: string;
  allowDuplicate: boolean;
};

/** What a purchase actor throws when the same thing was bought moments ago (409 with duplicate_of). */
export interface DuplicatePurchase {
  duplicateOf: string;
  message: string;
}
export const isDuplicatePurchase = (error: unknown): error is DuplicatePurchase =>
  typeof error === "object" &&
  error !== null &&
  "duplicateOf" in error &&
  typeof error.duplicateOf === "string" &&
  "message" in error &&
  typeof error.message === "string";

/**
 * What the catalogue loader or a purchase throws while emergency mode has stopped sales: the admin's
 * message (possibly empty; the banner supplies the fallback). Nothing can be bought until it ends.
 */
export interface SalesPaused {
  salesPaused: string;
}
export const isSalesPaused = (error: unknown): error is SalesPaused =>
  typeof error === "object" &&
  error !== null &&
  "salesPaused" in error &&
  typeof error.salesPaused === "string";

export interface PurchaseContext {
  product: Product;
  /** Whether this product's wizard checks recipients at all; `choiceIsChecked` says which choices. */
  verifies: boolean;
  catalogue: PurchaseCatalogue | null;
  choice: Choice | null;
  verified: Verified | null;
  /** Made once per confirm step: a retry after a network error reuses it, so it can never charge twice. */
  requestId: string | null;
  allowDuplicate: boolean;
  duplicateOf: string | null;
  transaction: Transaction | null;
  error: string | null;
  /** The admin's message while emergency mode holds the wizard in `paused`. */
  pausedBy: string | null;
  /**
   * Whether the catalogue on screen is the one stored on the last visit, still being checked against
   * the server's ("running"), or whose check failed ("failed"). Null (or absent, in a snapshot saved
   * before there was a stored catalogue) when it is the server's own, from this visit.
   */
  catalogueCheck?: "running" | "failed" | null;
}

/** What the check of a stored catalogue (a spawned child, not an invoke) reports to the wizard. */
type CatalogueCheckEvent =
  | { type: "xstate.done.actor.catalogueCheck"; output: PurchaseCatalogue }
  | { type: "xstate.error.actor.catalogueCheck"; error: unknown };

/** What the wizard is given as it opens: the product, and the catalogue stored on the last visit. */
export interface PurchaseMachineInput {
  product: Product;
  verifies: boolean;
  stored?: PurchaseCatalogue | null;
}

/** Said when the stored catalogue the customer chose from turns out to differ from today's. */
export const pricesChangedMessage =
  "What is on sale has changed since your last visit. Check your choice, then continue.";

export type PurchaseEvent =
  | { type: "purchase.next"; choice: Choice }
  | { type: "purchase.accept" }
  | { type: "purchase.back" }
  | { type: "purchase.confirm"; pin: string }
  | { type: "purchase.confirmDuplicate" }
  | { type: "purchase.recheck" }
  | { type: "purchase.again" }
  | { type: "purchase.retry" };

/** Which of the wizard's three steps a state belongs to; the step indicator reads these. */
export type PurchaseStep = "step.choose" | "step.confirm" | "step.result";

const missing = (actor: string) => missingActor("purchaseMachine", actor);

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
 * The order of the choice every state after choosing holds. Reaching one of them without a choice
 * would be a mistake in this machine, not something a customer can do, so it stops the actor.
 */
function chosenOrder({ choice }: PurchaseContext): PurchaseOrder {
  if (!choice) throw new Error("purchaseMachine: no choice was made before this step");
  // One case per kind, so the order keeps its kind's fields (spelled once, the types would not pair them).
  switch (choice.kind) {
    case "airtime":
      return { kind: choice.kind, order: choice.order };
    case "data":
      return { kind: choice.kind, order: choice.order };
    case "tv":
      return { kind: choice.kind, order: choice.order };
    case "electricity":
      return { kind: choice.kind, order: choice.order };
    case "exam_pin":
      return { kind: choice.kind, order: choice.order };
    case "recharge_pin":
      return { kind: choice.kind, order: choice.order };
  }
}

/**
 * Whether this choice has a recipient to check with the provider, in a wizard that checks any: every
 * smartcard and meter, but of exam PINs only JAMB's, whose choice carries the candidate's profile ID.
 */
export function choiceIsChecked(choice: Choice): boolean {
  return choice.kind !== "exam_pin" || Boolean(choice.order.profile_id);
}

/** A purchase request's answer, for the guards and actions that read it. */
const answer = ({ event }: { event: { output: Transaction } }) => event.output;
const failure = ({ event }: { event: { error: unknown } }) => event.error;
const rememberAnswer = { type: "rememberTransaction", params: answer } as const;
/** Emergency mode met by the stored catalogue's check: paused, as when the wizard opens paused. */
const pausedByCatalogueCheck = {
  guard: { type: "salesPaused", params: failure },
  target: "paused",
  actions: ["endCatalogueCheck", { type: "rememberPause", params: failure }, "forgetCatalogueCheck"],
} as const;

/** Today's catalogue, from the check of the stored one. */
const checked = ({ event }: { event: { output: PurchaseCatalogue } }) => event.output;

/**
 * One wizard for every product: choose → (verify → accept, for TV, electricity and JAMB) → confirm with the
 * PIN → buying → successful, pending or failed; while emergency mode is on, paused instead of the form.
 * The network, the catalogue and the request id's maker come in through `provide`. Each state is
 * tagged with the step of the wizard it shows.
 */
export const purchaseMachine = setup({
  types: {
    input: {} as PurchaseMachineInput,
    context: {} as PurchaseContext,
    events: {} as PurchaseEvent | CatalogueCheckEvent,
    tags: {} as PurchaseStep,
  },
  actors: {
    /** Each product's wizard is given the loader of its own catalogue. */
    loadCatalogue: fromPromise<PurchaseCatalogue, void>(missing("loadCatalogue")),
    verifyRecipient: fromPromise<Verified, PurchaseOrder>(missing("verifyRecipient")),
    submitPurchase: fromPromise<Transaction, PurchaseInput>(missing("submitPurchase")),
    /** By the purchase's reference. */
    fetchTransaction: fromPromise<Transaction, string>(missing("fetchTransaction")),
  },
  actions: {
    newRequestId: assign({ requestId: () => crypto.randomUUID() }),
    rememberError: assign({ error: ({ event }) => failureMessage(event) }),
    clearError: assign({ error: null }),
    rememberTransaction: assign((_, transaction: Transaction) => ({ transaction })),
    rememberDuplicate: assign((_, error: unknown) =>
      isDuplicatePurchase(error) ? { duplicateOf: error.duplicateOf, error: error.message } : {},
    ),
    rememberPause: assign((_, error: unknown) =>
      isSalesPaused(error) ? { pausedBy: error.salesPaused } : {},
    ),
    /** Asks for today's catalogue while the customer fills the form drawn from the stored one. */
    checkCatalogue: spawnChild("loadCatalogue", { id: "catalogueCheck" }),
    takeCheckedCatalogue: assign((_, catalogue: PurchaseCatalogue) => ({ catalogue, catalogueCheck: null })),
    /** A finished check leaves the machine's children, so a later one can take its name. */
    endCatalogueCheck: stopChild("catalogueCheck"),
    forgetCatalogueCheck: assign({ catalogueCheck: null }),
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
    needsVerification: ({ context }, choice: Choice | null) =>
      context.verifies && choice !== null && choiceIsChecked(choice),
    delivered: (_, transaction: Transaction) => transaction.status === "successful",
    stillPending: (_, transaction: Transaction) => transaction.status === "pending",
    duplicate: (_, error: unknown) => isDuplicatePurchase(error),
    salesPaused: (_, error: unknown) => isSalesPaused(error),
    hasStoredCatalogue: ({ context }) => context.catalogue !== null,
    checkingCatalogue: ({ context }) => context.catalogueCheck === "running",
    catalogueCheckFailed: ({ context }) => context.catalogueCheck === "failed",
    /** Today's catalogue is the one the customer chose from, so the choice and its price stand. */
    sameCatalogue: ({ context }, catalogue: PurchaseCatalogue) =>
      JSON.stringify(catalogue) === JSON.stringify(context.catalogue),
  },
}).createMachine({
  id: "purchase",
  context: ({ input }) => ({
    product: input.product,
    verifies: input.verifies,
    catalogue: input.stored ?? null,
    catalogueCheck: input.stored ? "running" : null,
    pausedBy: null,
    ...noPurchase,
  }),
  initial: "opening",
  states: {
    /**
     * A catalogue stored on the last visit draws the form at once while today's is asked for; nothing
     * is bought from it: continuing waits for today's, and a difference sends the customer back to look.
     */
    opening: {
      always: [
        { guard: "hasStoredCatalogue", target: "choosing", actions: "checkCatalogue" },
        { target: "loading" },
      ],
    },
    loading: {
      tags: "step.choose",
      invoke: {
        id: "loadCatalogue",
        src: "loadCatalogue",
        onDone: {
          target: "choosing",
          actions: assign({ catalogue: ({ event }) => event.output, pausedBy: null, error: null }),
        },
        onError: [
          {
            guard: { type: "salesPaused", params: failure },
            target: "paused",
            actions: { type: "rememberPause", params: failure },
          },
          { target: "loadFailed", actions: "rememberError" },
        ],
      },
    },
    loadFailed: {
      tags: "step.choose",
      on: { "purchase.retry": "loading" },
    },
    /**
     * Emergency mode is on: no form is offered. Reached on opening, or when a purchase was refused for
     * it mid-way (the choice is kept, so checking again once sales resume shows the form as it was).
     */
    paused: {
      tags: "step.choose",
      on: { "purchase.retry": "loading" },
    },
    choosing: {
      tags: "step.choose",
      on: {
        "xstate.done.actor.catalogueCheck": {
          actions: ["endCatalogueCheck", { type: "takeCheckedCatalogue", params: checked }],
        },
        "xstate.error.actor.catalogueCheck": [
          pausedByCatalogueCheck,
          { actions: ["endCatalogueCheck", assign({ catalogueCheck: "failed" })] },
        ],
        "purchase.next": [
          {
            guard: "checkingCatalogue",
            target: "awaitingCatalogue",
            actions: assign({ choice: ({ event }) => event.choice, error: null }),
          },
          {
            guard: "catalogueCheckFailed",
            target: "awaitingCatalogue",
            actions: [
              assign({ choice: ({ event }) => event.choice, catalogueCheck: "running", error: null }),
              "checkCatalogue",
            ],
          },
          {
            guard: { type: "needsVerification", params: ({ event }) => event.choice },
            target: "verifying",
            actions: assign({ choice: ({ event }) => event.choice, verified: null, error: null }),
          },
          {
            target: "confirming",
            actions: [
              assign({ choice: ({ event }) => event.choice, allowDuplicate: false, error: null }),
              "newRequestId",
            ],
          },
        ],
      },
    },
    /** Continued from the stored catalogue: today's is still on its way. */
    awaitingCatalogue: {
      tags: "step.choose",
      on: {
        "xstate.done.actor.catalogueCheck": [
          {
            guard: { type: "sameCatalogue", params: checked },
            target: "afterChoice",
            actions: ["endCatalogueCheck", { type: "takeCheckedCatalogue", params: checked }],
          },
          {
            target: "choosing",
            actions: [
              "endCatalogueCheck",
              { type: "takeCheckedCatalogue", params: checked },
              assign({ error: pricesChangedMessage }),
            ],
          },
        ],
        "xstate.error.actor.catalogueCheck": [
          pausedByCatalogueCheck,
          {
            target: "choosing",
            actions: ["endCatalogueCheck", assign({ catalogueCheck: "failed" }), "rememberError"],
          },
        ],
      },
    },
    /** The choice stands against today's catalogue: on as `purchase.next` would have gone. */
    afterChoice: {
      always: [
        {
          guard: { type: "needsVerification", params: ({ context }) => context.choice },
          target: "verifying",
          actions: assign({ verified: null }),
        },
        { target: "confirming", actions: [assign({ allowDuplicate: false }), "newRequestId"] },
      ],
    },
    verifying: {
      tags: "step.confirm",
      invoke: {
        id: "verifyRecipient",
        src: "verifyRecipient",
        input: ({ context }) => chosenOrder(context),
        onDone: { target: "verified", actions: assign({ verified: ({ event }) => event.output }) },
        onError: { target: "choosing", actions: "rememberError" },
      },
    },
    verified: {
      tags: "step.confirm",
      on: {
        "purchase.accept": {
          target: "confirming",
          actions: [assign({ allowDuplicate: false }), "newRequestId"],
        },
        "purchase.back": { target: "choosing", actions: assign({ verified: null }) },
      },
    },
    confirming: {
      tags: "step.confirm",
      on: {
        "purchase.confirm": { target: "buying", actions: "clearError" },
        "purchase.back": {
          target: "choosing",
          actions: assign({ requestId: null, verified: null, error: null }),
        },
      },
    },
    buying: {
      tags: "step.result",
      invoke: {
        id: "submitPurchase",
        src: "submitPurchase",
        // The PIN goes straight from the event to the request: it is never kept in the machine.
        input: ({ context, event }) => {
          assertEvent(event, "purchase.confirm");
          return {
            ...chosenOrder(context),
            pin: event.pin,
            requestId: context.requestId ?? "",
            allowDuplicate: context.allowDuplicate,
          };
        },
        // Whatever the answer, the transaction is kept; its status says which screen follows.
        onDone: [
          { guard: { type: "delivered", params: answer }, target: "successful", actions: rememberAnswer },
          { guard: { type: "stillPending", params: answer }, target: "pending", actions: rememberAnswer },
          { target: "failed", actions: rememberAnswer },
        ],
        onError: [
          {
            guard: { type: "duplicate", params: failure },
            target: "duplicateWarning",
            actions: { type: "rememberDuplicate", params: failure },
          },
          // Switched on after the wizard opened: nothing was bought, and the PIN was not the problem.
          {
            guard: { type: "salesPaused", params: failure },
            target: "paused",
            actions: [{ type: "rememberPause", params: failure }, "keepChoice"],
          },
          // Refused or unreachable: back to the PIN with the same request id, so trying again is safe.
          { target: "confirming", actions: "rememberError" },
        ],
      },
    },
    duplicateWarning: {
      tags: "step.confirm",
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
      tags: "step.result",
      on: { "purchase.again": { target: "choosing", actions: "startOver" } },
    },
    pending: {
      tags: "step.result",
      on: {
        "purchase.recheck": "rechecking",
        "purchase.again": { target: "choosing", actions: "startOver" },
      },
    },
    rechecking: {
      tags: "step.result",
      invoke: {
        id: "fetchTransaction",
        src: "fetchTransaction",
        input: ({ context }) => context.transaction?.reference ?? "",
        onDone: [
          {
            guard: { type: "delivered", params: answer },
            target: "successful",
            actions: [{ type: "rememberTransaction", params: answer }, "clearError"],
          },
          {
            guard: { type: "stillPending", params: answer },
            target: "pending",
            actions: [{ type: "rememberTransaction", params: answer }, "clearError"],
          },
          { target: "failed", actions: [{ type: "rememberTransaction", params: answer }, "clearError"] },
        ],
        onError: { target: "pending", actions: "rememberError" },
      },
    },
    failed: {
      tags: "step.result",
      on: { "purchase.again": { target: "choosing", actions: "keepChoice" } },
    },
  },
});
