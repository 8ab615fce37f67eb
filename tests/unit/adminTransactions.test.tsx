import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import type { Profile } from "../../schemas/auth";
import {
  type StaffTransaction,
  type StaffTransactionDetail,
  staffTransaction,
  staffTransactionDetail,
  staffTransactionPage,
} from "../../schemas/staff";
import type { Transaction } from "../../schemas/transactions";
import type { AdminApi } from "../../src/api/adminApi";
import { ApiFailure } from "../../src/api/client";
import TransactionDetailPage from "../../src/pages/admin/TransactionDetailPage";
import TransactionsListPage from "../../src/pages/admin/TransactionsListPage";
import { staffProfile } from "../support/fixtures";
import { optionNames } from "../support/optionNames";
import { fakeAdmin, renderApp } from "../support/renderApp";
import { heading, restoreSession } from "../support/signedIn";
import { deferred, transaction } from "../support/transactionFixtures";

afterEach(cleanup);

const adminProfile: Profile = { ...staffProfile, role: "admin", first_name: "Bisi" };
const customer = {
  id: "6a1c1f2e-9a1d-4c36-8e0b-6f1f2a3b4c5d",
  first_name: "Ngozi",
  last_name: "Adeyemi",
  email: "ngozi@example.com",
  phone: "08031234567",
};

// Fixtures go through the shared schemas, so no test feeds a page what the API client would refuse.
function staffTxn(
  overrides: Partial<StaffTransaction> = {},
  base: Partial<Transaction> = {},
): StaffTransaction {
  return staffTransaction.parse({ ...transaction(base), customer, cost: 48_000, ...overrides });
}

function listPage(
  results: StaffTransaction[],
  options: {
    count?: number;
    page?: number;
    totals?: { count: number; amount: number; charged: number };
  } = {},
) {
  const { count = results.length, page = 1 } = options;
  const totals = options.totals ?? { count, amount: 0, charged: 0 };
  return staffTransactionPage.parse({ count, page, page_size: 20, results, totals });
}

function detail(overrides: Partial<StaffTransactionDetail> = {}): StaffTransactionDetail {
  return staffTransactionDetail.parse({
    ...staffTxn(),
    id: "11111111-2222-4333-8444-555555555555",
    reference: "OJA-ELEC0001",
    kind: "electricity",
    status: "successful",
    amount: 500_000,
    discount: 0,
    fee: 10_000,
    total: 510_000,
    cost: 495_000,
    description: "Ikeja Electric prepaid",
    recipient: "45012345678",
    product: "Ikeja Electric · prepaid",
    customer_name: "ADEYEMI NGOZI",
    provider: "sandbox",
    provider_label: null,
    provider_standing: null,
    attempts: [],
    provider_reference: "PRV-778899",
    token: "12345678901234567890",
    created_at: "2026-01-05T14:04:00.000Z",
    updated_at: "2026-01-05T14:04:05.000Z",
    events: [
      {
        status: "pending",
        note: "Sent to the provider",
        actor: null,
        created_at: "2026-01-05T14:04:00.000Z",
      },
      {
        status: "successful",
        note: "The provider confirmed",
        actor: null,
        created_at: "2026-01-05T23:30:00.000Z",
      },
    ],
    can_refund: true,
    can_requery: false,
    ...overrides,
  });
}

/** The page inside /x (a router of its own), so its relative links read /x/… as they would /admin/…. */
function renderPage(path: string, admin: AdminApi, page: React.ReactNode) {
  return renderApp({
    path,
    admin,
    children: (
      <Route path="/x" nest>
        {page}
      </Route>
    ),
  });
}

const lastQuery = (fn: { mock: { calls: unknown[][] } }) => fn.mock.calls.at(-1)?.at(-1);
const bodyRows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);

/** Opens the ₦5,100.00 electricity purchase's refund question and sends it with a reason; returns the dialog. */
async function refundWithReason(user: ReturnType<typeof userEvent.setup>) {
  await heading("Transaction OJA-ELEC0001");
  await user.click(screen.getByRole("button", { name: "Refund" }));
  const dialog = screen.getByRole("dialog", { name: "Refund this purchase?" });
  await user.type(within(dialog).getByLabelText("Reason"), "Customer was charged twice");
  await user.click(within(dialog).getByRole("button", { name: "Refund ₦5,100.00" }));
  return dialog;
}

