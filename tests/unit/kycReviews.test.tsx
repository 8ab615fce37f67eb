import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "../../schemas/auth";
import { page } from "../../schemas/common";
import { matchReviewView } from "../../schemas/kycMatchReview";
import {
  type ChangeRequestView,
  type ContestView,
  changeRequestView,
  contestView,
} from "../../schemas/kycReview";
import type { KycStatus } from "../../schemas/kycStatus";
import type { AdminApi } from "../../src/api/adminApi";
import { ApiFailure } from "../../src/api/client";
import type { CustomerApi } from "../../src/api/customerApi";
import { customerProfile, staffProfile, tier1Kyc } from "../support/fixtures";
import { fakeAdmin, fakeCustomer } from "../support/renderApp";
import { heading, renderSignedIn } from "../support/signedIn";
import "../../src/pages/customer/profileParts";
import "../../src/pages/admin/IdentityReviewsPage";

afterEach(cleanup);

const datedProfile: Profile = { ...customerProfile, date_of_birth: "1992-07-14" };
const failedCheck = {
  id_type: "nin" as const,
  id_last4: "9999",
  outcome: "name_mismatch" as const,
  checked_at: "2026-01-05T09:00:00.000Z",
};

async function openProfile(customer: Partial<CustomerApi>, profile: Profile = datedProfile) {
  const app = await renderSignedIn("/app/profile", profile, undefined, fakeCustomer(customer));
  await heading("Ngozi Adeyemi");
  if (app.control.session.isRunning("fetchProfile"))
    await act(async () =>
      app.control.session.settle({ type: "xstate.done.actor.fetchProfile", output: profile }),
    );
  return { app, section: screen.getByRole("region", { name: "Wallet and verification" }) };
}

