import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { page } from "../../schemas/common";
import { customerHit } from "../../schemas/staff";
import { type UserDetail, type UserSummary, userDetail, userSummary } from "../../schemas/users";
import type { StaffFundBody } from "../../schemas/wallet";
import type { AdminApi } from "../../src/api/adminApi";
import { ApiFailure } from "../../src/api/client";
import FindCustomerPage from "../../src/pages/admin/FindCustomerPage";
import UserDetailPage from "../../src/pages/admin/UserDetailPage";
import UsersPage from "../../src/pages/admin/UsersPage";
import { customerProfile, priceLevelOf, tier1Kyc } from "../support/fixtures";
import { fakeAdmin, renderApp } from "../support/renderApp";
import { heading } from "../support/signedIn";
import { deferred, funding, transaction } from "../support/transactionFixtures";

afterEach(cleanup);

const ngoziId = customerProfile.id;
const staffId = "7b2d2f3e-9a1d-4c36-8e0b-6f1f2a3b4c5d";
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// Fixtures go through the shared schemas, so no test feeds a page what the API client would refuse.
function summary(overrides: Partial<UserSummary> = {}): UserSummary {
  return userSummary.parse({
    id: ngoziId,
    first_name: "Ngozi",
    last_name: "Adeyemi",
    email: "ngozi@example.com",
    phone: "08031234567",
    role: "customer",
    can_transact: true,
    email_verified: true,
    date_joined: "2024-02-10T11:00:00.000Z",
    is_active: true,
    wallet_number: "3012345678",
    ...overrides,
  });
}

const usersPage = (results: UserSummary[], count = results.length) =>
  page(userSummary).parse({ count, page: 1, page_size: 20, results });

function detail(overrides: Partial<UserDetail> = {}): UserDetail {
  return userDetail.parse({
    ...customerProfile,
    has_pin: true,
    date_of_birth: "1994-07-21",
    wallet: { number: "3012345678", balance: 1_250_050 },
    is_active: true,
    kyc: { ...tier1Kyc(), tier_reason: null },
    recent_transactions: [
      transaction({
        id: "00000000-0000-4000-8000-00000000aaaa",
        reference: "OJA-AIRT0042",
        description: "MTN airtime",
      }),
      funding({ reference: "OJA-FUND0043" }),
    ],
    ...overrides,
  });
}

function renderPage(path: string, admin: AdminApi, pageElement: React.ReactNode) {
  // Inside /x, a router of its own, so the page's relative links read /x/… as they would /admin/….
  return renderApp({
    path,
    admin,
    children: (
      <Route path="/x" nest>
        {pageElement}
      </Route>
    ),
  });
}

const lastQuery = (fn: { mock: { calls: unknown[][] } }) => fn.mock.calls.at(-1)?.at(-1);

describe("inviting staff", () => {
  it("checks the form, sends the invitation, and lists the users again", async () => {
    const user = userEvent.setup();
    const users = vi.fn(async () => usersPage([summary()]));
    const inviteStaff = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiFailure(409, "An account already uses this email.", {
          fields: {
            email: ["An account already uses this email."],
          },
        }),
      )
      .mockResolvedValueOnce({ id: staffId, email: "femi@example.com" });
    renderPage("/x/manage-users", fakeAdmin({ users, inviteStaff }), <UsersPage />);
    await heading("Manage users");
    await user.click(screen.getByRole("button", { name: "Invite staff" }));
    const form = await screen.findByRole("region", { name: "Invite staff" }); // its code loads on demand
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));
    expect(await within(form).findByText("First name is required.")).toBeInTheDocument();
    expect(inviteStaff).not.toHaveBeenCalled();
    await user.type(within(form).getByLabelText("First name"), "Femi");
    await user.type(within(form).getByLabelText("Last name"), "Ade");
    await user.type(within(form).getByLabelText("Email"), "femi@example.com");
    await user.type(within(form).getByLabelText("Phone"), "08051234567");
    await user.selectOptions(within(form).getByLabelText("Role"), "Admin");
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));
    expect(await within(form).findByText("An account already uses this email.")).toBeInTheDocument();
    const calls = users.mock.calls.length;
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Invite staff" })).not.toBeInTheDocument(),
    );
    expect(inviteStaff).toHaveBeenLastCalledWith({
      first_name: "Femi",
      last_name: "Ade",
      email: "femi@example.com",
      phone: "08051234567",
      role: "admin",
    });
    await waitFor(() => expect(users.mock.calls.length).toBeGreaterThan(calls));
  });
});

