import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "../../schemas/auth";
import type { StaffDataPlan } from "../../schemas/catalogueStaff";
import type { LevelPlanPrice, PriceLevel, PriceLevelInConsole } from "../../schemas/levels";
import type { AdminApi } from "../../src/api/adminApi";
import { ApiFailure } from "../../src/api/client";
import { priceLevelOf, staffProfile } from "../support/fixtures";
import { fakeAdmin } from "../support/renderApp";
import { renderSignedIn } from "../support/signedIn";

afterEach(cleanup);

const adminProfile: Profile = { ...staffProfile, role: "admin", first_name: "Bisi" };

const levels = [priceLevelOf("customer", 1, "Customer"), priceLevelOf("reseller", 3, "Reseller")];

const fixedRow = (over: Partial<LevelPlanPrice>): LevelPlanPrice => ({
  plan_id: 10,
  network_id: 1,
  plan: "MTN 1GB SME",
  own_price: 30_000,
  price: 25_000,
  price_at_level: 25_000,
  updated_at: "2026-11-27T10:00:00.000Z",
  ...over,
});
// The second plan's fixed price is under its cost, so the level pays the cost.
const resellerPrices = [
  fixedRow({}),
  fixedRow({
    plan_id: 11,
    plan: "MTN 10GB Monthly",
    own_price: 350_000,
    price: 200_000,
    price_at_level: 310_000,
  }),
];

const mtnPlan = (id: number, name: string, price: number): StaffDataPlan => ({
  id,
  control_id: 1,
  code: `mtn-${id}`,
  name,
  size: "1GB",
  validity: "1 day",
  category: "daily",
  plan_type: "sme",
  price,
  offers: [],
  enabled: true,
  has_sales: false,
});
const mtnPlans = [
  mtnPlan(10, "1GB SME", 30_000),
  mtnPlan(11, "10GB Monthly", 350_000),
  mtnPlan(12, "2GB SME", 60_000),
];

async function openPage(overrides: Partial<AdminApi> = {}) {
  const api = {
    levels: vi.fn(async () => levels),
    levelPlanPrices: vi.fn(async (slug: PriceLevel["slug"]) => (slug === "reseller" ? resellerPrices : [])),
    dataPlans: vi.fn(async () => mtnPlans),
    ...overrides,
  };
  await renderSignedIn("/admin/price-levels", adminProfile, undefined, undefined, fakeAdmin(api));
  const reseller = within(await screen.findByRole("region", { name: "Reseller" }));
  await reseller.findByRole("table", { name: "Fixed data plan prices" });
  return { api, reseller };
}

