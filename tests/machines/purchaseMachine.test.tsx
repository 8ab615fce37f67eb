import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { type AnyActorRef, assign, createActor, fromPromise } from "xstate";
import { getShortestPaths } from "xstate/graph";
import {
  type Product,
  type PurchaseEvent,
  pricesChangedMessage,
  purchaseMachine,
} from "../../machines/purchaseMachine";
import { purchaseKinds } from "../../schemas/transactions";
import { productsThatVerify } from "../../src/actors/purchaseActors";
import { catalogueMirror } from "../../src/storage/catalogueMirror";
import { customerWithPin } from "../support/fixtures";
import { onlyRunningActors } from "../support/graphEvents";
import { catalogues, choices, jambChoice, purchaseResult, verifications } from "../support/purchaseFixtures";
import { expectPurchaseScreen, fillChoice } from "../support/purchaseScreen";
import { testRequestId } from "../support/renderApp";
import { describePath, replayPath } from "../support/replayPath";
import { renderSignedIn } from "../support/signedIn";

const paths: Record<Product, string> = {
  airtime: "/app/airtime-vtu",
  data: "/app/data-subscriptions",
  tv: "/app/cable-subscriptions",
  electricity: "/app/utilities",
  exam_pin: "/app/exam-pins",
  recharge_pin: "/app/recharge-pins",
};

/** Every event the wizard knows for a product, with each outcome its actors can have. */
function purchaseEvents(product: Product) {
  return [
    { type: "xstate.done.actor.loadCatalogue", output: catalogues[product] },
    { type: "xstate.error.actor.loadCatalogue", error: new Error("We could not reach OjaPay.") },
    { type: "xstate.error.actor.loadCatalogue", error: { salesPaused: pausedMessage } },
    { type: "purchase.retry" },
    { type: "purchase.next", choice: choices[product] },
    // Of exam PINs, only JAMB's has a candidate to check.
    ...(product === "exam_pin" ? [{ type: "purchase.next", choice: jambChoice }] : []),
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

/** Today's catalogue when it differs from the one stored on the last visit. */
const changedSince = (product: Product) => ({ ...catalogues[product], changed: true });

/** The check of a stored catalogue, with each outcome it can have. */
function catalogueCheckEvents(product: Product) {
  return [
    { type: "xstate.done.actor.catalogueCheck", output: catalogues[product] },
    { type: "xstate.done.actor.catalogueCheck", output: changedSince(product) },
    { type: "xstate.error.actor.catalogueCheck", error: new Error("We could not reach OjaPay.") },
    { type: "xstate.error.actor.catalogueCheck", error: { salesPaused: pausedMessage } },
  ] as unknown as PurchaseEvent[];
}

const graphMachine = purchaseMachine.provide({
  actions: { newRequestId: assign({ requestId: testRequestId }) },
});
const products: readonly Product[] = purchaseKinds;

afterEach(cleanup);

type PurchasePath = ReturnType<typeof getShortestPaths<typeof graphMachine>>[number];

/** Walks a path of the machine through the wizard on the screen, as a customer would. */
async function replayOnScreen(product: Product, path: PurchasePath) {
  const user = userEvent.setup();
  const app = await renderSignedIn(paths[product], customerWithPin);
  await waitFor(() => expect(app.machines.get("purchase")).toBeDefined());
  const actor = app.machines.get("purchase") as AnyActorRef;
  await replayPath(path, {
    actor,
    settle: (event) => app.control.purchase.settle(event),
    drive: {
      "purchase.next": async (event) => fillChoice(user, event.choice),
      "purchase.retry": async () =>
        user.click(screen.getByRole("button", { name: /^(Try again|Check again)$/ })),
      "purchase.accept": async () => user.click(screen.getByRole("button", { name: "Yes, continue" })),
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
    const chosen = path.steps.findLast((s) => s.event.type === "purchase.next")?.event;
    expect(app.control.purchase.calls.at(-1)).toEqual({
      id: "submitPurchase",
      input: {
        kind: product,
        order: chosen?.type === "purchase.next" ? chosen.choice.order : null,
        pin: "2580",
        requestId: testRequestId,
        allowDuplicate: path.steps.some((s) => s.event.type === "purchase.confirmDuplicate"),
      },
    });
  }
  await act(async () => {});
}

describe("purchaseMachine", () => {
  it("reaches every state: all of them for TV, electricity and exam PINs (JAMB's), all but the verify steps for airtime and data", () => {
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
        it("shows each state", async () => replayOnScreen(product, path));
      },
    );
  }
});

describe("purchaseMachine with the catalogue stored on the last visit (spec section 3)", () => {
  afterEach(() => localStorage.clear());

  const storedPaths = (product: Product) =>
    getShortestPaths(graphMachine, {
      filterEvents: onlyRunningActors,
      events: [...catalogueCheckEvents(product), ...purchaseEvents(product)],
      input: { product, verifies: productsThatVerify[product], stored: catalogues[product] },
    });

  it("draws the form at once, and also waits for today's catalogue when continued before it came", () => {
    for (const product of products) {
      const reached = new Set(storedPaths(product).map((p) => p.state.value));
      expect(reached.has("awaitingCatalogue"), product).toBe(true);
      expect(reached.has("choosing"), product).toBe(true);
      expect(reached.has("paused"), product).toBe(true);
    }
  });

  it("buys nothing from the stored catalogue: on once today's is the same, back to look when it changed", () => {
    const start = () => {
      const actor = createActor(
        purchaseMachine.provide({
          actors: { loadCatalogue: fromPromise(() => new Promise(() => {})) },
        }),
        { input: { product: "airtime", verifies: false, stored: catalogues.airtime } },
      ).start();
      expect(actor.getSnapshot().value).toBe("choosing");
      actor.send({ type: "purchase.next", choice: choices.airtime });
      expect(actor.getSnapshot().value).toBe("awaitingCatalogue");
      expect(actor.getSnapshot().context.requestId).toBeNull();
      return actor;
    };
    const same = start();
    same.send({
      type: "xstate.done.actor.catalogueCheck",
      output: structuredClone(catalogues.airtime),
    } as never);
    expect(same.getSnapshot().value).toBe("confirming");
    expect(same.getSnapshot().context.requestId).toMatch(/^[0-9a-f-]{36}$/);

    const changed = start();
    changed.send({ type: "xstate.done.actor.catalogueCheck", output: changedSince("airtime") } as never);
    expect(changed.getSnapshot().value).toBe("choosing");
    expect(changed.getSnapshot().context).toMatchObject({
      catalogue: changedSince("airtime"),
      catalogueCheck: null,
      error: pricesChangedMessage,
    });
    same.stop();
    changed.stop();
  });

  for (const product of products) {
    // The paths the stored catalogue adds, up to the step after today's catalogue came (or did not):
    // beyond it the wizard goes on exactly as in the paths above.
    const added = storedPaths(product).filter((path) => {
      const check = path.steps.findLastIndex((step) => step.event.type.endsWith(".catalogueCheck"));
      return (
        path.steps.length <= 1 ||
        (check >= 0 ? path.steps.length - check <= 2 : path.state.value === "awaitingCatalogue")
      );
    });
    describe.each(added.map((path) => [describePath(path), path] as const))(
      `${product}: replays %s on the screen`,
      (_name, path) => {
        it("shows each state", async () => {
          catalogueMirror.write(catalogues[product]);
          await replayOnScreen(product, path);
        });
      },
    );
  }
});