describe("the user list", () => {
  it("lists users with their role, state, wallet and join date, each linking to its page", async () => {
    const users = vi.fn(async () =>
      usersPage([
        summary(),
        summary({
          id: staffId,
          first_name: "Tunde",
          last_name: "Bello",
          email: "tunde@example.com",
          phone: "08059876543",
          role: "staff",
          is_active: false,
          can_transact: false,
          wallet_number: null,
          date_joined: "2025-11-30T23:30:00.000Z",
        }),
      ]),
    );
    renderPage("/x/manage-users", fakeAdmin({ users }), <UsersPage />);
    await heading("Manage users");
    expect(document.title).toBe("Manage users · OjaPay");
    await screen.findByText("ngozi@example.com");
    expect(users).toHaveBeenCalledWith({ page: 1 });

    const [ngozi, tunde] = within(screen.getByRole("table")).getAllByRole("row").slice(1) as HTMLElement[];
    expect(within(ngozi as HTMLElement).getByRole("link", { name: "Ngozi Adeyemi" })).toHaveAttribute(
      "href",
      `/x/manage-users/${ngoziId}`,
    );
    for (const text of ["08031234567", "Customer", "Active", "Yes", "3012345678", "Feb 10, 2024"])
      expect(ngozi).toHaveTextContent(text);
    for (const text of ["tunde@example.com", "Staff", "Inactive", "No", "Dec 1, 2025"])
      expect(tunde).toHaveTextContent(text);
    expect(screen.getByText("2 users")).toBeInTheDocument();
  });

  it("searches and filters by role through the address, and pages", async () => {
    const user = userEvent.setup();
    const users = vi.fn(async () => usersPage([summary()], 45));
    const app = renderPage("/x/manage-users", fakeAdmin({ users }), <UsersPage />);
    await screen.findByText("Page 1 of 3");

    await user.type(screen.getByLabelText("Search name, email, phone or wallet number"), " ngozi {Enter}");
    expect(app.location.history.at(-1)).toBe("/x/manage-users?search=ngozi");
    await waitFor(() => expect(lastQuery(users)).toEqual({ page: 1, search: "ngozi" }));

    const role = screen.getByLabelText("Role");
    expect(
      within(role)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All", "Customer", "Staff", "Admin"]);
    await user.selectOptions(role, "Staff");
    expect(app.location.history.at(-1)).toBe("/x/manage-users?search=ngozi&role=staff");
    await waitFor(() => expect(lastQuery(users)).toEqual({ page: 1, search: "ngozi", role: "staff" }));

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(app.location.history.at(-1)).toBe("/x/manage-users?search=ngozi&role=staff&page=2");
    await waitFor(() => expect(lastQuery(users)).toEqual({ page: 2, search: "ngozi", role: "staff" }));
    expect(screen.getByText("Page 2 of 3")).toBeInTheDocument();
  });
});

async function openUser(calls: Partial<AdminApi>, id = ngoziId) {
  const app = renderPage(`/x/manage-users/${id}`, fakeAdmin(calls), <UserDetailPage id={id} />);
  await heading("Ngozi Adeyemi");
  return app;
}

describe("a user's page", () => {
  it("shows the profile, the wallet and recent transactions linking to their pages", async () => {
    const user = vi.fn(async () => detail());
    await openUser({ user });
    expect(user).toHaveBeenCalledWith(ngoziId);
    expect(document.title).toBe("Ngozi Adeyemi · OjaPay");

    const profile = screen.getByRole("region", { name: "Profile" });
    for (const text of [
      "ngozi@example.com",
      "08031234567",
      "Customer",
      "Active",
      "Jul 21, 1994",
      "Feb 10, 2024",
      "NGOZI234",
    ])
      expect(profile).toHaveTextContent(text);
    const wallet = screen.getByRole("region", { name: "Wallet" });
    expect(wallet).toHaveTextContent("3012345678");
    expect(wallet).toHaveTextContent("₦12,500.50");

    const recent = screen.getByRole("region", { name: "Recent transactions" });
    const airtime = within(recent).getByRole("link", { name: /OJA-AIRT0042/ });
    expect(airtime).toHaveAttribute("href", "/x/transactions/00000000-0000-4000-8000-00000000aaaa");
    expect(airtime).toHaveTextContent("MTN airtime");
    expect(airtime).toHaveTextContent("Successful");
    expect(within(recent).getAllByRole("link")).toHaveLength(2);
  });

  it("says so when there is no such user", async () => {
    renderPage(
      "/x/manage-users/nobody",
      fakeAdmin({
        user: async () => {
          throw new ApiFailure(404, "Not found.");
        },
      }),
      <UserDetailPage id={ngoziId} />,
    );
    expect(await screen.findByText("No user with that id.")).toBeInTheDocument();
  });

  it("sends only the fields that changed", async () => {
    const user = userEvent.setup();
    const userCall = vi
      .fn()
      .mockResolvedValueOnce(detail())
      .mockResolvedValue(detail({ last_name: "Okafor", can_transact: false }));
    const patchUser = vi.fn(async () => detail({ last_name: "Okafor", can_transact: false }));
    await openUser({ user: userCall, patchUser });

    const form = screen.getByRole("region", { name: "Edit user" });
    expect(within(form).getByLabelText("First name")).toHaveValue("Ngozi");
    expect(within(form).getByLabelText("Role")).toHaveValue("customer");
    expect(within(form).getByRole("switch", { name: "Active" })).toBeChecked();

    // Nothing changed yet: the schema's own words, and no call.
    await user.click(within(form).getByRole("button", { name: "Save changes" }));
    expect(await within(form).findByText("Change at least one field.")).toBeInTheDocument();
    expect(patchUser).not.toHaveBeenCalled();

    await user.clear(within(form).getByLabelText("Last name"));
    await user.type(within(form).getByLabelText("Last name"), " Okafor ");
    // The same number written another way is not a change.
    await user.clear(within(form).getByLabelText("Phone"));
    await user.type(within(form).getByLabelText("Phone"), "+2348031234567");
    await user.click(within(form).getByRole("switch", { name: "May transact" }));
    await user.click(within(form).getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(patchUser).toHaveBeenCalledTimes(1));
    expect(patchUser).toHaveBeenCalledWith(ngoziId, { last_name: "Okafor", can_transact: false });
    await heading("Ngozi Okafor");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(within(form).getByRole("switch", { name: "May transact" })).not.toBeChecked();
  });

  it("sets a customer's price level by the admin's names for the levels", async () => {
    const user = userEvent.setup();
    const patchUser = vi.fn(async () => detail({ level: "reseller" }));
    const named = (slug: "customer" | "agent" | "reseller" | "api", name: string, position: number) =>
      priceLevelOf(slug, position, name);
    const levels = vi.fn(async () => [
      named("customer", "Customer", 1),
      named("agent", "Agent", 2),
      named("reseller", "Gold reseller", 3),
      named("api", "API", 4),
    ]);
    await openUser({ user: async () => detail(), patchUser, levels });
    const form = screen.getByRole("region", { name: "Edit user" });
    const level = within(form).getByLabelText("Price level");
    expect(level).toHaveValue("customer");
    expect(await within(form).findByRole("option", { name: "Gold reseller" })).toBeInTheDocument();
    await user.selectOptions(level, "reseller");
    await user.click(within(form).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(patchUser).toHaveBeenCalledWith(ngoziId, { level: "reseller" }));
  });

  it("offers no price level for staff", async () => {
    await openUser({ user: async () => detail({ role: "staff", level: null, wallet: null, kyc: null }) });
    const form = screen.getByRole("region", { name: "Edit user" });
    expect(within(form).queryByLabelText("Price level")).not.toBeInTheDocument();
  });

  it("validates with the shared rules and shows the server's field errors", async () => {
    const user = userEvent.setup();
    const patchUser = vi.fn(async () => {
      throw new ApiFailure(400, "That phone number is in use.", {
        fields: {
          phone: ["That phone number is in use."],
        },
      });
    });
    await openUser({ user: async () => detail(), patchUser });
    const form = screen.getByRole("region", { name: "Edit user" });

    await user.clear(within(form).getByLabelText("First name"));
    await user.click(within(form).getByRole("button", { name: "Save changes" }));
    expect(await within(form).findByText("First name is required.")).toBeInTheDocument();
    expect(patchUser).not.toHaveBeenCalled();

    await user.type(within(form).getByLabelText("First name"), "Ngozi");
    await user.clear(within(form).getByLabelText("Phone"));
    await user.type(within(form).getByLabelText("Phone"), "08059876543");
    await user.click(within(form).getByRole("button", { name: "Save changes" }));
    expect(await within(form).findByText("That phone number is in use.")).toBeInTheDocument();
    expect(patchUser).toHaveBeenCalledWith(ngoziId, { phone: "08059876543" });
    expect(within(form).getByLabelText("Phone")).toHaveAttribute("aria-invalid", "true");
  });

  it("asks before deactivating, and sends nothing on Cancel", async () => {
    const user = userEvent.setup();
    const userCall = vi
      .fn()
      .mockResolvedValueOnce(detail())
      .mockResolvedValue(detail({ is_active: false }));
    const patchUser = vi.fn(async () => detail({ is_active: false }));
    await openUser({ user: userCall, patchUser });
    const form = screen.getByRole("region", { name: "Edit user" });

    await user.click(within(form).getByRole("switch", { name: "Active" }));
    await user.click(within(form).getByRole("button", { name: "Save changes" }));
    const dialog = await screen.findByRole("dialog", { name: "Deactivate Ngozi Adeyemi?" });
    expect(dialog).toHaveTextContent("They will be signed out at once and cannot sign in until reactivated.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(patchUser).not.toHaveBeenCalled();

    await user.click(within(form).getByRole("button", { name: "Save changes" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Deactivate" }));
    await waitFor(() => expect(patchUser).toHaveBeenCalledWith(ngoziId, { is_active: false }));
    await waitFor(() =>
      expect(screen.getByRole("region", { name: "Profile" })).toHaveTextContent("Inactive"),
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(patchUser).toHaveBeenCalledTimes(1);
  });

  it("offers funding only for a customer's wallet", async () => {
    renderPage(
      `/x/manage-users/${staffId}`,
      fakeAdmin({
        user: async () =>
          detail({ id: staffId, first_name: "Tunde", last_name: "Bello", role: "staff", wallet: null }),
      }),
      <UserDetailPage id={staffId} />,
    );
    await heading("Tunde Bello");
    expect(screen.getByRole("region", { name: "Wallet" })).toHaveTextContent(
      "Staff and admins hold no wallet.",
    );
    expect(screen.queryByRole("region", { name: "Fund wallet" })).not.toBeInTheDocument();
  });
});

describe("funding a customer's wallet", () => {
  it.each([
    ["", "Enter an amount in naira, like 5,000."],
    ["five", "Enter an amount in naira, like 5,000."],
    ["0.50", "The smallest amount is ₦1."],
    ["1,000,000.01", "The largest amount at once is ₦1,000,000."],
  ])("refuses the amount %j", async (amount, message) => {
    const user = userEvent.setup();
    const fundCustomer = vi.fn();
    await openUser({ user: async () => detail(), fundCustomer });
    const fund = screen.getByRole("region", { name: "Fund wallet" });
    if (amount) await user.type(within(fund).getByLabelText("Amount (₦)"), amount);
    await user.type(within(fund).getByLabelText("Reason"), "Bank transfer reconciled");
    await user.click(within(fund).getByRole("button", { name: "Continue" }));
    expect(await within(fund).findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(fundCustomer).not.toHaveBeenCalled();
  });

  it("needs a reason", async () => {
    const user = userEvent.setup();
    await openUser({ user: async () => detail() });
    const fund = screen.getByRole("region", { name: "Fund wallet" });
    await user.type(within(fund).getByLabelText("Amount (₦)"), "2500");
    await user.click(within(fund).getByRole("button", { name: "Continue" }));
    expect(await within(fund).findByText("Say why you are funding this wallet.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("confirms, sends kobo with the reason and one request id, reusing it on a retry after a failure", async () => {
    const user = userEvent.setup();
    const userCall = vi
      .fn()
      .mockResolvedValueOnce(detail())
      .mockResolvedValue(detail({ wallet: { number: "3012345678", balance: 1_500_050 } }));
    const answer = deferred<ReturnType<typeof funding>>();
    const fundCustomer = vi
      .fn<AdminApi["fundCustomer"]>()
      .mockRejectedValueOnce(new ApiFailure(0, "We could not reach OjaPay."))
      .mockImplementation(() => answer.promise);
    await openUser({ user: userCall, fundCustomer });
    const fund = screen.getByRole("region", { name: "Fund wallet" });

    await user.click(within(fund).getByRole("button", { name: "₦1,000" }));
    await user.clear(within(fund).getByLabelText("Amount (₦)"));
    await user.type(within(fund).getByLabelText("Amount (₦)"), "2,500");
    await user.type(within(fund).getByLabelText("Reason"), "Bank transfer reconciled");
    await user.click(within(fund).getByRole("button", { name: "Continue" }));

    const dialog = await screen.findByRole("dialog", { name: "Add ₦2,500.00 to Ngozi Adeyemi's wallet?" });
    expect(dialog).toHaveTextContent("Bank transfer reconciled");
    await user.click(within(dialog).getByRole("button", { name: "Add ₦2,500.00" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("it will not be added twice");

    // The retry is a double click whose second click lands before the button can disable itself.
    const retry = within(dialog).getByRole("button", { name: "Try again" });
    await act(async () => {
      fireEvent.click(retry);
      fireEvent.click(retry);
    });
    expect(fundCustomer).toHaveBeenCalledTimes(2);
    const [first, second] = fundCustomer.mock.calls.map((call) => call[1] as StaffFundBody);
    expect(fundCustomer.mock.calls[0]?.[0]).toBe(ngoziId);
    expect(first).toEqual({
      amount: 250_000,
      reason: "Bank transfer reconciled",
      request_id: expect.stringMatching(uuidPattern),
    });
    expect(second).toEqual(first);
    expect(within(dialog).getByRole("button", { name: "Adding…" })).toBeDisabled();

    await act(async () => answer.resolve(funding({ total: 250_000 })));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole("region", { name: "Wallet" })).toHaveTextContent("₦15,000.50"),
    );
    expect(within(fund).getByLabelText("Amount (₦)")).toHaveValue("");
  });

  it("makes a new request id for a new amount", async () => {
    const user = userEvent.setup();
    const fundCustomer = vi
      .fn<AdminApi["fundCustomer"]>()
      .mockRejectedValue(new ApiFailure(0, "We could not reach OjaPay."));
    await openUser({ user: async () => detail(), fundCustomer });
    const fund = screen.getByRole("region", { name: "Fund wallet" });
    const amount = within(fund).getByLabelText("Amount (₦)");

    await user.type(amount, "2500");
    await user.type(within(fund).getByLabelText("Reason"), "Bank transfer reconciled");
    await user.click(within(fund).getByRole("button", { name: "Continue" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Add ₦2,500.00" }),
    );
    await screen.findByRole("button", { name: "Try again" });
    await user.click(screen.getByRole("button", { name: "Cancel" }));

    // Reopened for the same money: still the same attempt.
    await user.click(within(fund).getByRole("button", { name: "Continue" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Add ₦2,500.00" }),
    );
    await screen.findByRole("button", { name: "Try again" });
    await user.click(screen.getByRole("button", { name: "Cancel" }));

    await user.clear(amount);
    await user.type(amount, "3000");
    await user.click(within(fund).getByRole("button", { name: "Continue" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Add ₦3,000.00" }),
    );
    await waitFor(() => expect(fundCustomer).toHaveBeenCalledTimes(3));

    const ids = fundCustomer.mock.calls.map((call) => (call[1] as StaffFundBody).request_id);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });
});

describe("finding a customer to fund", () => {
  it("says when a customer is deactivated or may not transact, before anyone funds them", async () => {
    const customers = vi.fn(async () => hits([hit({ is_active: false, can_transact: false })]));
    renderApp({
      path: "/x/find-customer",
      admin: fakeAdmin({ customers }),
      children: (
        <Route path="/x" nest>
          <FindCustomerPage />
        </Route>
      ),
    });
    expect(await screen.findByText("Deactivated")).toBeInTheDocument();
    expect(screen.getByText("May not transact")).toBeInTheDocument();
  });

  const hit = (overrides = {}) =>
    customerHit.parse({
      id: ngoziId,
      first_name: "Ngozi",
      last_name: "Adeyemi",
      email: "ngozi@example.com",
      phone: "08031234567",
      wallet_number: "3012345678",
      balance: 1_250_050,
      is_active: true,
      can_transact: true,
      ...overrides,
    });
  const hits = (results: ReturnType<typeof hit>[]) =>
    page(customerHit).parse({ count: results.length, page: 1, page_size: 20, results });

  it("searches customers and funds one after confirming", async () => {
    const user = userEvent.setup();
    const customers = vi
      .fn()
      .mockResolvedValueOnce(hits([hit(), hit({ id: staffId, first_name: "Ade", email: "ade@example.com" })]))
      .mockResolvedValueOnce(hits([hit()]))
      .mockResolvedValue(hits([hit({ balance: 1_350_050 })]));
    const fundCustomer = vi.fn(async () => funding({ total: 100_000 }));
    const app = renderPage("/x/find-customer", fakeAdmin({ customers, fundCustomer }), <FindCustomerPage />);
    await heading("Find a customer");
    expect(document.title).toBe("Find a customer · OjaPay");
    await screen.findByText("ade@example.com");
    expect(customers).toHaveBeenCalledWith({ page: 1 });

    await user.type(screen.getByLabelText("Search name, email, phone or wallet number"), "3012345678{Enter}");
    expect(app.location.history.at(-1)).toBe("/x/find-customer?search=3012345678");
    await waitFor(() => expect(screen.queryByText("ade@example.com")).not.toBeInTheDocument());
    expect(lastQuery(customers)).toEqual({ page: 1, search: "3012345678" });

    const card = screen.getByRole("listitem");
    for (const text of ["Ngozi Adeyemi", "ngozi@example.com", "08031234567", "3012345678", "₦12,500.50"])
      expect(card).toHaveTextContent(text);
    await user.click(within(card).getByRole("button", { name: "Fund wallet for Ngozi Adeyemi" }));
    expect(within(card).getByLabelText("Amount (₦)")).toHaveFocus();
    await user.type(within(card).getByLabelText("Amount (₦)"), "1000");
    await user.type(within(card).getByLabelText("Reason"), "Promised goodwill credit");
    await user.click(within(card).getByRole("button", { name: "Continue" }));

    const dialog = await screen.findByRole("dialog", { name: "Add ₦1,000.00 to Ngozi Adeyemi's wallet?" });
    await user.click(within(dialog).getByRole("button", { name: "Add ₦1,000.00" }));
    await waitFor(() =>
      expect(fundCustomer).toHaveBeenCalledWith(ngoziId, {
        amount: 100_000,
        reason: "Promised goodwill credit",
        request_id: expect.stringMatching(uuidPattern),
      }),
    );
    await waitFor(() => expect(screen.getByRole("listitem")).toHaveTextContent("₦13,500.50"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Amount (₦)")).not.toBeInTheDocument();
  });
});
