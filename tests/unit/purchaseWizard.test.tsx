import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { AnyActorRef } from "xstate";
import type { AirtimeCatalogue } from "../../schemas/catalogue";
import { customerProfile, customerWithPin } from "../support/fixtures";
import { catalogues, choices, purchaseResult } from "../support/purchaseFixtures";
import { fillChoice } from "../support/purchaseScreen";
import { testRequestId } from "../support/renderApp";
import { renderSignedIn } from "../support/signedIn";
// The wizard's steps and the PIN setup, which the page fetches as it needs them (lazyPart), compiled
// before the first test, so its waits are spent on the page and not on the compiler.
import "../../src/pages/customer/purchase/purchaseSteps";
import "../../src/pages/customer/PinSetup";

afterEach(cleanup);

/** The airtime wizard with its catalogue loaded, for `profile`. */
async function openAirtime(profile = customerWithPin, catalogue: AirtimeCatalogue = catalogues.airtime) {
  const app = await renderSignedIn("/app/airtime-vtu", profile);
  await waitFor(() => expect(app.control.purchase.isRunning("loadCatalogue")).toBe(true));
  const wizard = app.machines.get("purchase") as AnyActorRef;
  await act(async () =>
    app.control.purchase.settle({ type: "xstate.done.actor.loadCatalogue", output: catalogue }),
  );
  return { app, wizard };
}

const confirmStep = () => screen.findByRole("region", { name: "Confirm your purchase" });

describe("the purchase wizard", () => {
  it("lets a customer without a PIN set one at the confirm step, then pay for the same purchase", async () => {
    const user = userEvent.setup();
    const { app, wizard } = await openAirtime(customerProfile);
    await fillChoice(user, choices.airtime);
    const step = await confirmStep();
    // No PIN field to type into before there is a PIN: Set your PIN in its place, the summary above it.
    expect(within(step).queryByLabelText("Transaction PIN")).toBeNull();
    expect(within(step).queryByRole("button", { name: /^Pay ₦/ })).toBeNull();
    expect(step).toHaveTextContent("you have not set one yet");
    expect(step).toHaveTextContent("08031234567");

    await user.click(await within(step).findByRole("button", { name: "Set your PIN" }));
    await act(async () => app.control.pin.settle({ type: "xstate.done.actor.requestCode" }));
    const dialog = screen.getByRole("dialog", { name: "Set your transaction PIN" });
    await user.type(within(dialog).getByLabelText("Code (OTP)"), "482913");
    await user.type(within(dialog).getByLabelText("PIN"), "7319");
    await user.click(within(dialog).getByRole("button", { name: "Verify" }));
    expect(app.control.pin.calls.at(-1)).toEqual({
      id: "confirmPin",
      input: { code: "482913", new_pin: "7319" },
    });
    await act(async () => app.control.pin.settle({ type: "xstate.done.actor.confirmPin" }));
    expect(screen.queryByRole("dialog")).toBeNull();

    // The purchase waited on its step; the PIN field is where the customer carries on.
    expect(wizard.getSnapshot().value).toBe("confirming");
    const pin = within(step).getByLabelText("Transaction PIN");
    await waitFor(() => expect(pin).toHaveFocus());
    await user.type(pin, "7319");
    await user.click(within(step).getByRole("button", { name: /^Pay ₦/ }));
    expect(app.control.purchase.calls.at(-1)).toEqual({
      id: "submitPurchase",
      input: {
        kind: "airtime",
        order: choices.airtime.order,
        pin: "7319",
        requestId: testRequestId,
        allowDuplicate: false,
      },
    });
    await act(async () =>
      app.control.purchase.settle({
        type: "xstate.done.actor.submitPurchase",
        output: purchaseResult("airtime", "successful"),
      }),
    );
    expect(await screen.findByRole("heading", { name: "Purchase successful" })).toBeInTheDocument();
  });

  it("reads a pause switched on mid-purchase as emergency mode, not as a PIN error, and keeps the choice", async () => {
    const user = userEvent.setup();
    const { app, wizard } = await openAirtime();
    await fillChoice(user, choices.airtime);
    const step = await confirmStep();
    await user.type(within(step).getByLabelText("Transaction PIN"), "2580");
    await user.click(within(step).getByRole("button", { name: /^Pay ₦/ }));
    const message = "Sales are paused while we fix a provider fault.";
    await act(async () =>
      app.control.purchase.settle({
        type: "xstate.error.actor.submitPurchase",
        error: { salesPaused: message },
      }),
    );

    expect(wizard.getSnapshot().value).toBe("paused");
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(screen.queryByLabelText("Transaction PIN")).toBeNull();
    expect(screen.getByText(/Nothing was bought and nothing was charged/)).toBeInTheDocument();

    // Once sales resume, the form comes back as the customer left it.
    await user.click(screen.getByRole("button", { name: "Check again" }));
    await act(async () =>
      app.control.purchase.settle({ type: "xstate.done.actor.loadCatalogue", output: catalogues.airtime }),
    );
    expect(await screen.findByLabelText("Phone number")).toHaveValue(choices.airtime.draft.phone);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says up front when nothing is on sale, rather than offering a form that cannot be bought", async () => {
    const off = {
      ...catalogues.airtime,
      controls: catalogues.airtime.controls.map((c) => ({ ...c, enabled: false })),
    };
    await openAirtime(customerWithPin, off);
    expect(
      await screen.findByText("Airtime is not on sale right now. Please try again later."),
    ).toBeVisible();
    expect(screen.queryByRole("button", { name: "Continue" })).toBeNull();
    expect(screen.queryByLabelText("Phone number")).toBeNull();
  });
});
