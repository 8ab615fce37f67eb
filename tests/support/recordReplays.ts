/**
 * Writes tests/replays/purchase.<product>.<state>.json: for every state of every wizard, the machine's
 * persisted snapshot there (reached by its shortest path). purchaseReplays.test restores each into the
 * screen. Run again after changing the machine: npx tsx tests/support/recordReplays.ts
 * A state seen in QA can be saved the same way (actor.getPersistedSnapshot()) and becomes a test.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { assign } from "xstate";
import { getShortestPaths } from "xstate/graph";
import { type Product, type PurchaseEvent, purchaseMachine } from "../../machines/purchaseMachine";
import { productsThatVerify } from "../../src/actors/purchaseActors";
import { onlyRunningActors } from "./graphEvents";
import { catalogues, choices, purchaseResult, verifications } from "./purchaseFixtures";

const requestId = "0b7c6a1e-5d4f-4e3a-9c2b-1a0f9e8d7c6b";
const machine = purchaseMachine.provide({ actions: { newRequestId: assign({ requestId }) } });

function events(product: Product) {
  return [
    { type: "xstate.done.actor.loadCatalogue", output: catalogues[product] },
    { type: "xstate.error.actor.loadCatalogue", error: new Error("We could not reach OjaPay.") },
    { type: "purchase.next", choice: choices[product] },
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
    { type: "purchase.recheck" },
  ] as unknown as PurchaseEvent[];
}

mkdirSync("tests/replays", { recursive: true });
for (const product of ["airtime", "data", "tv", "electricity"] as const) {
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