describe("a level's fixed data plan prices", () => {
  it("lists each plan's own and fixed price, and says where cost stops the level's", async () => {
    const { reseller } = await openPage();
    const rows = reseller.getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining("MTN 1GB SME₦300.00₦250.00"),
      expect.stringContaining("MTN 10GB Monthly₦3,500.00₦2,000.00stops at cost: ₦3,100.00"),
    ]);
    expect(within(rows[0] as HTMLElement).queryByText(/stops at/)).toBeNull();
    const customer = within(screen.getByRole("region", { name: "Customer" }));
    expect(
      await customer.findByText("No fixed prices: Customer gets its discount on every plan."),
    ).toBeVisible();
  });

  it("shows a failed load in place, and Try again reads it again", async () => {
    const levelPlanPrices = vi
      .fn<AdminApi["levelPlanPrices"]>()
      .mockRejectedValueOnce(new ApiFailure(0, "We could not reach OjaPay."))
      .mockResolvedValue(resellerPrices);
    await renderSignedIn(
      "/admin/price-levels",
      adminProfile,
      undefined,
      undefined,
      fakeAdmin({ levels: vi.fn(async () => [levels[1] as PriceLevelInConsole]), levelPlanPrices }),
    );
    const reseller = within(await screen.findByRole("region", { name: "Reseller" }));
    expect(await reseller.findByText("We could not load Reseller's fixed prices.")).toBeVisible();
    await userEvent.click(reseller.getByRole("button", { name: "Try again" }));
    expect(await reseller.findByRole("table", { name: "Fixed data plan prices" })).toBeVisible();
  });

  it("adds one: a network, one of its plans not fixed yet, and the naira typed sent as kobo", async () => {
    const setLevelPlanPrice = vi.fn(async () =>
      fixedRow({ plan_id: 12, plan: "MTN 2GB SME", price: 55_050 }),
    );
    const { api, reseller } = await openPage({ setLevelPlanPrice });
    await userEvent.click(reseller.getByRole("button", { name: "Add a fixed price at Reseller" }));
    const dialog = within(screen.getByRole("dialog", { name: "Add a fixed price at Reseller" }));
    // Focus starts in the dialog, on its first field.
    expect(dialog.getByLabelText("Network")).toHaveFocus();
    await userEvent.selectOptions(dialog.getByLabelText("Network"), "MTN");
    const plan = await dialog.findByLabelText("Plan");
    expect(api.dataPlans).toHaveBeenCalledWith(1);
    // The two plans fixed already are changed from the list, not added again.
    expect(
      within(plan)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Choose…", "2GB SME · ₦600.00"]);
    await userEvent.selectOptions(plan, "2GB SME · ₦600.00");
    expect(dialog.getByText("Its own price is ₦600.00: a fixed price may be at most that.")).toBeVisible();
    await userEvent.type(dialog.getByLabelText("Price at this level"), "550.50");
    await userEvent.click(dialog.getByRole("button", { name: "Fix the price" }));
    await vi.waitFor(() => expect(setLevelPlanPrice).toHaveBeenCalledWith("reseller", 12, 55_050));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Each level's list read once as the page opened, and the reseller's again after the save.
    await vi.waitFor(() => expect(api.levelPlanPrices).toHaveBeenCalledTimes(3));
  });

  it("shows the server's refusal of a price above the plan's own under the field", async () => {
    const words = "A level's price is at most the plan's own, ₦300.00: set the plan's price first.";
    const setLevelPlanPrice = vi.fn(async () => {
      throw new ApiFailure(400, words, { code: "invalid_input", fields: { price: [words] } });
    });
    const { reseller } = await openPage({ setLevelPlanPrice });
    await userEvent.click(reseller.getByRole("button", { name: "Change MTN 1GB SME at Reseller" }));
    const dialog = within(screen.getByRole("dialog", { name: "MTN 1GB SME at Reseller" }));
    const price = dialog.getByLabelText("Price at this level");
    expect(price).toHaveFocus();
    await userEvent.clear(price);
    await userEvent.type(price, "400");
    await userEvent.click(dialog.getByRole("button", { name: "Save the price" }));
    expect(await dialog.findByText(words)).toBeVisible();
    expect(price).toHaveAttribute("aria-invalid", "true");
    expect(price).toHaveAccessibleDescription(expect.stringContaining(words));
    expect(setLevelPlanPrice).toHaveBeenCalledWith("reseller", 10, 40_000);
    // Escape closes the dialog with nothing saved.
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("changes one from its row, starting from the fixed price", async () => {
    const setLevelPlanPrice = vi.fn(async () => fixedRow({ price: 27_500, price_at_level: 27_500 }));
    const { api, reseller } = await openPage({ setLevelPlanPrice });
    await userEvent.click(reseller.getByRole("button", { name: "Change MTN 1GB SME at Reseller" }));
    const dialog = within(screen.getByRole("dialog", { name: "MTN 1GB SME at Reseller" }));
    const price = dialog.getByLabelText("Price at this level");
    expect(price).toHaveValue("250.00");
    await userEvent.clear(price);
    await userEvent.type(price, "275");
    await userEvent.click(dialog.getByRole("button", { name: "Save the price" }));
    await vi.waitFor(() => expect(setLevelPlanPrice).toHaveBeenCalledWith("reseller", 10, 27_500));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await vi.waitFor(() => expect(api.levelPlanPrices).toHaveBeenCalledTimes(3));
  });

  it("removes one only once the admin confirms", async () => {
    const removeLevelPlanPrice = vi.fn(async () => [resellerPrices[1] as LevelPlanPrice]);
    const { api, reseller } = await openPage({ removeLevelPlanPrice });
    await userEvent.click(reseller.getByRole("button", { name: "Remove MTN 1GB SME at Reseller" }));
    const dialog = within(screen.getByRole("dialog", { name: "Remove the fixed price of MTN 1GB SME?" }));
    expect(
      dialog.getByText(
        "Reseller pays ₦250.00 for MTN 1GB SME now. Without it, the plan's own price, ₦300.00, less Reseller's discount applies again.",
      ),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole("button", { name: "Cancel" }));
    expect(removeLevelPlanPrice).not.toHaveBeenCalled();

    await userEvent.click(reseller.getByRole("button", { name: "Remove MTN 1GB SME at Reseller" }));
    await userEvent.click(screen.getByRole("button", { name: "Remove" }));
    await vi.waitFor(() => expect(removeLevelPlanPrice).toHaveBeenCalledWith("reseller", 10));
    await vi.waitFor(() => expect(api.levelPlanPrices).toHaveBeenCalledTimes(3));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
