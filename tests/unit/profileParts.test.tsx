import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { customerProfile, tier1Kyc } from "../support/fixtures";
import { fakeCustomer } from "../support/renderApp";
import { heading, renderSignedIn } from "../support/signedIn";

// The profile's forms and modals come in one chunk after the page draws (src/pages/customer/profileParts);
// here its code arrives when the test says so.
const parts = vi.hoisted(() => {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrive, arrived };
});
vi.mock("../../src/pages/customer/profileParts", async (importOriginal) => {
  await parts.arrived;
  return importOriginal();
});

afterEach(cleanup);

describe("the profile page before its forms have arrived", () => {
  it("draws the header and the verification facts at once, and says where the forms will be until they come", async () => {
    const user = userEvent.setup();
    const app = await renderSignedIn(
      "/app/profile",
      customerProfile,
      undefined,
      fakeCustomer({ kyc: async () => tier1Kyc() }),
    );
    await heading("Ngozi Adeyemi");
    expect(screen.getByText("Verified")).toBeInTheDocument();
    const details = screen.getByRole("region", { name: "Personal details" });
    const password = screen.getByRole("region", { name: "Change password" });
    expect(within(details).getByRole("status")).toHaveTextContent("Loading your personal details…");
    expect(within(password).getByRole("status")).toHaveTextContent("Loading the password form…");
    expect(screen.queryByLabelText("First name")).not.toBeInTheDocument();
    const levels = screen.getByRole("region", { name: "Price level" });
    expect(within(levels).getByRole("status")).toHaveTextContent("Loading the price levels…");
    const verification = screen.getByRole("region", { name: "Wallet and verification" });
    expect(await within(verification).findByText("Tier 1")).toBeInTheDocument();
    expect(within(verification).getByText("3012345678")).toBeInTheDocument();

    // Reset Pin works meanwhile: the modal opens with its title (a first PIN's: this customer has none)
    // and says its form is coming.
    await user.click(screen.getByRole("button", { name: "Reset Pin" }));
    await act(async () => app.control.pin.settle({ type: "xstate.done.actor.requestCode" }));
    const waiting = screen.getByRole("dialog", { name: "Set your transaction PIN" });
    expect(within(waiting).getByRole("status")).toHaveTextContent("Loading…");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await act(async () => parts.arrive());
    expect(await within(details).findByLabelText("First name")).toHaveValue("Ngozi");
    expect(within(details).getByRole("button", { name: "Update Profile" })).toBeInTheDocument();
    expect(await within(password).findByLabelText("Current password")).toHaveAttribute("type", "password");
    expect(screen.queryByText("Loading your personal details…")).not.toBeInTheDocument();
    expect(screen.queryByText("Loading the password form…")).not.toBeInTheDocument();

    // Once the code is here the modal opens with its form, focus on the code's field.
    await user.click(screen.getByRole("button", { name: "Reset Pin" }));
    await act(async () => app.control.pin.settle({ type: "xstate.done.actor.requestCode" }));
    const dialog = screen.getByRole("dialog", { name: "Set your transaction PIN" });
    expect(within(dialog).getByLabelText("Code (OTP)")).toHaveFocus();
  });
});
