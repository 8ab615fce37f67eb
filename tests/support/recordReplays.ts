/**
 * Writes tests/replays/purchase.<product>.<state>.json: for every state of every wizard, the machine's
 * persisted snapshot there (reached by its shortest path). purchaseReplays.test restores each into the
 * screen. Run again after changing the machine: npx tsx tests/support/recordReplays.ts
 * A state seen in QA can be saved the same way (actor.getPersistedSnapshot()) and becomes a test.
 * Likewise confirmAction.fundWallet.<state>.json and fundingCheck.<state>.json, restored by
 * confirmReplays.test. Name the machines to record only those: `… recordReplays.ts fundingCheck`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { type AnyStateMachine, assign, type EventObject } from "xstate";
import { getShortestPaths } from "xstate/graph";
import { confirmActionMachine } from "../../machines/confirmActionMachine";
import { fundingCheckMachine } from "../../machines/fundingCheckMachine";
import { type Product, type PurchaseEvent, purchaseMachine } from "../../machines/purchaseMachine";
import { purchaseKinds } from "../../schemas/transactions";
import { productsThatVerify } from "../../src/actors/purchaseActors";
import {
  fundingCheckEvents,
  fundingReference,
  fundRequestId,
  fundWalletEvents,
  fundWalletFilter,
} from "./confirmFixtures";
import { onlyRunningActors } from "./graphEvents";
import { catalogues, choices, jambChoice, purchaseResult, verifications } from "./purchaseFixtures";

const requestId = "0b7c6a1e-5d4f-4e3a-9c2b-1a0f9e8d7c6b";
const machine = purchaseMachine.provide({ actions: { newRequestId: assign({ requestId }) } });

function events(product: Product) {
  return [
    { type: "xstate.done.actor.loadCatalogue", output: catalogues[product] },
    { type: "xstate.error.actor.loadCatalogue", error: new Error("We could not reach OjaPay.") },
    { type: "purchase.next", choice: choices[product] },
    ...(product === "exam_pin" ? [{ type: "purchase.next", choice: jambChoice }] : []),
    { type: "xstate.done.actor.verifyRecipient", output: verifications[product] },
    { type: "purchase.accept" },
    { type: "purchase.confirm", pin: "2580" },
    { type: "xstate.done.actor.submitPurchase", output: purchaseResult(product, "successful") },
    { type: "xstate.done.actor.submitPurchase", output: purchaseResult(product, "pending") },
    { type: "xstate.done.actor.submitPurchase", output: purchaseResult(product, "failed") },
    {
      type: "xstate.error.actor.submitPurchase",
      error: {
        duplicateOf: "OJA260302AAAAAAAA",
        message: "You bought the same thing less than 30 seconds ago.",
      },
    },
    // Emergency mode switched on mid-purchase: the pause, with the choice kept for when sales resume.
    {
      type: "xstate.error.actor.submitPurchase",
      error: { salesPaused: "Sales are paused while we fix a provider fault." },
    },
    { type: "purchase.recheck" },
  ] as unknown as PurchaseEvent[];
}

const wanted = process.argv.slice(2);
const recording = (name: string) => wanted.length === 0 || wanted.includes(name);

mkdirSync("tests/replays", { recursive: true });
for (const product of recording("purchase") ? purchaseKinds : []) {
  const seen = new Set<string>();
  for (const path of getShortestPaths(machine, {
    filterEvents: onlyRunningActors,
    events: events(product),
    input: { product, verifies: productsThatVerify[product] },
  })) {
    const state = String(path.state.value);
    if (seen.has(state)) continue;
    seen.add(state);
    // A purchase in flight carries its PIN in the request actor's input; a saved state never keeps one.
    const snapshot = JSON.parse(JSON.stringify(machine.getPersistedSnapshot(path.state)), (key, value) =>
      key === "pin" ? "••••" : value,
    );
    writeFileSync(
      `tests/replays/purchase.${product}.${state}.json`,
      `${JSON.stringify({ product, state, snapshot }, null, 1)}\n`,
    );
  }
  console.log(product, [...seen].join(", "));
}

/** The first (shortest) path's snapshot of each state, as `<prefix>.<state>.json`. */
function recordStates(
  prefix: string,
  machine: AnyStateMachine,
  options: Parameters<typeof getShortestPaths>[1] & { events: readonly EventObject[] },
) {
  const seen = new Set<string>();
  for (const path of getShortestPaths(machine, options as Parameters<typeof getShortestPaths>[1])) {
    const value = path.state.value;
    const state = typeof value === "string" ? value : Object.entries(value).flat().join(".");
    if (seen.has(state)) continue;
    seen.add(state);
    const snapshot = JSON.parse(JSON.stringify(machine.getPersistedSnapshot(path.state)));
    writeFileSync(
      `tests/replays/${prefix}.${state}.json`,
      `${JSON.stringify({ state, snapshot }, null, 1)}\n`,
    );
  }
  console.log(prefix, [...seen].join(", "));
}

if (recording("confirmAction")) {
  // The id a new draft would get, fixed so a recording does not change when nothing else has.
  Object.defineProperty(globalThis.crypto, "randomUUID", { value: () => fundRequestId });
  recordStates("confirmAction.fundWallet", confirmActionMachine, {
    events: fundWalletEvents,
    filterEvents: fundWalletFilter,
  });
}
if (recording("fundingCheck"))
  recordStates("fundingCheck", fundingCheckMachine, {
    events: fundingCheckEvents,
    filterEvents: onlyRunningActors,
    input: { reference: fundingReference },
  });
