import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "../../schemas/auth";
import { type StaffRechargeCard, staffRechargeCard } from "../../schemas/rechargeCardStaff";
import type { AdminApi } from "../../src/api/adminApi";
import { ApiFailure } from "../../src/api/client";
import { staffProfile } from "../support/fixtures";
import { fakeAdmin } from "../support/renderApp";
import { heading, renderSignedIn } from "../support/signedIn";

afterEach(cleanup);

const adminProfile: Profile = { ...staffProfile, role: "admin", first_name: "Bisi" };
const open = (profile: Profile, admin: Partial<AdminApi>) =>
  renderSignedIn("/admin/manage-recharge-pins", profile, undefined, undefined, fakeAdmin(admin));

const vendorOffer = (cost: number) => ({
  provider: "msorg",
  label: "SME-data vendor",
  configured: true,
  service_id: "1",
  variation_code: "1",
  cost,
  commission_percent: 0,
  enabled: true,
});

// Parsed, so no test feeds the page what the API client would refuse.
const cards: StaffRechargeCard[] = [
  staffRechargeCard.parse({
    id: 1,
    network_id: 1,
    network: "MTN",
    denomination: 10_000,
    price: 9_800,
    enabled: true,
    has_sales: true,
    offers: [vendorOffer(9_700)],
  }),
  staffRechargeCard.parse({
    id: 8,
    network_id: 2,
    network: "GLO",
    denomination: 100_000,
    price: 98_000,
    enabled: false,
    has_sales: false,
    offers: [],
  }),
];

const rowOf = (name: string) => screen.getByText(name, { selector: "td" }).closest("tr") as HTMLElement;

describe("the Recharge cards page", () => {
  it("lists each network's card with its value, price, offers, sales and switch", async () => {
    await open(adminProfile, { rechargeCards: async () => cards });
    await heading("Recharge cards");
    await screen.findByText("MTN ₦100", { selector: "td" });
    const mtn = within(rowOf("MTN ₦100"));
    for (const [label, text] of [
      ["Value", "₦100.00"],
      ["Price", "₦98.00"],
      ["Sales", "Yes"],
    ] as const) {
      expect(mtn.getByText(text, { selector: `td[data-label="${label}"]` })).toBeInTheDocument();
    }
    expect(rowOf("MTN ₦100")).toHaveTextContent("SME-data vendor ₦97.00");
    expect(rowOf("GLO ₦1,000")).toHaveTextContent("No provider: cannot be bought");
    expect(rowOf("GLO ₦1,000")).toHaveTextContent("Inactive");
    // The 16 cards are fixed: none is added here.
    expect(screen.queryByRole("button", { name: /^Add/ })).not.toBeInTheDocument();
  });

  it("prices a card, sending only what changed, and puts the server's refusal under the price", async () => {
    const user = userEvent.setup();
    const msg = "A card is not sold above its value: at most ₦100.00.";
    const patchRechargeCard = vi
      .fn()
      .mockRejectedValueOnce(new ApiFailure(400, msg, { fields: { price: [msg] } }))
      .mockResolvedValue(cards[0]);
    await open(adminProfile, { rechargeCards: async () => cards, patchRechargeCard });
    await user.click(await screen.findByRole("button", { name: "Edit MTN ₦100" }));
    const dialog = within(screen.getByRole("dialog", { name: "Edit MTN ₦100" }));
    await user.clear(dialog.getByLabelText("Price"));
    await user.type(dialog.getByLabelText("Price"), "101");
    await user.click(dialog.getByRole("button", { name: "Save recharge card" }));
    await waitFor(() => expect(dialog.getByText(msg)).toBeInTheDocument());
    expect(patchRechargeCard).toHaveBeenCalledWith(1, { price: 10_100 });
    // Its offers are edited in the same dialog, at a cost per card.
    expect(dialog.getByRole("heading", { name: "Who sells MTN ₦100" })).toBeInTheDocument();

    await user.clear(dialog.getByLabelText("Price"));
    await user.type(dialog.getByLabelText("Price"), "97.50");
    await user.click(dialog.getByRole("button", { name: "Save recharge card" }));
    await waitFor(() => expect(patchRechargeCard).toHaveBeenLastCalledWith(1, { price: 9_750 }));
  });

  it("shows staff the cards and who sells them, without Edit, and says who prices them", async () => {
    await open(staffProfile, { rechargeCards: async () => cards });
    await screen.findByText("MTN ₦100", { selector: "td" });
    expect(screen.getByText(/Admins price and switch recharge cards on or off/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Edit / })).not.toBeInTheDocument();
  });

  it("is in the console's sidebar for staff and admins, beside its transactions", async () => {
    await open(staffProfile, { rechargeCards: async () => cards });
    const nav = screen.getByRole("navigation", { name: "Admin menu" });
    expect(within(nav).getByRole("link", { name: "Recharge cards" })).toHaveAttribute(
      "href",
      "/admin/manage-recharge-pins",
    );
    expect(within(nav).getByRole("link", { name: "Recharge card transactions" })).toHaveAttribute(
      "href",
      "/admin/recharge-pin-transactions",
    );
  });
});
