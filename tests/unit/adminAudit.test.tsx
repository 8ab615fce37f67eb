import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import type { z } from "zod";
import { type AuditEntry, auditEntry } from "../../schemas/admin";
import { page } from "../../schemas/common";
import type { AdminApi } from "../../src/api/adminApi";
import AuditPage from "../../src/pages/admin/AuditPage";
import { fakeAdmin, renderApp } from "../support/renderApp";

afterEach(cleanup);

const auditPage = page(auditEntry);
type AuditPageData = z.infer<typeof auditPage>;

let serial = 0;
function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  serial += 1;
  return auditEntry.parse({
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, "0")}`,
    actor: { id: "7b2d2f3e-9a1d-4c36-8e0b-6f1f2a3b4c5d", email: "tunde@example.com", name: "Tunde Adeyemi" },
    action: "user.update",
    target_type: "user",
    target_id: "6a1c1f2e-9a1d-4c36-8e0b-6f1f2a3b4c5d",
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
  it("lists when, who, what and the target, with the changes behind a disclosure", async () => {
    const user = userEvent.setup();
    const audit = vi.fn(async () =>
      entries([
        entry(),
        entry({
          actor: null,
          action: "transaction.requery",
          target_type: "transaction",
          target_id: "OJA2601057K3M9QXZ",
          before: null,
          after: null,
          ip: null,
        }),
      ]),
    );
    openAudit("/x/audit", audit);
    expect(screen.getByRole("heading", { level: 1, name: "Audit log" })).toBeInTheDocument();
    expect(document.title).toBe("Audit log · OjaPay");
    expect(audit).toHaveBeenCalledWith({ page: 1, actor: undefined, action: undefined });

    const [first, second] = await screen.findAllByRole("listitem");
    if (!first || !second) throw new Error("two entries expected");
    expect(first).toHaveTextContent("user.update");
    expect(first).toHaveTextContent("Jan 5, 2026, 2:05 PM");
    expect(first).toHaveTextContent("Tunde Adeyemi tunde@example.com · from 102.89.1.7");
    expect(first).toHaveTextContent("user 6a1c1f2e-9a1d-4c36-8e0b-6f1f2a3b4c5d");

    // The changes are folded away until asked for, then read as indented JSON, before then after.
    const summary = within(first).getByText("Show changes");
    const details = summary.closest("details");
    expect(details).not.toHaveAttribute("open");
    await user.click(summary);
    expect(details).toHaveAttribute("open");
    const [before, after] = within(first).getAllByText(/can_transact/, { selector: "pre" });
    expect(before?.textContent).toBe('{\n  "can_transact": true,\n  "phone": "08031234567"\n}');
    expect(after?.textContent).toBe('{\n  "can_transact": false,\n  "phone": "08031234567"\n}');
    expect(within(first).getByText("Before")).toBeInTheDocument();
    expect(within(first).getByText("After")).toBeInTheDocument();

    // A server-side action has no person behind it and, here, nothing to compare.
    expect(second).toHaveTextContent("System");
    expect(second).toHaveTextContent("transaction OJA2601057K3M9QXZ");
    expect(within(second).queryByText("Show changes")).not.toBeInTheDocument();
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

  it("offers every known action and ignores an unknown one in the address", async () => {
    const audit = vi.fn(async () => entries([]));
    openAudit("/x/audit?action=drop.tables", audit);
    const options = within(screen.getByLabelText("Action"))
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(options).toEqual([
      "All",
      "user.update",
      "wallet.fund",
      "transaction.refund",
      "transaction.requery",
      "catalogue.update",
      "plan.create",
      "plan.update",
      "plan.delete",
      "emergency.update",
      "notification.send",
      "circular.create",
      "funding.reconciled",
      "reconciliation.run",
      "plan.sync",
      "settings.update",
      "staff.invite",
      "kyc.override",
      "kyc.change.approve",
      "kyc.change.reject",
      "kyc.contest.approve",
      "kyc.contest.reject",
    ]);
    expect(screen.getByLabelText("Action")).toHaveValue("");
    expect(audit).toHaveBeenCalledWith({ page: 1, actor: undefined, action: undefined });
    expect(await screen.findByText("No entries match.")).toBeInTheDocument();
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
