import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AnyActorRef } from "xstate";
import { customerWithPin } from "../support/fixtures";
import { catalogues, purchaseResult } from "../support/purchaseFixtures";
import { testRequestId } from "../support/renderApp";
import { heading, renderSignedIn } from "../support/signedIn";
// The wizard's steps, which the page fetches as it opens (lazyPart), compiled before the first test.
import "../../src/pages/customer/purchase/purchaseSteps";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The recharge-card wizard with its catalogue loaded. */
async function openRechargeCards() {
  const app = await renderSignedIn("/app/recharge-pins", customerWithPin);
  await heading("Recharge cards");
  await waitFor(() => expect(app.control.purchase.isRunning("loadCatalogue")).toBe(true));
  await act(async () =>
    app.control.purchase.settle({
      type: "xstate.done.actor.loadCatalogue",
      output: catalogues.recharge_pin,
    }),
  );
  await screen.findByRole("group", { name: "Card value" });
  return { app, wizard: app.machines.get("purchase") as AnyActorRef, user: userEvent.setup() };
}

/** A card value's radio: its name runs on into the price beside it, so it is matched by its start. */
const value = (naira: string) => screen.getByRole("radio", { name: new RegExp(`^${naira}(?![\\d,])`) });
const errorOf = (label: string) => screen.getByLabelText(label).getAttribute("aria-invalid");

/** Replaces a field's text as a paste would, which is quicker to play than typing it key by key. */
async function retype(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.clear(screen.getByLabelText(label));
  if (text) await user.paste(text);
}

/** 3 MTN ₦100 cards, answered in `status` on the done step. */
async function bought(status: "successful" | "pending") {
  const opened = await openRechargeCards();
  const { app, user } = opened;
  await user.selectOptions(screen.getByLabelText("Network"), "1");
  await user.click(value("₦100"));
  await retype(user, "How many cards", "3");
  await retype(user, "Name on the cards", "Mama Nkechi Stores");
  await user.click(screen.getByRole("button", { name: "Continue" }));
  await user.type(await screen.findByLabelText("Transaction PIN"), "2580");
  await user.click(screen.getByRole("button", { name: "Pay ₦291.00" }));
  await act(async () =>
    app.control.purchase.settle({
      type: "xstate.done.actor.submitPurchase",
      output: purchaseResult("recharge_pin", status),
    }),
  );
  return opened;
}

describe("the recharge-card wizard", () => {
  it("offers each network's four values at the level's price for one card, and the account's name to print", async () => {
    const { user } = await openRechargeCards();
    expect(screen.getByText("Choose the network to see your price for each card.")).toBeInTheDocument();
    const networks = within(screen.getByLabelText("Network")).getAllByRole("option");
    expect(networks.map((o) => [o.textContent, (o as HTMLOptionElement).disabled])).toEqual([
      ["Choose a network", false],
      ["MTN", false],
      ["GLO (unavailable)", true],
      ["9Mobile", false],
      ["Airtel", false],
    ]);
    await user.selectOptions(screen.getByLabelText("Network"), "3");
    expect(value("₦500").closest("label")).toHaveTextContent("₦485");
    expect(value("₦1,000 \\(unavailable\\)")).toBeDisabled();
    expect(screen.getByLabelText("Name on the cards")).toHaveValue("Ngozi Adeyemi");
    expect(screen.getByRole("link", { name: "Recharge cards" })).toHaveAttribute(
      "href",
      "/app/recharge-pins",
    );
  });

  it("buys 1 to 100 cards, and says so for a count outside that", async () => {
    const { user } = await openRechargeCards();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Choose a network.")).toBeInTheDocument();
    expect(screen.getByText("Choose a card value.")).toHaveAttribute("role", "alert");

    await user.selectOptions(screen.getByLabelText("Network"), "4");
    await user.click(value("₦200"));
    for (const [typed, said] of [
      ["0", "Buy 1 to 100 cards at a time."],
      ["101", "Buy 1 to 100 cards at a time."],
      ["", "Enter how many cards, as a number."],
      ["ten", "Enter how many cards, as a number."],
    ] as const) {
      await retype(user, "How many cards", typed);
      await user.click(screen.getByRole("button", { name: "Continue" }));
      expect(await screen.findByText(said)).toBeInTheDocument();
      expect(errorOf("How many cards")).toBe("true");
    }
  });

  it("checks the name on the cards as the server does, and sends it trimmed with the order", async () => {
    const { app, user } = await openRechargeCards();
    await user.selectOptions(screen.getByLabelText("Network"), "4");
    await user.click(value("₦200"));
    await retype(user, "How many cards", "100");
    // Longer than 30 cannot be typed; what can be is checked by the body's own rule.
    expect(screen.getByLabelText("Name on the cards")).toHaveAttribute("maxLength", "30");
    for (const typed of ["   ", "Ọjà Stores", "Ade\tStores"]) {
      await retype(user, "Name on the cards", typed);
      await user.click(screen.getByRole("button", { name: "Continue" }));
      expect(
        await screen.findByText("Use 1 to 30 letters, digits, spaces or punctuation."),
      ).toBeInTheDocument();
      expect(errorOf("Name on the cards")).toBe("true");
    }
    await retype(user, "Name on the cards", "  Ade & Sons, Ikeja ");
    expect(screen.getByText("₦194 each: ₦19,400.00 in all. Up to 100 at a time.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue" }));

    const confirm = await screen.findByRole("region", { name: "Confirm your purchase" });
    expect(confirm).toHaveTextContent("Airtel");
    expect(confirm).toHaveTextContent("₦200");
    expect(confirm).toHaveTextContent("100 cards at ₦194 each");
    expect(confirm).toHaveTextContent("Ade & Sons, Ikeja");
    await user.type(within(confirm).getByLabelText("Transaction PIN"), "2580");
    await user.click(within(confirm).getByRole("button", { name: "Pay ₦19,400.00" }));
    expect(app.control.purchase.calls.at(-1)).toEqual({
      id: "submitPurchase",
      input: {
        kind: "recharge_pin",
        order: { network_id: 4, denomination: 20_000, quantity: 100, name_on_card: "Ade & Sons, Ikeja" },
        pin: "2580",
        requestId: testRequestId,
        allowDuplicate: false,
      },
    });
  });

  it("leads delivered cards to their print page and a CSV, not a list of 100 PINs", async () => {
    await bought("successful");
    await screen.findByRole("heading", { name: "Purchase successful" });
    expect(screen.getByRole("link", { name: "Print cards" })).toHaveAttribute(
      "href",
      "/app/recharge-pins/OJA260302K7M3Q9XZ/print",
    );
    expect(screen.getByRole("button", { name: "Download CSV" })).toBeEnabled();
    expect(screen.queryByRole("button", { name: /^Copy PIN/ })).not.toBeInTheDocument();
  });

  it("says a pending purchase's cards come once the provider confirms", async () => {
    await bought("pending");
    await screen.findByRole("heading", { name: "Waiting for the provider" });
    expect(
      screen.getByText(
        "Your cards are ready to print, and come to you by email, once the provider confirms.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Print cards" })).not.toBeInTheDocument();
  });
});
