import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import type { z } from "zod";
import { type AuditEntry, auditAction, auditEntry } from "../../schemas/admin";
import { page } from "../../schemas/common";
import type { AdminApi } from "../../src/api/adminApi";
import AuditPage from "../../src/pages/admin/AuditPage";
import { optionNames } from "../support/optionNames";
import { fakeAdmin, renderApp } from "../support/renderApp";

afterEach(cleanup);

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent));

const auditPage = page(auditEntry);
type AuditPageData = z.infer<typeof auditPage>;

let serial = 0;
function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  serial += 1;
  return auditEntry.parse({
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, "0")}`,
    actor: { id: "7b2d2f3e-9a1d-4c36-8e0b-6f1f2a3b4c5d", email: "tunde@example.com", name: "Tunde Adeyemi" },
    action: "user.update",
    target: {
      type: "user",
      id: "6a1c1f2e-9a1d-4c36-8e0b-6f1f2a3b4c5d",
      label: "Ngozi Okafor",
      detail: "ngozi@example.com",
      parent_id: null,
    },
    before: { can_transact: true, phone: "08031234567" },
    after: { can_transact: false, phone: "08031234567" },
    ip: "102.89.1.7",
    // 13:05 UTC is 2:05 PM in Lagos.
    created_at: "2026-01-05T13:05:00.000Z",
    ...overrides,
  });
}

function entries(results: AuditEntry[], { count = results.length, page = 1 } = {}): AuditPageData {
  return auditPage.parse({ count, page, page_size: 20, results });
}

function openAudit(path: string, audit: AdminApi["audit"]) {
  return renderApp({
    path,
    admin: fakeAdmin({ audit }),
    children: (
      <Route path="/x" nest>
        <AuditPage />
      </Route>
    ),
  });
}

describe("the audit log", () => {
  it("lists when, who, what and the target by name, linked to its page", async () => {
    const audit = vi.fn(async () =>
      entries([
        entry(),
        entry({
          actor: null,
          action: "transaction.requery",
          target: {
            type: "transaction",
            id: "9b1c1f2e-9a1d-4c36-8e0b-6f1f2a3b4c5d",
            label: "OJA2601057K3M9QXZ",
            detail: "MTN airtime for 08031234567",
            parent_id: null,
          },
          before: null,
          after: null,
          ip: null,
        }),
        entry({
          action: "plan.delete",
          target: { type: "data_plan", id: "41", label: "1GB Daily", detail: null, parent_id: 2 },
        }),
        entry({
          action: "settings.update",
          target: { type: "kyc_limits", id: null, label: "KYC tier limits", detail: null, parent_id: null },
        }),
      ]),
    );
    openAudit("/x/audit", audit);
    expect(screen.getByRole("heading", { level: 1, name: "Audit log" })).toBeInTheDocument();
    expect(document.title).toBe("Audit log · OjaPay");
    expect(audit).toHaveBeenCalledWith({ page: 1, actor: undefined, action: undefined });

    const [user, requery, plan, limits] = await screen.findAllByRole("article");
    if (!user || !requery || !plan || !limits) throw new Error("four entries expected");
    expect(user).toHaveTextContent("user.update");
    expect(user).toHaveTextContent("Jan 5, 2026, 2:05 PM");
    expect(user).toHaveTextContent("Tunde Adeyemi tunde@example.com · from 102.89.1.7");
    expect(within(user).getByRole("link", { name: "Ngozi Okafor" })).toHaveAttribute(
      "href",
      "/x/manage-users/6a1c1f2e-9a1d-4c36-8e0b-6f1f2a3b4c5d",
    );
    expect(user).toHaveTextContent("Ngozi Okafor ngozi@example.com");
    expect(user).not.toHaveTextContent("6a1c1f2e");

    // A server-side action has no person behind it and, here, nothing to compare.
    expect(requery).toHaveTextContent("System");
    expect(within(requery).getByRole("link", { name: "OJA2601057K3M9QXZ" })).toHaveAttribute(
      "href",
      "/x/transactions/9b1c1f2e-9a1d-4c36-8e0b-6f1f2a3b4c5d",
    );
    expect(requery).toHaveTextContent("MTN airtime for 08031234567");
    expect(within(requery).queryByRole("table")).not.toBeInTheDocument();
    // A plan is edited on its network's page; settings have no page of their own to show them.
    expect(within(plan).getByRole("link", { name: "1GB Daily" })).toHaveAttribute(
      "href",
      "/x/manage-databundle/2",
    );
    expect(within(limits).getByRole("link", { name: "KYC tier limits" })).toHaveAttribute(
      "href",
      "/x/dashboard",
    );
  });

  it("shows each change as a row, before → after, money in naira, only the fields that changed", async () => {
    const audit = vi.fn(async () =>
      entries([
        entry(),
        entry({
          action: "wallet.fund",
          before: { balance: 1_086_200 },
          after: {
            balance: 1_136_200,
            amount: 50_000,
            reason: "Goodwill after an outage",
            reference: "OJF2601057K3M9QXZ",
          },
        }),
        entry({
          action: "catalogue.update",
          target: { type: "airtime_control", id: "1", label: "MTN airtime", detail: null, parent_id: null },
          before: { id: 1, network: "MTN", enabled: true, discount_percent: 2, max_amount: 5_000_000 },
          after: {
            id: 1,
            network: "MTN",
            enabled: true,
            discount_percent: 9,
            max_amount: 5_000_000,
            sell_at_loss_reason: "Launch promotion",
          },
        }),
      ]),
    );
    openAudit("/x/audit", audit);
    const [user, funding, airtime] = await screen.findAllByRole("article");
    if (!user || !funding || !airtime) throw new Error("three entries expected");

    expect(rowsOf(within(user).getByRole("table", { name: "Changes" }))).toEqual([
      ["Field", "Before", "After"],
      ["May transact", "Yes", "→ No"],
    ]);
    expect(rowsOf(within(funding).getByRole("table", { name: "Changes" }))).toEqual([
      ["Field", "Before", "After"],
      ["Wallet balance", "₦10,862.00", "→ ₦11,362.00"],
      ["Amount", "—", "→ ₦500.00"],
      ["Reason", "—", "→ Goodwill after an outage"],
      ["Reference", "—", "→ OJF2601057K3M9QXZ"],
    ]);
    expect(funding).not.toHaveTextContent("1086200");
    expect(rowsOf(within(airtime).getByRole("table", { name: "Changes" }))).toEqual([
      ["Field", "Before", "After"],
      ["Customer discount", "2%", "→ 9%"],
      ["Why it sells at a loss", "—", "→ Launch promotion"],
    ]);
  });

  it("shows a creation's every field, a contest's two accounts and an import's plans", async () => {
    const audit = vi.fn(async () =>
      entries([
        entry({
          action: "plan.create",
          target: { type: "data_plan", id: "41", label: "1GB Daily", detail: "GLO", parent_id: 2 },
          before: null,
          after: {
            id: 41,
            control_id: 2,
            name: "1GB Daily",
            price: 40_000,
            cost_price: 38_000,
            enabled: true,
          },
        }),
        entry({
          action: "kyc.contest.approve",
          target: {
            type: "identity_contest",
            id: "5b1c1f2e-9a1d-4c36-8e0b-6f1f2a3b4c5d",
            label: "Contest by Bola Ade",
            detail: null,
            parent_id: null,
          },
          before: { status: "pending", claimant: { id: "c1", tier: 1 }, holder: { id: "h1", tier: 2 } },
          after: { status: "approved", claimant: { id: "c1", tier: 2 }, holder: { id: "h1", tier: 1 } },
        }),
        entry({
          action: "plan.sync",
          target: { type: "data_network", id: "1", label: "MTN data", detail: null, parent_id: null },
          before: { changed: [], switched_off: [] },
          after: {
            created: [{ code: "mtn-40gb-30d", price: 1_100_000, cost_price: 1_056_000 }],
            changed: [],
            switched_off: [],
          },
        }),
      ]),
    );
    openAudit("/x/audit", audit);
    const [created, contest, sync] = await screen.findAllByRole("article");
    if (!created || !contest || !sync) throw new Error("three entries expected");
    expect(rowsOf(within(created).getByRole("table", { name: "Changes" }))).toEqual([
      ["Field", "Before", "After"],
      ["Name", "—", "→ 1GB Daily"],
      ["Price", "—", "→ ₦400.00"],
      ["Cost price", "—", "→ ₦380.00"],
      ["Switched on", "—", "→ Yes"],
    ]);
    expect(rowsOf(within(contest).getByRole("table", { name: "Changes" }))).toEqual([
      ["Field", "Before", "After"],
      ["Status", "pending", "→ approved"],
      ["Contesting account: KYC tier", "1", "→ 2"],
      ["Account holding the number: KYC tier", "2", "→ 1"],
    ]);
    const added = within(within(sync).getByRole("table", { name: "Changes" })).getByRole("listitem");
    expect(added).toHaveTextContent("Code mtn-40gb-30d, Price ₦11,000.00, Cost price ₦10,560.00");
  });

  it("filters by actor and action through the address, back to page 1", async () => {
    const user = userEvent.setup();
    const audit = vi.fn(async () => entries([entry()], { count: 45, page: 2 }));
    const app = openAudit("/x/audit?page=2", audit);
    expect(audit).toHaveBeenLastCalledWith({ page: 2, actor: undefined, action: undefined });
    await screen.findByText("Page 2 of 3");

    await user.selectOptions(screen.getByLabelText("Action"), "wallet.fund");
    expect(app.location.history.at(-1)).toBe("/x/audit?action=wallet.fund");
    await waitFor(() =>
      expect(audit).toHaveBeenLastCalledWith({ page: 1, actor: undefined, action: "wallet.fund" }),
    );

    await user.type(screen.getByLabelText("Actor"), "  tunde ");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(app.location.history.at(-1)).toBe("/x/audit?actor=tunde&action=wallet.fund");
    await waitFor(() =>
      expect(audit).toHaveBeenLastCalledWith({ page: 1, actor: "tunde", action: "wallet.fund" }),
    );

    await user.click(await screen.findByRole("button", { name: "Next" }));
    expect(app.location.history.at(-1)).toBe("/x/audit?actor=tunde&action=wallet.fund&page=2");

    await user.selectOptions(screen.getByLabelText("Action"), "All");
    expect(app.location.history.at(-1)).toBe("/x/audit?actor=tunde");
  });

  it("says the filters match nothing only when a filter is set, and clears them", async () => {
    const user = userEvent.setup();
    const audit = vi.fn(async () => entries([]));
    const app = openAudit("/x/audit?actor=nobody", audit);
    expect(await screen.findByText("No entries match these filters.")).toBeInTheDocument();
    expect(screen.queryByText(/No entries yet/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(app.location.history.at(-1)).toBe("/x/audit");
    expect(
      await screen.findByText("No entries yet: each staff and admin change will be listed here."),
    ).toBeInTheDocument();
  });

  it("offers every known action and ignores an unknown one in the address", async () => {
    const audit = vi.fn(async () => entries([]));
    openAudit("/x/audit?action=drop.tables", audit);
    const options = optionNames(screen.getByLabelText("Action"));
    expect(options).toEqual(["All", ...auditAction.options]);
    expect(screen.getByLabelText("Action")).toHaveValue("");
    expect(audit).toHaveBeenCalledWith({ page: 1, actor: undefined, action: undefined });
    // Nothing filtered out: the log is simply empty, and says so.
    expect(
      await screen.findByText("No entries yet: each staff and admin change will be listed here."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/No entries match/)).not.toBeInTheDocument();
  });

  it("says when the log cannot load, and tries again", async () => {
    const user = userEvent.setup();
    const audit = vi
      .fn<AdminApi["audit"]>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce(entries([entry()]));
    openAudit("/x/audit", audit);
    expect(await screen.findByText("We could not load the audit log.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("user.update", { selector: ".record-title" })).toBeInTheDocument();
  });
});
