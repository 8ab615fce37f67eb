import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { type AnyActorRef, assign, createActor, fromPromise } from "xstate";
import { getShortestPaths } from "xstate/graph";
import { type Product, type PurchaseEvent, purchaseMachine } from "../../machines/purchaseMachine";
import { productsThatVerify } from "../../src/actors/purchaseActors";
import { customerWithPin } from "../support/fixtures";
import { onlyRunningActors } from "../support/graphEvents";
import { catalogues, choices, purchaseResult, verifications } from "../support/purchaseFixtures";
import { expectPurchaseScreen, fillChoice } from "../support/purchaseScreen";
import { testRequestId } from "../support/renderApp";
import { describePath, replayPath } from "../support/replayPath";
import { renderSignedIn } from "../support/signedIn";

const paths: Record<Product, string> = {
  airtime: "/app/airtime-vtu",
  data: "/app/data-subscriptions",
  tv: "/app/cable-subscriptions",
  electricity: "/app/utilities",
};

/** Every event the wizard knows for a product, with each outcome its actors can have. */
function purchaseEvents(product: Product) {
  return [
    { type: "xstate.done.actor.loadCatalogue", output: catalogues[product] },
    { type: "xstate.error.actor.loadCatalogue", error: new Error("We could not reach OjaPay.") },
    { type: "xstate.error.actor.loadCatalogue", error: { salesPaused: pausedMessage } },
    { type: "purchase.retry" },
    { type: "purchase.next", choice: choices[product] },
    { type: "xstate.done.actor.verifyRecipient", output: verifications[product] },
    {
      type: "xstate.error.actor.verifyRecipient",
      error: new Error("We could not find a customer with that number."),
    },
    { type: "purchase.accept" },
    { type: "purchase.back" },
    { type: "purchase.confirm", pin: "2580" },
    { type: "xstate.done.actor.submitPurchase", output: purchaseResult(product, "successful") },
    { type: "xstate.done.actor.submitPurchase", output: purchaseResult(product, "pending") },
    { type: "xstate.done.actor.submitPurchase", output: purchaseResult(product, "failed") },
    {
      type: "xstate.error.actor.submitPurchase",
      error: new Error("Incorrect PIN. You have 4 attempts left."),
    },
    // Emergency mode switched on after the wizard opened.
    { type: "xstate.error.actor.submitPurchase", error: { salesPaused: pausedMessage } },
    {
      type: "xstate.error.actor.submitPurchase",
      error: {
        duplicateOf: "OJA260302AAAAAAAA",
        message: "You bought the same thing less than 30 seconds ago.",
      },
    },
    { type: "purchase.confirmDuplicate" },
    { type: "purchase.recheck" },
    { type: "xstate.done.actor.fetchTransaction", output: purchaseResult(product, "successful") },
    { type: "xstate.error.actor.fetchTransaction", error: new Error("We could not reach OjaPay.") },
    { type: "purchase.again" },
  ] as unknown as PurchaseEvent[];
}

const pausedMessage = "Sales are paused while we fix a provider fault.";

const graphMachine = purchaseMachine.provide({
  actions: { newRequestId: assign({ requestId: testRequestId }) },
});
const products: Product[] = ["airtime", "data", "tv", "electricity"];

afterEach(cleanup);

