import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import type { z } from "zod";
import { type Referral, referral } from "../../schemas/admin";
import { page } from "../../schemas/common";
import type { AdminApi } from "../../src/api/adminApi";
import ReferralsPage from "../../src/pages/admin/ReferralsPage";
import { fakeAdmin, renderApp } from "../support/renderApp";

afterEach(cleanup);

const referralPage = page(referral);

const ada = {
  id: "11111111-1111-4111-8111-111111111111",
  first_name: "Ada",
  last_name: "Okafor",
  email: "ada@example.com",
  phone: "08031111111",
};
const chidi = {
  id: "22222222-2222-4222-8222-222222222222",
  first_name: "Chidi",
  last_name: "Eze",
  email: "chidi@example.com",
  phone: "08032222222",
  date_joined: "2026-01-03T09:00:00.000Z",
};
const emeka = {
  ...chidi,
  id: "33333333-3333-4333-8333-333333333333",
  first_name: "Emeka",
  email: "emeka@example.com",
  date_joined: "2026-01-10T09:00:00.000Z",
};

const paid: Referral = referral.parse({
  referrer: ada,
  referred: chidi,
  state: "paid",
  bonus: 50_000,
  paid_at: "2026-01-04T15:00:00.000Z",
  reference: "OJABN2601044K3M9QXZ",
});
const waiting: Referral = referral.parse({
  referrer: ada,
  referred: emeka,
  state: "waiting",
  bonus: null,
  paid_at: null,
  reference: null,
});

const referrals = (results: Referral[], count = results.length): z.infer<typeof referralPage> =>
  referralPage.parse({ count, page: 1, page_size: 20, results });

function openReferrals(path: string, list: AdminApi["referrals"]) {
  return renderApp({
    path,
    admin: fakeAdmin({ referrals: list }),
    children: (
      <Route path="/x" nest>
        <ReferralsPage />
      </Route>
    ),
  });
}

describe("the referrals page", () => {
  it("shows who referred whom, the bonus state, and the bonus once paid", async () => {
    const list = vi.fn(async () => referrals([paid, waiting]));
    openReferrals("/x/referrals", list);
    expect(screen.getByRole("heading", { level: 1, name: "Referrals" })).toBeInTheDocument();
    expect(document.title).toBe("Referrals · OjaPay");
    expect(list).toHaveBeenCalledWith({ page: 1 });

    const [first, second] = await screen.findAllByRole("listitem");
    if (!first || !second) throw new Error("two referrals expected");
    const field = (item: HTMLElement, term: string) =>
      within(item).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

    expect(within(first).getByText("Bonus paid")).toBeInTheDocument();
    expect(field(first, "Referrer")).toBe("Ada Okafor ada@example.com");
    expect(field(first, "Referred")).toBe("Chidi Eze chidi@example.comJoined Jan 3, 2026");
    expect(field(first, "Bonus")).toBe("₦500.00 · paid Jan 4, 2026 OJABN2601044K3M9QXZ");

    expect(within(second).getByText("Waiting for first ₦1,000 funding")).toBeInTheDocument();
    expect(field(second, "Referred")).toBe("Emeka Eze emeka@example.comJoined Jan 10, 2026");
    expect(within(second).queryByText("Bonus", { selector: "dt" })).not.toBeInTheDocument();
  });

  it("pages through the address", async () => {
    const user = userEvent.setup();
    const list = vi.fn(async () => referrals([paid], 41));
    const app = openReferrals("/x/referrals", list);
    expect(await screen.findByText("Page 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(app.location.history.at(-1)).toBe("/x/referrals?page=2");
    expect(list).toHaveBeenLastCalledWith({ page: 2 });
    await user.click(await screen.findByRole("button", { name: "Previous" }));
    expect(app.location.history.at(-1)).toBe("/x/referrals");
  });

  it("says when there are none yet", async () => {
    openReferrals(
      "/x/referrals",
      vi.fn(async () => referrals([])),
    );
    expect(await screen.findByText("No referrals yet.")).toBeInTheDocument();
  });

  it("says when they cannot load, and tries again", async () => {
    const user = userEvent.setup();
    const list = vi
      .fn<AdminApi["referrals"]>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce(referrals([waiting]));
    openReferrals("/x/referrals", list);
    expect(await screen.findByText("We could not load the referrals.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Waiting for first ₦1,000 funding")).toBeInTheDocument();
  });
});