describe("the transactions list", () => {
  it("lists every transaction with its customer, status, total and the filtered totals", async () => {
    const allTransactions = vi.fn(async () =>
      listPage(
        [
          staffTxn(
            {},
            {
              reference: "OJA-AIRT0001",
              kind: "airtime",
              recipient: "08031234567",
              product: "MTN VTU",
              status: "successful",
              total: 49_000,
              created_at: "2026-01-05T23:30:00.000Z",
            },
          ),
          staffTxn(
            {},
            {
              reference: "OJA-TV000002",
              kind: "tv",
              recipient: "7012345678",
              product: "DStv Compact",
              status: "pending",
              total: 1_250_000,
            },
          ),
        ],
        { count: 2, totals: { count: 2, amount: 1_300_000, charged: 1_299_000 } },
      ),
    );
    renderPage("/x/transactions", fakeAdmin({ allTransactions }), <TransactionsListPage />);
    await heading("Transactions History");
    expect(document.title).toBe("Transactions History · OjaPay");
    await screen.findByText("OJA-AIRT0001");
    expect(allTransactions).toHaveBeenCalledWith({ page: 1 });

    // Each figure under its own name, and what "charged" leaves out said under them.
    const totals = screen.getByText("Charged to wallets").closest(".admin-totals") as HTMLElement;
    const figure = (name: string) => within(totals).getByText(name).nextElementSibling?.textContent;
    expect(figure("Transactions")).toBe("2");
    expect(figure("Face value")).toBe("₦13,000.00");
    expect(figure("Charged to wallets")).toBe("₦12,990.00");
    expect(totals).toHaveTextContent("a failed, refunded or reversed one gave its money back");
    const [airtime, tv] = bodyRows();
    expect(within(airtime as HTMLElement).getByRole("link", { name: "OJA-AIRT0001" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/x\/transactions\/[0-9a-f-]{36}$/),
    );
    // 23:30 UTC is already the next day in Lagos.
    expect(airtime).toHaveTextContent("Jan 6, 2026, 12:30 AM");
    expect(airtime).toHaveTextContent("Airtime");
    expect(airtime).toHaveTextContent("Ngozi Adeyemi");
    expect(airtime).toHaveTextContent("ngozi@example.com");
    expect(airtime).toHaveTextContent("08031234567");
    expect(airtime).toHaveTextContent("MTN VTU");
    expect(airtime).toHaveTextContent("Successful");
    expect(airtime).toHaveTextContent("₦490.00");
    expect(tv).toHaveTextContent("DStv Compact");
    expect(tv).toHaveTextContent("Pending");
    expect(tv).toHaveTextContent("₦12,500.00");
    expect(screen.getByText("Page 1 of 1")).toBeInTheDocument();
  });

  it("lists one kind through its own call, under that kind's title and without a Kind filter", async () => {
    const transactions = vi.fn(async () =>
      listPage([staffTxn({}, { reference: "OJA-DATA0001", kind: "data" })]),
    );
    renderPage(
      "/x/databundle-transactions",
      fakeAdmin({ transactions }),
      <TransactionsListPage kind="data" />,
    );
    await heading("Data bundle transactions");
    await screen.findByText("OJA-DATA0001");
    expect(transactions).toHaveBeenCalledWith("data", { page: 1 });
    expect(screen.queryByLabelText("Kind")).not.toBeInTheDocument();
    expect(screen.getByText("Transactions", { selector: "dt" }).nextElementSibling).toHaveTextContent(/^1$/);
  });

  it("sends each filter to the API and writes it to the address", async () => {
    const user = userEvent.setup();
    const allTransactions = vi.fn(async () => listPage([staffTxn()]));
    const app = renderPage("/x/transactions", fakeAdmin({ allTransactions }), <TransactionsListPage />);
    await screen.findByText("Page 1 of 1");

    const kind = screen.getByLabelText("Kind");
    await user.selectOptions(kind, "Cable TV");
    expect(app.location.history.at(-1)).toBe("/x/transactions?kind=tv");
    await waitFor(() => expect(lastQuery(allTransactions)).toEqual({ page: 1, kind: "tv" }));

    const status = screen.getByLabelText("Status");
    expect(optionNames(status)).toEqual(["All", "Pending", "Successful", "Failed", "Refunded", "Reversed"]);
    await user.selectOptions(status, "Failed");
    expect(app.location.history.at(-1)).toBe("/x/transactions?kind=tv&status=failed");

    // Dates and search wait for Apply, so a half-typed date never reloads the list.
    const calls = allTransactions.mock.calls.length;
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-01-01" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-01-31" } });
    await user.type(
      screen.getByLabelText("Search phone, smartcard, meter, reference or email"),
      "  7012345678 ",
    );
    expect(allTransactions).toHaveBeenCalledTimes(calls);
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(app.location.history.at(-1)).toBe(
      "/x/transactions?kind=tv&status=failed&from=2026-01-01&to=2026-01-31&search=7012345678",
    );
    await waitFor(() =>
      expect(lastQuery(allTransactions)).toEqual({
        page: 1,
        kind: "tv",
        status: "failed",
        from: "2026-01-01",
        to: "2026-01-31",
        search: "7012345678",
      }),
    );

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(app.location.history.at(-1)).toBe("/x/transactions");
    await waitFor(() => expect(lastQuery(allTransactions)).toEqual({ page: 1 }));
    expect(screen.getByLabelText("From")).toHaveValue("");
  });

  it("refuses a From date after the To date", async () => {
    const user = userEvent.setup();
    const allTransactions = vi.fn(async () => listPage([staffTxn()]));
    const app = renderPage("/x/transactions", fakeAdmin({ allTransactions }), <TransactionsListPage />);
    await screen.findByText("Page 1 of 1");
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-02-01" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-01-01" } });
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("From must be on or before To.");
    expect(app.location.history.at(-1)).toBe("/x/transactions");
  });

  it("reads its filters from the address, so Back and a shared link show the same list", async () => {
    const allTransactions = vi.fn(async () => listPage([staffTxn()], { count: 45, page: 2 }));
    const app = renderPage(
      "/x/transactions?status=pending&from=2026-01-01&search=0803&page=2",
      fakeAdmin({ allTransactions }),
      <TransactionsListPage />,
    );
    await screen.findByText("Page 2 of 3");
    expect(allTransactions).toHaveBeenCalledWith({
      page: 2,
      status: "pending",
      from: "2026-01-01",
      search: "0803",
    });
    expect(screen.getByLabelText("Status")).toHaveValue("pending");
    expect(screen.getByLabelText("From")).toHaveValue("2026-01-01");
    expect(screen.getByLabelText("Search phone, smartcard, meter, reference or email")).toHaveValue("0803");

    // What Back does: the address changes under the page, and the page follows it.
    act(() => app.location.navigate("/x/transactions?status=failed"));
    await waitFor(() => expect(lastQuery(allTransactions)).toEqual({ page: 1, status: "failed" }));
    expect(screen.getByLabelText("Status")).toHaveValue("failed");
    expect(screen.getByLabelText("From")).toHaveValue("");
    expect(screen.getByLabelText("Search phone, smartcard, meter, reference or email")).toHaveValue("");
  });

  it("pages with Previous and Next, keeping the filters", async () => {
    const user = userEvent.setup();
    const allTransactions = vi.fn(async (query: Record<string, unknown> = {}) =>
      listPage([staffTxn()], { count: 45, page: Number(query.page) }),
    );
    const app = renderPage(
      "/x/transactions?status=successful",
      fakeAdmin({ allTransactions }),
      <TransactionsListPage />,
    );
    await screen.findByText("Page 1 of 3");
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(app.location.history.at(-1)).toBe("/x/transactions?status=successful&page=2");
    await screen.findByText("Page 2 of 3");
    expect(lastQuery(allTransactions)).toEqual({ page: 2, status: "successful" });

    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Page 3 of 3");
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Previous" }));
    await screen.findByText("Page 2 of 3");
    expect(app.location.history.at(-1)).toBe("/x/transactions?status=successful&page=2");
  });
});