describe("purchaseMachine", () => {
  it("reaches every state: all of them for TV and electricity, all but the verify steps for airtime and data", () => {
    const all = [
      "loading",
      "loadFailed",
      "paused",
      "choosing",
      "verifying",
      "verified",
      "confirming",
      "buying",
      "duplicateWarning",
      "successful",
      "pending",
      "rechecking",
      "failed",
    ];
    for (const product of products) {
      const input = { product, verifies: productsThatVerify[product] };
      const reached = new Set(
        getShortestPaths(graphMachine, {
          filterEvents: onlyRunningActors,
          events: purchaseEvents(product),
          input,
        }).map((p) => p.state.value),
      );
      const expected = productsThatVerify[product]
        ? all
        : all.filter((s) => s !== "verifying" && s !== "verified");
      expect([...reached].sort(), product).toEqual([...expected].sort());
    }
  });

  it("makes a request id once per confirm step, keeps it for a retry, and never keeps the PIN", () => {
    const actor = createActor(
      purchaseMachine.provide({
        actors: {
          loadCatalogue: fromPromise(() => new Promise(() => {})),
          submitPurchase: fromPromise(() => new Promise(() => {})),
        },
      }),
      { input: { product: "airtime", verifies: false } },
    ).start();
    actor.send({
      type: "xstate.done.actor.loadCatalogue",
      output: catalogues.airtime,
    } as unknown as PurchaseEvent);
    actor.send({ type: "purchase.next", choice: choices.airtime });
    const first = actor.getSnapshot().context.requestId;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    actor.send({ type: "purchase.confirm", pin: "2580" });
    actor.send({
      type: "xstate.error.actor.submitPurchase",
      error: new Error("offline"),
    } as unknown as PurchaseEvent);
    expect(actor.getSnapshot().value).toBe("confirming");
    expect(actor.getSnapshot().context.requestId).toBe(first);
    expect(JSON.stringify(actor.getPersistedSnapshot())).not.toContain("2580");
    actor.send({ type: "purchase.back" });
    actor.send({ type: "purchase.next", choice: choices.airtime });
    expect(actor.getSnapshot().context.requestId).not.toBe(first);
    actor.stop();
  });

  for (const product of products) {
    const input = { product, verifies: productsThatVerify[product] };
    const productPaths = getShortestPaths(graphMachine, {
      filterEvents: onlyRunningActors,
      events: purchaseEvents(product),
      input,
    });

    describe.each(productPaths.map((path) => [describePath(path), path] as const))(
      `${product}: replays %s on the screen`,
      (_name, path) => {
        it("shows each state", async () => {
          const user = userEvent.setup();
          const app = await renderSignedIn(paths[product], customerWithPin);
          await waitFor(() => expect(app.machines.get("purchase")).toBeDefined());
          const actor = app.machines.get("purchase") as AnyActorRef;
          await replayPath(path, {
            actor,
            settle: (event) => app.control.purchase.settle(event),
            drive: {
              "purchase.next": async () => fillChoice(user, choices[product]),
              "purchase.retry": async () =>
                user.click(screen.getByRole("button", { name: /^(Try again|Check again)$/ })),
              "purchase.accept": async () =>
                user.click(screen.getByRole("button", { name: "Yes, continue" })),
              "purchase.back": async () => {
                const dialog = screen.queryByRole("dialog", { name: "Buy this again?" });
                if (dialog) return user.click(within(dialog).getByRole("button", { name: "Cancel" }));
                const verified = screen.queryByRole("button", { name: "No, go back" });
                return user.click(verified ?? screen.getByRole("button", { name: "Back" }));
              },
              "purchase.confirm": async (event) => {
                const pin = screen.getByLabelText("Transaction PIN");
                await user.clear(pin);
                await user.type(pin, event.pin);
                await user.click(screen.getByRole("button", { name: /^Pay ₦/ }));
              },
              "purchase.confirmDuplicate": async () =>
                user.click(
                  within(screen.getByRole("dialog", { name: "Buy this again?" })).getByRole("button", {
                    name: "Buy again",
                  }),
                ),
              "purchase.recheck": async () => user.click(screen.getByRole("button", { name: "Check again" })),
              "purchase.again": async () =>
                user.click(screen.getByRole("button", { name: /^(Buy again|Try again)$/ })),
            },
            expectScreen: expectPurchaseScreen,
          });
          if (path.state.value === "buying") {
            // What went to the server: the order, the PIN typed, and the one request id of this confirm step.
            expect(app.control.purchase.calls.at(-1)).toEqual({
              id: "submitPurchase",
              input: {
                kind: product,
                order: choices[product].order,
                pin: "2580",
                requestId: testRequestId,
                allowDuplicate: path.steps.some((s) => s.event.type === "purchase.confirmDuplicate"),
              },
            });
          }
          await act(async () => {});
        });
      },
    );
  }
});
