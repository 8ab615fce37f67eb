import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StaffDataPlan } from "../../schemas/catalogueStaff";
import type { PlanSyncReport } from "../../schemas/planSync";
import type { AdminApi } from "../../src/api/adminApi";
import { ApiFailure } from "../../src/api/client";
import { staffProfile } from "../support/fixtures";
import { fakeAdmin } from "../support/renderApp";
import { renderSignedIn } from "../support/signedIn";

afterEach(cleanup);

const plan = (id: number, code: string, over: Partial<StaffDataPlan> = {}): StaffDataPlan => ({
  id,
  control_id: 1,
  code,
  name: `${code} plan`,
  size: "1GB",
  validity: "1 day",
  category: "daily",
  plan_type: "direct",
  price: 50_000,
  offers: [],
  enabled: true,
  has_sales: false,
  ...over,
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
    {
      state: "new",
      code: "mtn-night",
      provider_name: "MTN Night Plan",
      provider_cost: 10_000,
      offer_cost: null,
      plan_type: null,
      plan: null,
      suggested: null,
    },
    {
      state: "changed",
      code: "mtn-6gb-7d",
      provider_name: "MTN N2,500 6GB - 7 days",
      provider_cost: 245_000,
      offer_cost: null,
      plan_type: null,
      plan: plan(7, "mtn-6gb-7d", { price: 250_000 }),
      suggested: null,
    },
    {
      state: "gone",
      code: "mtn-old",
      provider_name: null,
      provider_cost: null,
      offer_cost: null,
      plan_type: null,
      plan: plan(9, "mtn-old"),
      suggested: null,
    },
    {
      state: "gone",
      code: "mtn-older",
      provider_name: null,
      provider_cost: null,
      offer_cost: null,
      plan_type: null,
      plan: plan(10, "mtn-older", { enabled: false }),
      suggested: null,
    },
    {
      state: "same",
      code: "mtn-1gb-1d",
      provider_name: "MTN N500 1GB - 1 day",
      provider_cost: 48_000,
      offer_cost: null,
      plan_type: null,
      plan: plan(3, "mtn-1gb-1d"),
      suggested: null,
    },
  ],
};

function open(overrides: Partial<AdminApi>) {
  const api = {
    dataNetworks: vi.fn(async () => [
      {
        id: 1,
        name: "MTN",
        enabled: true,
        data_ids: [{ provider: "vtpass", label: "VTpass", service_id: "mtn-data" }],
      },
    ]),
    dataPlans: vi.fn(async () => [plan(3, "mtn-1gb-1d")]),
    planSync: vi.fn(async () => report),
    ...overrides,
  };
  return {
    api,
    app: renderSignedIn("/admin/manage-databundle/1", staffProfile, undefined, undefined, fakeAdmin(api)),
  };
}

describe("syncing data plans from the provider", () => {
  it("shows the provider's plans beside ours, and imports exactly what staff chose after confirming", async () => {
    const user = userEvent.setup();
    const applyPlanSync = vi.fn(async () => ({ created: 1, updated: 1, switched_off: 1, report }));
    const { api } = open({ applyPlanSync });
    await user.click(await screen.findByRole("button", { name: "Sync from provider" }));
    const table = await screen.findByRole("table", { name: "VTpass's plans beside ours" });
    expect(api.planSync).toHaveBeenCalledWith(1, "vtpass");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[1]?.textContent)).toEqual([
      "New",
      "New",
      "Cost changed",
      "Gone",
      "Gone",
    ]);
    expect(screen.getByText("1 plan is the same at the provider.")).toBeInTheDocument();
    // A new plan whose name says no size cannot be taken.
    expect(within(rows[1] as HTMLElement).queryByRole("checkbox")).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent("Add it by hand");

    const price = screen.getByLabelText("Our price for mtn-40gb-30d (₦)");
    expect(price).toHaveValue("10,560.00");
    await user.clear(price);
    await user.type(price, "11,000");
    await user.click(screen.getByRole("checkbox", { name: "Import mtn-40gb-30d" }));
    await user.click(screen.getByRole("checkbox", { name: "Take VTpass's cost for mtn-6gb-7d" }));
    await user.click(screen.getByRole("checkbox", { name: "Switch off VTpass's offer for mtn-old" }));
    await user.click(screen.getByRole("button", { name: "Import selected" }));
    const dialog = screen.getByRole("dialog", { name: "Import from VTpass?" });
    expect(dialog).toHaveTextContent(
      "1 new plan at our prices with VTpass's offer, 1 with its new cost, 1 of its offers switched off.",
    );
    expect(applyPlanSync).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Import" }));
    await waitFor(() =>
      expect(applyPlanSync).toHaveBeenCalledWith({
        control_id: 1,
        provider: "vtpass",
        import: [{ code: "mtn-40gb-30d", price: 1_100_000 }, { code: "mtn-6gb-7d" }],
        switch_off: [9],
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(api.dataPlans).toHaveBeenCalledTimes(2)); // the list is read again
  });

  it("imports nothing until something is chosen, and refuses a price that is not naira", async () => {
    const user = userEvent.setup();
    open({});
    await user.click(await screen.findByRole("button", { name: "Sync from provider" }));
    const importButton = await screen.findByRole("button", { name: "Import selected" });
    expect(importButton).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Import mtn-40gb-30d" }));
    expect(importButton).toBeEnabled();
    await user.clear(screen.getByLabelText("Our price for mtn-40gb-30d (₦)"));
    await user.type(screen.getByLabelText("Our price for mtn-40gb-30d (₦)"), "lots");
    expect(importButton).toBeDisabled();
    expect(screen.getByRole("alert")).toHaveTextContent("Write our price for mtn-40gb-30d in naira");
  });

  it("puts the server's refusal of a plan by that plan", async () => {
    const user = userEvent.setup();
    const msg = "mtn-40gb-30d is not in the provider's list any more.";
    const applyPlanSync = vi.fn(async () => {
      throw new ApiFailure(400, msg, { fields: { "import.0.code": [msg] } });
    });
    open({ applyPlanSync });
    await user.click(await screen.findByRole("button", { name: "Sync from provider" }));
    await user.click(await screen.findByRole("checkbox", { name: "Import mtn-40gb-30d" }));
    await user.click(screen.getByRole("button", { name: "Import selected" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Import" }));
    const row = (await screen.findByText(msg)).closest("tr") as HTMLElement;
    expect(row).toHaveTextContent("mtn-40gb-30d");
  });

  it("says when the provider cannot be asked", async () => {
    const user = userEvent.setup();
    open({
      planSync: vi.fn(async () => {
        throw new ApiFailure(
          503,
          "We could not get the provider's plans just now. Please try again shortly.",
        );
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Sync from provider" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "We could not get the provider's plans just now.",
    );
  });
});
