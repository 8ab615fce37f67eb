import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StaffOffer } from "../../schemas/catalogueOffers";
import type { StaffAirtimeControl } from "../../schemas/catalogueStaff";
import type { AdminApi } from "../../src/api/adminApi";
import { staffProfile } from "../support/fixtures";
import { fakeAdmin } from "../support/renderApp";
import { renderSignedIn } from "../support/signedIn";

afterEach(cleanup);

const vtpass: StaffOffer = {
  provider: "vtpass",
  label: "VTpass",
  configured: true,
  service_id: "mtn",
  variation_code: null,
  cost: null,
  commission_percent: 3,
  enabled: true,
};
const mtn: StaffAirtimeControl = {
  id: 1,
  network: "MTN",
  enabled: true,
  discount_percent: 2,
  min_amount: 5_000,
  max_amount: 5_000_000,
  offers: [vtpass],
};
const open = (admin: Partial<AdminApi>) =>
  renderSignedIn("/admin/manage-airtime", staffProfile, undefined, undefined, fakeAdmin(admin));

describe("a product's offers in the console", () => {
  it("lists each provider's offer, adds one with its commission and removes one", async () => {
    const user = userEvent.setup();
    const added: StaffOffer = { ...vtpass, provider: "msorg", label: "SME vendor", service_id: "1" };
    const putOffer = vi.fn(async () => ({ ...added, commission_percent: 2 }));
    const removeOffer = vi.fn(async () => ({ removed: true }));
    open({ airtimeControls: async () => [mtn], putOffer, removeOffer });
    const offers = await screen.findByRole("region", { name: "Who sells MTN airtime" });
    const table = within(offers).getByRole("table", { name: "Offers for MTN airtime" });
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("VTpassmtn3%");

    await user.click(within(offers).getByRole("button", { name: "Add an offer for MTN airtime" }));
    const form = within(within(offers).getByRole("region", { name: "New offer for MTN airtime" }));
    await user.type(form.getByLabelText("Provider"), "msorg");
    await user.type(form.getByLabelText("Provider's id for the network, cable or disco"), "1");
    await user.type(form.getByLabelText("Commission"), "2");
    await user.click(form.getByRole("button", { name: "Add offer" }));
    await waitFor(() =>
      expect(putOffer).toHaveBeenCalledWith({
        service: "airtime",
        product_id: 1,
        provider: "msorg",
        service_id: "1",
        commission_percent: 2,
        enabled: true,
      }),
    );
    expect(await within(offers).findByText("SME vendor")).toBeInTheDocument();

    await user.click(within(offers).getByRole("button", { name: "Remove VTpass's offer for MTN airtime" }));
    await user.click(within(offers).getByRole("button", { name: "Remove offer" }));
    await waitFor(() =>
      expect(removeOffer).toHaveBeenCalledWith({ service: "airtime", product_id: 1, provider: "vtpass" }),
    );
  });
});