describe("the profile once a check has fixed the names and date of birth", () => {
  it("shows them read-only, and sends a correction to staff instead", async () => {
    const user = userEvent.setup();
    const locked = tier1Kyc({ details_locked: true, last_check: failedCheck });
    const requestDetailChange = vi.fn<CustomerApi["requestDetailChange"]>(async () =>
      tier1Kyc({
        ...locked,
        change_request: {
          status: "pending",
          first_name: "Chidinma",
          last_name: "Adeyemi",
          date_of_birth: "1992-07-14",
          created_at: "2026-01-06T09:00:00.000Z",
          resolved_at: null,
        },
      }),
    );
    const { section } = await openProfile({ kyc: vi.fn(async () => locked), requestDetailChange });
    await within(section).findByText("Your name and date of birth are fixed since your identity check.");
    const details = screen.getByRole("region", { name: "Personal details" });
    for (const label of ["First name", "Last name", "Date of birth"]) {
      expect(await within(details).findByLabelText(label)).toHaveAttribute("readonly");
    }
    expect(within(details).getByLabelText("Phone")).not.toHaveAttribute("readonly");
    expect(within(details).getByRole("group", { name: "Full name" })).toHaveAccessibleDescription(
      "Fixed since your identity check. Ask for a correction under Wallet and verification.",
    );

    await user.click(within(section).getByRole("button", { name: "Ask for a correction" }));
    const dialog = screen.getByRole("dialog", { name: "Ask for a correction" });
    const first = await within(dialog).findByLabelText("First name");
    expect(first).toHaveFocus();
    expect(first).toHaveValue("Ngozi");
    // Nothing changed: nothing sent.
    await user.click(within(dialog).getByRole("button", { name: "Send for review" }));
    expect(
      await within(dialog).findByText("Change your name or date of birth to what it should be first."),
    ).toBeVisible();
    await user.clear(first);
    await user.type(first, "Chidinma");
    await user.type(
      within(dialog).getByLabelText("Anything staff should know (optional)"),
      "My NIN slip says so",
    );
    await user.click(within(dialog).getByRole("button", { name: "Send for review" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(requestDetailChange).toHaveBeenCalledExactlyOnceWith({
      first_name: "Chidinma",
      note: "My NIN slip says so",
    });
    expect(
      within(section).getByText(
        "Your correction to Chidinma Adeyemi, born Jul 14, 1992, is waiting for staff review (sent Jan 6, 2026).",
      ),
    ).toBeInTheDocument();
    expect(within(section).queryByRole("button", { name: "Ask for a correction" })).not.toBeInTheDocument();
    // The details' hint no longer sends the customer to a button that is gone.
    expect(within(details).getByRole("group", { name: "Full name" })).toHaveAccessibleDescription(
      "Fixed since your identity check. Your correction is waiting for staff, under Wallet and verification.",
    );
  });

  it("reads the status again after the registry refuses a check, so the profile shows the details fixed", async () => {
    const user = userEvent.setup();
    const refusal = "The name on this NIN does not match the name on your profile (Ngozi Adeyemi).";
    const kyc = vi
      .fn<CustomerApi["kyc"]>()
      .mockResolvedValueOnce(tier1Kyc())
      .mockResolvedValue(tier1Kyc({ details_locked: true, last_check: failedCheck }));
    const verifyIdentity = vi
      .fn<CustomerApi["verifyIdentity"]>()
      .mockRejectedValue(
        new ApiFailure(400, refusal, { code: "identity_mismatch", fields: { number: [refusal] } }),
      );
    const { section } = await openProfile({ kyc, verifyIdentity });
    await user.click(await within(section).findByRole("button", { name: "Verify Details" }));
    const dialog = screen.getByRole("dialog", { name: "Verify your identity" });
    await user.click(within(dialog).getByRole("radio", { name: "NIN" }));
    await user.type(within(dialog).getByLabelText("NIN (11 digits)"), "12345679999");
    await user.click(within(dialog).getByRole("button", { name: "Verify" }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    // The dialog stays while the status is read again behind it.
    await waitFor(() => expect(kyc).toHaveBeenCalledTimes(2));
    expect(screen.getByRole("dialog", { name: "Verify your identity" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(await within(section).findByRole("button", { name: "Ask for a correction" })).toBeInTheDocument();
    const details = screen.getByRole("region", { name: "Personal details" });
    expect(within(details).getByLabelText("Last name")).toHaveAttribute("readonly");
  });

  it("closes the correction on Escape without sending anything", async () => {
    const user = userEvent.setup();
    const requestDetailChange = vi.fn();
    const { section } = await openProfile({
      kyc: vi.fn(async () => tier1Kyc({ details_locked: true, last_check: failedCheck })),
      requestDetailChange,
    });
    await user.click(await within(section).findByRole("button", { name: "Ask for a correction" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(requestDetailChange).not.toHaveBeenCalled();
  });
});

describe("a number linked to another account", () => {
  const linked =
    "This BVN is already linked to another OjaPay account. If it is yours, tell us and staff will look into it.";
  const contested = (status: KycStatus) =>
    tier1Kyc({
      ...status,
      contest: {
        status: "pending",
        id_type: "bvn",
        id_last4: "1234",
        created_at: "2026-01-06T09:00:00.000Z",
        resolved_at: null,
      },
    });

  it("can be contested from the same dialog, with the number already given", async () => {
    const user = userEvent.setup();
    const verifyIdentity = vi
      .fn<CustomerApi["verifyIdentity"]>()
      .mockRejectedValue(
        new ApiFailure(409, linked, { code: "already_exists", data: { contestable: true } }),
      );
    const contestIdentity = vi.fn<CustomerApi["contestIdentity"]>(async () => contested(tier1Kyc()));
    const { section } = await openProfile({
      kyc: vi.fn(async () => tier1Kyc()),
      verifyIdentity,
      contestIdentity,
    });
    await user.click(await within(section).findByRole("button", { name: "Verify Details" }));
    await user.type(screen.getByLabelText("BVN (11 digits)"), "22212341234");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    const dialog = await screen.findByRole("dialog", { name: "This number is mine" });
    expect(within(dialog).getByRole("alert")).toHaveTextContent(linked);
    expect(dialog).toHaveTextContent("Staff compare both accounts and may move BVN •••••••1234 to yours.");
    const note = within(dialog).getByLabelText("Anything staff should know (optional)");
    expect(note).toHaveFocus();
    await user.type(note, "I enrolled at GTBank Yaba in 2015");
    await user.click(within(dialog).getByRole("button", { name: "Send to staff" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(contestIdentity).toHaveBeenCalledExactlyOnceWith({
      id_type: "bvn",
      number: "22212341234",
      note: "I enrolled at GTBank Yaba in 2015",
    });
    expect(
      within(section).getByText(
        "Staff are looking into BVN •••••••1234, which you told us is yours (sent Jan 6, 2026).",
      ),
    ).toBeInTheDocument();
  });

  it("can be contested later from the profile, asking for the number again", async () => {
    const user = userEvent.setup();
    const taken = tier1Kyc({
      details_locked: true,
      last_check: { ...failedCheck, id_type: "bvn", id_last4: "1234", outcome: "taken" },
    });
    const contestIdentity = vi.fn<CustomerApi["contestIdentity"]>(async () => contested(taken));
    const { section } = await openProfile({ kyc: vi.fn(async () => taken), contestIdentity });
    await user.click(await within(section).findByRole("button", { name: "Contest BVN •••••••1234" }));
    const dialog = screen.getByRole("dialog", { name: "This number is mine" });
    await user.type(await within(dialog).findByLabelText("BVN (11 digits)"), "22212341234");
    await user.click(within(dialog).getByRole("button", { name: "Send to staff" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // No note given: none sent.
    expect(contestIdentity).toHaveBeenCalledExactlyOnceWith({ id_type: "bvn", number: "22212341234" });
    expect(within(section).queryByRole("button", { name: /^Contest/ })).not.toBeInTheDocument();
  });
});

const correctionsPage = page(changeRequestView);
const contestsPage = page(contestView);
const account = (overrides: Record<string, unknown>) => ({
  id: "6a1c1f2e-9a1d-4c36-8e0b-6f1f2a3b4c5d",
  first_name: "Kemi",
  last_name: "Ola",
  date_of_birth: "1990-01-01",
  phone: "08011112222",
  email: "kemi@example.com",
  tier: 1,
  tier_source: "signup",
  id_type: null,
  id_last4: null,
  verified_at: null,
  joined_at: "2025-12-01T09:00:00.000Z",
  ...overrides,
});
const correction = (): ChangeRequestView =>
  changeRequestView.parse({
    id: "11111111-1111-4111-8111-111111111111",
    status: "pending",
    customer: account({}),
    before: { first_name: "Kemi", last_name: "Ola", date_of_birth: "1990-01-01" },
    requested: { first_name: "Chidinma", last_name: "Okafor", date_of_birth: "1990-01-01" },
    note: "My real name",
    checks: [failedCheck],
    created_at: "2026-01-06T09:00:00.000Z",
    resolved_at: null,
    resolved_by: null,
    resolution: null,
  });
const contest = (): ContestView =>
  contestView.parse({
    id: "22222222-2222-4222-8222-222222222222",
    status: "pending",
    id_type: "nin",
    id_last4: "9999",
    note: "This NIN is mine",
    claimant: {
      ...account({
        id: "3a1c1f2e-9a1d-4c36-8e0b-6f1f2a3b4c5d",
        first_name: "Chidinma",
        last_name: "Okafor",
        date_of_birth: "1994-03-17",
        phone: "08035550199",
        email: "chidinma@example.com",
      }),
      holds_number: false,
      checks: [{ ...failedCheck, outcome: "taken", checked_at: "2026-01-06T08:00:00.000Z" }],
    },
    holder: {
      ...account({
        tier: 2,
        tier_source: "identity_check",
        id_type: "nin",
        id_last4: "9999",
        verified_at: "2026-01-04T10:00:00.000Z",
      }),
      holds_number: true,
      checks: [failedCheck, { ...failedCheck, outcome: "matched", checked_at: "2026-01-05T09:05:00.000Z" }],
    },
    created_at: "2026-01-06T09:30:00.000Z",
    resolved_at: null,
    resolved_by: null,
    resolution: null,
  });

async function openReviews(
  admin: Partial<AdminApi>,
  profile: Profile = staffProfile,
  path = "/admin/identity-reviews",
) {
  const app = await renderSignedIn(path, profile, undefined, undefined, fakeAdmin(admin));
  await heading("Identity reviews");
  return app;
}

describe("the console's identity reviews", () => {
  it("shows a contest's two accounts side by side, and moves the number with a reason", async () => {
    const user = userEvent.setup();
    const identityChanges = vi.fn(async () =>
      correctionsPage.parse({ count: 0, page: 1, page_size: 20, results: [] }),
    );
    const identityContests = vi.fn(async () =>
      contestsPage.parse({ count: 1, page: 1, page_size: 20, results: [contest()] }),
    );
    const decideIdentityContest = vi.fn(async () => ({ ...contest(), status: "approved" as const }));
    await openReviews({ identityChanges, identityContests, decideIdentityContest });
    expect(identityContests).toHaveBeenCalledWith({ status: "pending", page: 1 });

    const record = await screen.findByRole("article", { name: "Contest of NIN •••••••9999" });
    const table = within(record).getByRole("table", { name: "The two accounts side by side" });
    const row = (label: string) =>
      within(within(table).getByRole("rowheader", { name: label }).closest("tr") as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    expect(row("Name")).toEqual(["Chidinma Okafor", "Kemi Ola"]);
    expect(row("Date of birth")).toEqual(["Mar 17, 1994", "Jan 1, 1990"]);
    expect(row("Phone")).toEqual(["0803 555 0199", "0801 111 2222"]);
    expect(row("Email")).toEqual(["chidinma@example.com", "kemi@example.com"]);
    expect(row("Tier")).toEqual(["Tier 1", "Tier 2"]);
    expect(row("Holds the number now")).toEqual(["No", "Yes"]);
    expect(row("Checks of this number")[1]).toMatch(/^name did not match Jan 5, 2026.*matched Jan 5, 2026/);
    // Staff cannot open Manage users, so the names are not links.
    expect(within(table).queryByRole("link")).toBeNull();

    await user.click(within(record).getByRole("button", { name: "Move to Chidinma Okafor" }));
    const dialog = screen.getByRole("dialog", { name: "Move NIN •••••••9999 to Chidinma Okafor?" });
    expect(dialog).toHaveTextContent("Kemi Ola loses it and drops to tier 1.");
    await user.click(within(dialog).getByRole("button", { name: "Move the number" }));
    expect(await within(dialog).findByText("Give a reason of at least 5 characters.")).toBeVisible();
    await user.type(
      within(dialog).getByLabelText("Reason"),
      "NIN slip seen; the other account renamed itself",
    );
    await user.click(within(dialog).getByRole("button", { name: "Move the number" }));
    await waitFor(() =>
      expect(decideIdentityContest).toHaveBeenCalledExactlyOnceWith(
        contest().id,
        "approve",
        "NIN slip seen; the other account renamed itself",
      ),
    );
    // The queues are read again, to show what is true now.
    await waitFor(() => expect(identityContests).toHaveBeenCalledTimes(2));
  });

  it("shows a correction before and after, with the failed check beside it, and rejects it", async () => {
    const user = userEvent.setup();
    const identityChanges = vi.fn(async () =>
      correctionsPage.parse({ count: 1, page: 1, page_size: 20, results: [correction()] }),
    );
    const identityContests = vi.fn(async () =>
      contestsPage.parse({ count: 0, page: 1, page_size: 20, results: [] }),
    );
    const decideIdentityChange = vi.fn(async () => ({ ...correction(), status: "rejected" as const }));
    await openReviews(
      { identityChanges, identityContests, decideIdentityChange },
      { ...staffProfile, role: "admin" },
    );
    const record = await screen.findByRole("article", { name: "Correction for Kemi Ola" });
    // Admins can open the customer's record from here.
    expect(within(record).getByRole("link", { name: "Kemi Ola" })).toHaveAttribute(
      "href",
      "/admin/manage-users/6a1c1f2e-9a1d-4c36-8e0b-6f1f2a3b4c5d",
    );
    const table = within(record).getByRole("table", { name: "Details before and as asked for" });
    expect(within(table).getByRole("row", { name: /First name Kemi Chidinma/ })).toHaveClass("changed");
    expect(within(table).getByRole("row", { name: /Date of birth/ })).not.toHaveClass("changed");
    expect(record).toHaveTextContent("NIN •••••••9999: name did not match");
    expect(record).toHaveTextContent("Customer's note: My real name");

    await user.click(within(record).getByRole("button", { name: "Reject" }));
    const dialog = screen.getByRole("dialog", { name: "Reject this correction?" });
    await user.type(within(dialog).getByLabelText("Reason"), "The NIN it failed on is someone else's");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() =>
      expect(decideIdentityChange).toHaveBeenCalledExactlyOnceWith(
        correction().id,
        "reject",
        "The NIN it failed on is someone else's",
      ),
    );
  });

  it("lists a match no code could confirm, with why, and confirms it with a reason", async () => {
    const user = userEvent.setup();
    const empty = { count: 0, page: 1, page_size: 20, results: [] };
    const match = matchReviewView.parse({
      id: "33333333-3333-4333-8333-333333333333",
      status: "pending",
      reason: "no_registry_phone",
      id_type: "nin",
      id_last4: "6666",
      record_name: "Kemi Ola",
      record_phone: null,
      customer: account({}),
      checks: [{ ...failedCheck, id_last4: "6666", outcome: "matched" }],
      created_at: "2026-01-06T09:00:00.000Z",
      resolved_at: null,
      resolved_by: null,
      resolution: null,
    });
    const identityMatches = vi.fn(async () =>
      page(matchReviewView).parse({ ...empty, count: 1, results: [match] }),
    );
    const decideIdentityMatch = vi.fn(async () => ({ ...match, status: "approved" as const }));
    await openReviews({
      identityChanges: vi.fn(async () => correctionsPage.parse(empty)),
      identityContests: vi.fn(async () => contestsPage.parse(empty)),
      identityMatches,
      decideIdentityMatch,
    });
    const record = await screen.findByRole("article", { name: "Identity match for Kemi Ola" });
    expect(record).toHaveTextContent("The registry holds no phone for this number");
    expect(record).toHaveTextContent("NIN •••••••6666 · registry name Kemi Ola");
    await user.click(within(record).getByRole("button", { name: "Confirm identity" }));
    const dialog = screen.getByRole("dialog", { name: "Confirm this identity?" });
    expect(dialog).toHaveTextContent("Kemi Ola becomes tier 2 with NIN •••••••6666.");
    await user.type(within(dialog).getByLabelText("Reason"), "Saw her NIN slip at the office");
    await user.click(within(dialog).getByRole("button", { name: "Confirm identity" }));
    await waitFor(() =>
      expect(decideIdentityMatch).toHaveBeenCalledExactlyOnceWith(
        match.id,
        "approve",
        "Saw her NIN slip at the office",
      ),
    );
  });

  it("keeps the status shown in the address, for both lists", async () => {
    const user = userEvent.setup();
    const empty = { count: 0, page: 1, page_size: 20, results: [] };
    const identityChanges = vi.fn(async () => correctionsPage.parse(empty));
    const identityContests = vi.fn(async () => contestsPage.parse(empty));
    const app = await openReviews({ identityChanges, identityContests });
    expect(await screen.findByText("No waiting corrections.")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Show"), "Approved");
    await waitFor(() => expect(identityContests).toHaveBeenLastCalledWith({ status: "approved", page: 1 }));
    expect(identityChanges).toHaveBeenLastCalledWith({ status: "approved", page: 1 });
    expect(app.location.history.at(-1)).toBe("/admin/identity-reviews?status=approved");
    expect(await screen.findByText("No approved contests.")).toBeInTheDocument();
  });
});