const detailPage = (id = detail().id) => <TransactionDetailPage id={id} />;

describe("a transaction's page", () => {
  it("shows the customer, the product, the status and every event", async () => {
    const transactionCall = vi.fn(async () =>
      detail({ status: "failed", failure_reason: "The disco said the meter is barred.", can_refund: false }),
    );
    const app = renderPage("/x/transactions/t", fakeAdmin({ transaction: transactionCall }), detailPage());
    await restoreSession(app, adminProfile);
    await heading("Transaction OJA-ELEC0001");
    expect(document.title).toBe("Transaction OJA-ELEC0001 · OjaPay");
    expect(transactionCall).toHaveBeenCalledWith("11111111-2222-4333-8444-555555555555");

    const who = screen.getByRole("region", { name: "Customer" });
    expect(who).toHaveTextContent("Ngozi Adeyemi");
    expect(who).toHaveTextContent("ngozi@example.com");
    expect(who).toHaveTextContent("08031234567");
    expect(within(who).getByRole("link", { name: "View Ngozi Adeyemi's account" })).toHaveAttribute(
      "href",
      `/x/manage-users/${customer.id}`,
    );

    const product = screen.getByRole("region", { name: "Product" });
    const facts: Array<[string, string]> = [
      ["Kind", "Electricity"],
      ["Product", "Ikeja Electric · prepaid"],
      ["Recipient", "45012345678"],
      ["Name on the account", "ADEYEMI NGOZI"],
      ["Amount", "₦5,000.00"],
      ["Discount", "₦0.00"],
      ["Fee", "₦100.00"],
      ["Total", "₦5,100.00"],
      ["Cost", "₦4,950.00"],
      ["Provider", "sandbox"],
      ["Provider reference", "PRV-778899"],
    ];
    for (const [label, value] of facts) {
      const term = within(product).getByText(label, { selector: "dt" });
      expect(term.nextElementSibling).toHaveTextContent(value);
    }
    expect(within(product).getByText("1234 5678 9012 3456 7890")).toBeInTheDocument();

    const status = screen.getByRole("region", { name: "Status" });
    expect(status).toHaveTextContent("Failed");
    expect(status).toHaveTextContent("The disco said the meter is barred.");
    expect(within(status).queryByRole("button")).not.toBeInTheDocument();

    const events = within(screen.getByRole("region", { name: "Status history" })).getAllByRole("listitem");
    expect(events).toHaveLength(2);
    expect(events[0]).toHaveTextContent("Pending");
    expect(events[0]).toHaveTextContent("Sent to the provider");
    expect(events[0]).toHaveTextContent("Jan 5, 2026, 3:04 PM");
    expect(events[0]).toHaveTextContent("By OjaPay (automatic)");
    expect(events[1]).toHaveTextContent("Successful");
    expect(events[1]).toHaveTextContent("Jan 6, 2026, 12:30 AM");
  });

  it("lists the providers tried in order, the earlier one's reason and words, and where the purchase stands", async () => {
    const tried = detail({
      kind: "airtime",
      status: "pending",
      provider: "msorg",
      provider_label: "SME-data vendor",
      provider_standing: "unknown at SME-data vendor",
      attempts: [
        {
          provider: "vtpass",
          provider_label: "VTpass",
          request_id: "202601051504vtp1",
          provider_reference: null,
          sent_at: "2026-01-05T14:04:00.000Z",
          latency_ms: 1_240,
          current: false,
          reason: "VTpass refused and kept nothing",
          note: "030 BILLER NOT REACHABLE AT THIS POINT",
        },
        {
          provider: "msorg",
          provider_label: "SME-data vendor",
          request_id: "202601051504msg2",
          provider_reference: "MS-5521",
          sent_at: "2026-01-05T14:04:02.000Z",
          latency_ms: null,
          current: true,
          reason: null,
          note: null,
        },
      ],
    });
    const app = renderPage("/x/transactions/t", fakeAdmin({ transaction: async () => tried }), detailPage());
    await restoreSession(app, adminProfile);
    await heading("Transaction OJA-ELEC0001");
    expect(screen.getByRole("region", { name: "Status" })).toHaveTextContent(
      "At the provider: unknown at SME-data vendor",
    );
    const product = within(screen.getByRole("region", { name: "Product" }));
    expect(product.getByText("Provider", { selector: "dt" }).nextElementSibling).toHaveTextContent(
      "SME-data vendor",
    );

    const [first, second] = within(screen.getByRole("region", { name: "Providers tried" })).getAllByRole(
      "listitem",
    );
    const fact = (item: HTMLElement | undefined, label: string) =>
      within(item as HTMLElement).getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
    expect(first).toHaveTextContent(/^VTpassMoved on/);
    expect(fact(first, "Request id")).toBe("202601051504vtp1");
    expect(fact(first, "Their reference")).toBe("—");
    expect(fact(first, "Sent")).toBe("Jan 5, 2026, 3:04 PM");
    expect(fact(first, "Took")).toBe("1,240 ms");
    expect(fact(first, "Why moved on")).toBe("VTpass refused and kept nothing");
    expect(fact(first, "They said")).toBe("030 BILLER NOT REACHABLE AT THIS POINT");
    expect(second).toHaveTextContent(/^SME-data vendorCurrent/);
    expect(fact(second, "Their reference")).toBe("MS-5521");
    expect(fact(second, "Took")).toBe("—");
    expect(within(second as HTMLElement).queryByText("Why moved on")).not.toBeInTheDocument();
  });

  it("says when a purchase was never sent to a provider", async () => {
    const app = renderPage(
      "/x/transactions/t",
      fakeAdmin({ transaction: async () => detail({ attempts: [] }) }),
      detailPage(),
    );
    await restoreSession(app, adminProfile);
    await heading("Transaction OJA-ELEC0001");
    expect(screen.getByRole("region", { name: "Providers tried" })).toHaveTextContent(
      "Not sent to a provider.",
    );
    expect(screen.getByRole("region", { name: "Status" })).not.toHaveTextContent("At the provider");
  });

  it("does not offer staff a link into the admin-only user pages", async () => {
    const app = renderPage(
      "/x/transactions/t",
      fakeAdmin({ transaction: async () => detail() }),
      detailPage(),
    );
    await restoreSession(app, staffProfile);
    await heading("Transaction OJA-ELEC0001");
    expect(screen.getByRole("region", { name: "Customer" })).toHaveTextContent("Ngozi Adeyemi");
    expect(screen.queryByRole("link", { name: /account/ })).not.toBeInTheDocument();
  });

  it("says so when there is no such transaction", async () => {
    const transactionCall = vi.fn(async () => {
      throw new ApiFailure(404, "Not found.");
    });
    renderPage("/x/transactions/t", fakeAdmin({ transaction: transactionCall }), detailPage());
    expect(await screen.findByText("No transaction with that id.")).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
  });

  it("does not ask the server about an id that cannot be one", async () => {
    const transactionCall = vi.fn(async () => detail());
    renderPage("/x/transactions/42", fakeAdmin({ transaction: transactionCall }), detailPage("42"));
    expect(await screen.findByText("No transaction with that id.")).toBeInTheDocument();
    expect(transactionCall).not.toHaveBeenCalled();
  });

  it("refunds once, with a reason, after asking, and then shows the refund", async () => {
    const user = userEvent.setup();
    const refunded = detail({
      status: "refunded",
      can_refund: false,
      events: [
        ...detail().events,
        {
          status: "refunded",
          note: "Customer was charged twice",
          actor: "Bisi Okoro",
          created_at: "2026-01-06T09:00:00.000Z",
        },
      ],
    });
    const transactionCall = vi.fn().mockResolvedValueOnce(detail()).mockResolvedValue(refunded);
    const answer = deferred<StaffTransaction>();
    const refund = vi.fn(() => answer.promise);
    const app = renderPage(
      "/x/transactions/t",
      fakeAdmin({ transaction: transactionCall, refund }),
      detailPage(),
    );
    await restoreSession(app, adminProfile);
    await heading("Transaction OJA-ELEC0001");

    await user.click(screen.getByRole("button", { name: "Refund" }));
    const dialog = screen.getByRole("dialog", { name: "Refund this purchase?" });
    expect(dialog).toHaveTextContent("₦5,100.00 goes back to Ngozi Adeyemi's wallet.");
    const reason = within(dialog).getByLabelText("Reason");
    expect(reason).toHaveFocus();

    // The reason is required.
    await user.click(within(dialog).getByRole("button", { name: "Refund ₦5,100.00" }));
    expect(await within(dialog).findByText("Say why you are refunding this.")).toBeInTheDocument();
    expect(refund).not.toHaveBeenCalled();

    await user.type(reason, "Customer was charged twice");
    // A double click whose second click lands before React can redraw the button as disabled.
    const confirm = within(dialog).getByRole("button", { name: "Refund ₦5,100.00" });
    await act(async () => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Refunding…" })).toBeDisabled());
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund).toHaveBeenCalledWith("11111111-2222-4333-8444-555555555555", "Customer was charged twice");

    await act(async () => answer.resolve(staffTxn({}, { status: "refunded" })));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("region", { name: "Status" })).toHaveTextContent("Refunded"));
    expect(transactionCall).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole("button", { name: "Refund" })).not.toBeInTheDocument();
    const events = within(screen.getByRole("region", { name: "Status history" })).getAllByRole("listitem");
    expect(events.at(-1)).toHaveTextContent("Refunded");
    expect(events.at(-1)).toHaveTextContent("Customer was charged twice");
    expect(events.at(-1)).toHaveTextContent("By Bisi Okoro");
    expect(refund).toHaveBeenCalledTimes(1);
  });

  it("keeps the refund question open after a failure, and Try again sends the same reason", async () => {
    const user = userEvent.setup();
    const refund = vi
      .fn<AdminApi["refund"]>()
      .mockRejectedValueOnce(new ApiFailure(0, "We could not reach OjaPay."))
      .mockResolvedValueOnce(staffTxn({}, { status: "refunded" }));
    const transactionCall = vi
      .fn()
      .mockResolvedValueOnce(detail())
      .mockResolvedValue(detail({ status: "refunded", can_refund: false }));
    renderPage("/x/transactions/t", fakeAdmin({ transaction: transactionCall, refund }), detailPage());
    const dialog = await refundWithReason(user);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("We could not reach OjaPay.");
    await user.click(within(dialog).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(refund.mock.calls).toEqual([
      [detail().id, "Customer was charged twice"],
      [detail().id, "Customer was charged twice"],
    ]);
    await waitFor(() => expect(transactionCall).toHaveBeenCalledTimes(2));
  });

  it("closes the refund question and shows the transaction again when someone else changed it", async () => {
    const user = userEvent.setup();
    const refund = vi.fn(async () => {
      throw new ApiFailure(409, "This purchase was refunded already.");
    });
    const transactionCall = vi
      .fn()
      .mockResolvedValueOnce(detail())
      .mockResolvedValue(detail({ status: "refunded", can_refund: false }));
    renderPage("/x/transactions/t", fakeAdmin({ transaction: transactionCall, refund }), detailPage());
    await refundWithReason(user);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("region", { name: "Status" })).toHaveTextContent("Refunded"));
    expect(screen.queryByRole("button", { name: "Refund" })).not.toBeInTheDocument();
  });

  it("closes the refund question on Cancel without refunding", async () => {
    const user = userEvent.setup();
    const refund = vi.fn();
    renderPage("/x/transactions/t", fakeAdmin({ transaction: async () => detail(), refund }), detailPage());
    await heading("Transaction OJA-ELEC0001");
    await user.click(screen.getByRole("button", { name: "Refund" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(refund).not.toHaveBeenCalled();
  });

  it("offers Requery only when the server allows it, and reloads after", async () => {
    const user = userEvent.setup();
    const transactionCall = vi
      .fn()
      .mockResolvedValueOnce(detail({ status: "pending", can_refund: false, can_requery: true }))
      .mockResolvedValue(detail({ status: "successful", can_refund: true, can_requery: false }));
    const requery = vi.fn(async () => staffTxn());
    renderPage("/x/transactions/t", fakeAdmin({ transaction: transactionCall, requery }), detailPage());
    await heading("Transaction OJA-ELEC0001");
    expect(screen.queryByRole("button", { name: "Refund" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Requery" }));
    expect(requery).toHaveBeenCalledWith("11111111-2222-4333-8444-555555555555");
    await waitFor(() =>
      expect(screen.getByRole("region", { name: "Status" })).toHaveTextContent("Successful"),
    );
    expect(screen.queryByRole("button", { name: "Requery" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Refund" })).toBeInTheDocument();
    expect(requery).toHaveBeenCalledTimes(1);
  });
});

describe("exam PIN purchases", () => {
  it("are listed through their own call, under their own title", async () => {
    const transactions = vi.fn(async () =>
      listPage([staffTxn({}, { reference: "OJA-EXAM0001", kind: "exam_pin", recipient: "08031234567" })]),
    );
    renderPage(
      "/x/exam-pin-transactions",
      fakeAdmin({ transactions }),
      <TransactionsListPage kind="exam_pin" />,
    );
    await heading("Exam PIN transactions");
    await screen.findByText("OJA-EXAM0001");
    expect(transactions).toHaveBeenCalledWith("exam_pin", { page: 1 });
  });

  it("show the PINs delivered on the purchase's page, with a note that staff see them, and no Refund", async () => {
    const transactionCall = vi.fn(async () =>
      detail({
        kind: "exam_pin",
        description: "2 × WAEC Result Checker",
        product: "WAEC Result Checker",
        recipient: "08031234567",
        token: null,
        customer_name: null,
        pins: [
          { pin: "482910375561", serial: "WRN182736451" },
          { pin: "593021486672", serial: "WRN182736452" },
        ],
        can_refund: false,
        can_requery: true,
      }),
    );
    renderPage("/x/transactions/t", fakeAdmin({ transaction: transactionCall }), detailPage());
    await heading("Transaction OJA-ELEC0001");
    const pins = await screen.findByRole("region", { name: "PINs delivered" });
    expect(pins).toHaveTextContent("Staff see these PINs to help the buyer.");
    expect(pins).toHaveTextContent("cannot be refunded");
    const rows = within(pins).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "482910375561WRN182736451",
      "593021486672WRN182736452",
    ]);
    expect(screen.queryByRole("button", { name: "Refund" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Requery" })).toBeInTheDocument();
  });

  it("show no PINs section for a purchase that delivered none", async () => {
    renderPage("/x/transactions/t", fakeAdmin({ transaction: async () => detail() }), detailPage());
    await heading("Transaction OJA-ELEC0001");
    expect(screen.queryByRole("region", { name: "PINs delivered" })).not.toBeInTheDocument();
  });
});

describe("recharge card purchases", () => {
  it("are listed through their own call, under their own title", async () => {
    const transactions = vi.fn(async () =>
      listPage([staffTxn({}, { reference: "OJA-CARD0001", kind: "recharge_pin", recipient: "Ade Stores" })]),
    );
    renderPage(
      "/x/recharge-pin-transactions",
      fakeAdmin({ transactions }),
      <TransactionsListPage kind="recharge_pin" />,
    );
    await heading("Recharge card transactions");
    await screen.findByText("OJA-CARD0001");
    expect(transactions).toHaveBeenCalledWith("recharge_pin", { page: 1 });
  });

  it("show each card's load code beside its PIN and serial on the purchase's page", async () => {
    const transactionCall = vi.fn(async () =>
      detail({
        kind: "recharge_pin",
        description: "2 × MTN ₦100 card for Ade Stores",
        product: "MTN ₦100 card",
        recipient: "Ade Stores",
        token: null,
        customer_name: null,
        pins: [
          { pin: "1234567890123456", serial: "SN01", load_code: "*311*1234567890123456#" },
          { pin: "6543210987654321", serial: "SN02", load_code: "*311*6543210987654321#" },
        ],
        can_refund: false,
        can_requery: true,
      }),
    );
    renderPage("/x/transactions/t", fakeAdmin({ transaction: transactionCall }), detailPage());
    const pins = await screen.findByRole("region", { name: "PINs delivered" });
    expect(
      within(pins)
        .getAllByRole("columnheader")
        .map((head) => head.textContent),
    ).toEqual(["PIN", "Serial number", "Load code"]);
    expect(
      within(pins)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(["1234567890123456SN01*311*1234567890123456#", "6543210987654321SN02*311*6543210987654321#"]);
  });
});
