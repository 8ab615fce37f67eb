import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { customerWithPin } from "../support/fixtures";
import { catalogues } from "../support/purchaseFixtures";
import { renderSignedIn } from "../support/signedIn";
import "../../src/pages/customer/purchase/purchaseSteps";

afterEach(cleanup);

describe("the data wizard's plans", () => {
  it("says how the network delivers each plan beside its size and validity, and on the confirm step", async () => {
    const user = userEvent.setup();
    const app = await renderSignedIn("/app/data-subscriptions", customerWithPin);
    await waitFor(() => expect(app.control.purchase.isRunning("loadCatalogue")).toBe(true));
    await act(async () =>
      app.control.purchase.settle({ type: "xstate.done.actor.loadCatalogue", output: catalogues.data }),
    );
    await user.selectOptions(await screen.findByLabelText("Network"), "1");
    const plans = screen.getByRole("group", { name: "Plan" });
    const option = (id: number) => {
      const input = within(plans)
        .getAllByRole("radio")
        .find((radio) => (radio as HTMLInputElement).value === String(id));
      if (!input) throw new Error(`no plan ${id} on screen`);
      return input.closest("label") as HTMLElement;
    };
    expect(option(11)).toHaveTextContent("1GB1 day · Network plan₦500");
    expect(option(12)).toHaveTextContent("2GB30 days · SME₦1,500");

    await user.type(screen.getByLabelText("Phone number"), "08031234567");
    await user.click(within(option(12)).getByRole("radio"));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    const step = await screen.findByRole("region", { name: "Confirm your purchase" });
    expect(step).toHaveTextContent("2GB, 30 days, SME");
  });
});
