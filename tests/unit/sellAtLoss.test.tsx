import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StaffAirtimeControl, StaffDataPlan } from "../../schemas/catalogueStaff";
import type { PlanSyncReport } from "../../schemas/planSync";
import type { AdminApi } from "../../src/api/adminApi";
import { ApiFailure } from "../../src/api/client";
import { staffProfile } from "../support/fixtures";
import { fakeAdmin } from "../support/renderApp";
import { renderSignedIn } from "../support/signedIn";

// The pricing rule's confirm step in the console: a write the server refuses as below cost shows the
// server's words and "Sell at a loss" with a required reason, and sends the same change again with it.
afterEach(cleanup);

type User = ReturnType<typeof userEvent.setup>;
const open = (path: string, admin: Partial<AdminApi>) =>
  renderSignedIn(path, staffProfile, undefined, undefined, fakeAdmin(admin));

async function retype(user: User, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.type(field, value);
}

const belowCost = (msg: string, field: string) =>
  new ApiFailure(400, `${msg} Raise the price, or confirm selling at a loss with a reason.`, {
    code: "below_cost",
    fields: { [field]: [msg] },
  });
const reason = "Weekend promo";

/** Typing key by key is slow in jsdom; a reason is pasted, as staff often do. */
async function give(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const plan: StaffDataPlan = {
  id: 10,
  control_id: 1,
  code: "mtn-1gb-daily",
  name: "1GB Daily (1 day)",
  size: "1GB",
  validity: "1 day",
  category: "daily",
  plan_type: "direct",
  price: 30_000,
  offers: [],
  enabled: true,
  has_sales: false,
};
const planApi = (overrides: Partial<AdminApi>) => ({
  dataNetworks: vi.fn(async () => [
    {
      id: 1,
      name: "MTN",
      enabled: true,
      data_ids: [{ provider: "vtpass", label: "VTpass", service_id: "mtn-data" }],
    },
  ]),
  dataPlans: vi.fn(async () => [plan]),
  ...overrides,
});

describe("a plan priced below its cost", () => {
  const words = "At ₦250.00, 1GB Daily (1 day) sells ₦30.00 below its cost of ₦280.00.";

  /** Opens the plan's dialog and saves a price the server refuses as below cost. */
  async function refusedEdit(user: User, patchDataPlan: AdminApi["patchDataPlan"]) {
    await open("/admin/manage-databundle/1", planApi({ patchDataPlan }));
    await user.click(await screen.findByRole("button", { name: "Edit 1GB Daily (1 day)" }));
    const dialog = screen.getByRole("dialog", { name: "Edit 1GB Daily (1 day)" });
    await retype(user, within(dialog).getByLabelText("Price"), "250");
    await user.click(within(dialog).getByRole("button", { name: "Save plan" }));
    const step = await within(dialog).findByRole("region", { name: "This sells at a loss" });
    return { dialog, step };
  }

  it("shows the server's words and asks for a reason, inside the dialog", async () => {
    const user = userEvent.setup();
    const refusal = belowCost(words, "price");
    const patchDataPlan = vi.fn<AdminApi["patchDataPlan"]>().mockRejectedValue(refusal);
    const { dialog, step } = await refusedEdit(user, patchDataPlan);
    // Said once, in the step: not again under Price, and marked shown so the client toasts nothing.
    expect(step).toHaveTextContent(words);
    expect(within(dialog).getAllByText(words, { exact: false })).toHaveLength(1);
    expect(within(dialog).getByLabelText("Price")).not.toHaveAccessibleDescription(
      expect.stringContaining(words),
    );
    expect(refusal.shownOnScreen).toBe(true);
    const why = within(step).getByRole("textbox", { name: "Why sell at a loss?" });
    expect(why).toHaveFocus();
    expect(why).toBeRequired();
    expect(why).toHaveAccessibleDescription(expect.stringContaining("Kept in the audit log"));
    const confirm = within(step).getByRole("button", { name: "Sell at a loss" });
    expect(confirm).toHaveClass("button", "danger");

    // The step is inside the dialog: Tab from its last button wraps to the dialog's first control.
    confirm.focus();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.click(confirm);
    expect(
      await within(step).findByText("Say why this should sell at a loss, in at least 10 characters."),
    ).toBeVisible();
    expect(patchDataPlan).toHaveBeenCalledTimes(1);
  });

  it("sends the same change again with the reason, and closes", async () => {
    const user = userEvent.setup();
    const patchDataPlan = vi
      .fn<AdminApi["patchDataPlan"]>()
      .mockRejectedValueOnce(belowCost(words, "price"))
      .mockResolvedValueOnce({ ...plan, price: 25_000 });
    const { step } = await refusedEdit(user, patchDataPlan);
    await give(user, within(step).getByRole("textbox", { name: "Why sell at a loss?" }), reason);
    await user.click(within(step).getByRole("button", { name: "Sell at a loss" }));
    await waitFor(() =>
      expect(patchDataPlan).toHaveBeenLastCalledWith(10, { price: 25_000, sell_at_loss: { reason } }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows the server's refusal of the reason under it", async () => {
    const user = userEvent.setup();
    const refusal = "Keep the reason under 300 characters.";
    const patchDataPlan = vi
      .fn<AdminApi["patchDataPlan"]>()
      .mockRejectedValueOnce(belowCost(words, "price"))
      .mockRejectedValueOnce(
        new ApiFailure(400, refusal, { code: "invalid_input", fields: { "sell_at_loss.reason": [refusal] } }),
      );
    const { step } = await refusedEdit(user, patchDataPlan);
    const why = within(step).getByRole("textbox", { name: "Why sell at a loss?" });
    await give(user, why, reason);
    await user.click(within(step).getByRole("button", { name: "Sell at a loss" }));
    await waitFor(() => expect(why).toHaveAccessibleDescription(expect.stringContaining(refusal)));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });
});

const airtime: StaffAirtimeControl[] = [
  {
    id: 1,
    network: "MTN",
    enabled: true,
    discount_percent: 2,
    offers: [],
    min_amount: 5_000,
    max_amount: 5_000_000,
  },
];

describe("an airtime discount beyond our commission", () => {
  it("offers the step in the network's card, and Change the price goes back to the discount", async () => {
    const user = userEvent.setup();
    const words = "A 5% discount with our 3% commission sells MTN airtime 2% below its cost.";
    const patchAirtimeControl = vi.fn(async () => {
      throw belowCost(words, "discount_percent");
    });
    await open("/admin/manage-airtime", { airtimeControls: async () => airtime, patchAirtimeControl });
    const card = within(await screen.findByRole("region", { name: "MTN" }));
    const discount = card.getByLabelText("Customer discount");
    await retype(user, discount, "5");
    await user.click(card.getByRole("button", { name: "Save MTN" }));
    const step = await card.findByRole("region", { name: "This sells at a loss" });
    expect(step).toHaveTextContent(words);

    await user.click(within(step).getByRole("button", { name: "Change the price" }));
    expect(card.queryByRole("region", { name: "This sells at a loss" })).not.toBeInTheDocument();
    expect(discount).toHaveFocus();
    expect(patchAirtimeControl).toHaveBeenCalledTimes(1);
  });
});

const report: PlanSyncReport = {
  control_id: 1,
  provider: "vtpass",
  service_id: "mtn-data",
  rows: [
    {
      state: "new",
      code: "mtn-40gb-30d",
      provider_name: "MTN N11,000 40GB - 30 days",
      provider_cost: 1_056_000,
      offer_cost: null,
      plan_type: null,
      plan: null,
      suggested: { name: "40GB Monthly (30 days)", size: "40GB", validity: "30 days", category: "monthly" },
    },
  ],
};

describe("an import below the provider's cost", () => {
  it("puts the words by the plan and imports with a reason once confirmed", async () => {
    const user = userEvent.setup();
    const words = "At ₦10,000.00, 40GB Monthly (30 days) sells ₦560.00 below its cost of ₦10,560.00.";
    const applyPlanSync = vi
      .fn<AdminApi["applyPlanSync"]>()
      .mockRejectedValueOnce(belowCost(words, "import.0.price"))
      .mockResolvedValueOnce({ created: 1, updated: 0, switched_off: 0, report });
    await open("/admin/manage-databundle/1", planApi({ planSync: vi.fn(async () => report), applyPlanSync }));
    await user.click(await screen.findByRole("button", { name: "Sync from provider" }));
    await user.click(await screen.findByRole("checkbox", { name: "Import mtn-40gb-30d" }));
    await retype(user, screen.getByLabelText("Our price for mtn-40gb-30d (₦)"), "10,000");
    await user.click(screen.getByRole("button", { name: "Import selected" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Import" }));

    const step = await screen.findByRole("region", { name: "This sells at a loss" });
    expect(screen.getByLabelText("Our price for mtn-40gb-30d (₦)")).toHaveAccessibleDescription(words);
    await give(user, within(step).getByRole("textbox", { name: "Why sell at a loss?" }), reason);
    await user.click(within(step).getByRole("button", { name: "Sell at a loss" }));
    await waitFor(() =>
      expect(applyPlanSync).toHaveBeenLastCalledWith({
        control_id: 1,
        provider: "vtpass",
        import: [{ code: "mtn-40gb-30d", price: 1_000_000 }],
        switch_off: [],
        sell_at_loss: { reason },
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "This sells at a loss" })).not.toBeInTheDocument(),
    );
  });
});
