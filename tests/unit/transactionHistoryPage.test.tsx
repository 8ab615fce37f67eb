import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiFailure } from "../../src/api/client";
import type { CustomerApi } from "../../src/api/customerApi";
import { customerProfile } from "../support/fixtures";
import { fakeCustomer } from "../support/renderApp";
import { heading, renderSignedIn } from "../support/signedIn";
// Compiled before the first test, so its waits are spent on the page and not on the compiler.
import "../../src/pages/customer/TransactionHistoryPage";
import { optionNames } from "../support/optionNames";
import { funding, transaction, transactionsPage } from "../support/transactionFixtures";

afterEach(cleanup);

type Answer = ReturnType<typeof transactionsPage>;

type Query = NonNullable<Parameters<CustomerApi["transactions"]>[0]>;

async function openHistory(
  answer: (query: Query) => Answer | Promise<Answer>,
  path = "/app/transaction-history",
) {
  const transactions = vi.fn<CustomerApi["transactions"]>(async (query = {}) => answer(query));
  const app = await renderSignedIn(path, customerProfile, undefined, fakeCustomer({ transactions }));
  await heading("Transaction history");
  return { app, transactions };
}

/** Each row's link to its receipt (a purchase's row has Buy again after it). */
const rowItems = () =>
  within(within(screen.getByRole("region", { name: "Transactions" })).getByRole("list")).getAllByRole(
    "listitem",
  );
const rows = () => rowItems().map((item) => within(item).getAllByRole("link")[0]);
const lastQuery = (fn: { mock: { calls: unknown[][] } }) => fn.mock.calls.at(-1)?.[0];

describe("transaction history", () => {
  it("lists the first 20 with reference, description, recipient, date, status and signed total", async () => {
    const { transactions } = await openHistory(() =>
      transactionsPage(
        [
          transaction({
            reference: "OJA-AIRT0001",
            description: "MTN airtime",
            recipient: "08031234567",
            total: 49_000,
            status: "successful",
          }),
          funding({
            reference: "OJA-FUND0002",
            total: 1_000_000,
            status: "pending",
            created_at: "2026-02-14T23:30:00Z",
          }),
        ],
        { count: 2 },
      ),
    );
    expect(document.title).toBe("Transaction history · OjaPay");
    await screen.findByText("OJA-AIRT0001");
    expect(transactions).toHaveBeenCalledWith({ page: 1, page_size: 20 });

    const [airtime, fund] = rows();
    expect(airtime).toHaveAttribute("href", "/app/transaction-history/OJA-AIRT0001");
    expect(airtime).toHaveTextContent("MTN airtime");
    expect(airtime).toHaveTextContent("08031234567");
    // With the time of day, in Lagos (14:04 UTC is 3:04 PM there).
    expect(airtime).toHaveTextContent("Jan 5, 2026, 3:04 PM");
    expect(airtime).toHaveTextContent("Successful");
    expect(airtime).toHaveTextContent("−₦490.00");
    expect(fund).toHaveAttribute("href", "/app/transaction-history/OJA-FUND0002");
    // 23:30 UTC is already the next day in Lagos.
    expect(fund).toHaveTextContent("Feb 15, 2026, 12:30 AM");
    expect(fund).toHaveTextContent("Pending");
    expect(fund).toHaveTextContent("+₦10,000.00");
    expect(screen.getByText("Page 1 of 1")).toBeInTheDocument();
    // A purchase can be bought again from its row, in its wizard; a funding cannot.
    const [airtimeItem, fundItem] = rowItems();
    expect(
      await within(airtimeItem as HTMLElement).findByRole("link", { name: "Buy again: MTN airtime" }),
    ).toHaveAttribute("href", expect.stringMatching(/^\/app\/airtime-vtu\?again=[0-9a-f-]{36}$/));
    expect(within(fundItem as HTMLElement).getAllByRole("link")).toHaveLength(1);
  });

  it("filters by kind, status and search, writing each to the address", async () => {
    const user = userEvent.setup();
    const { app, transactions } = await openHistory(() => transactionsPage([transaction()]));
    await screen.findByText("Page 1 of 1");

    const kind = screen.getByLabelText("Kind");
    expect(optionNames(kind)).toEqual([
      "All",
      "Funding",
      "Airtime",
      "Data",
      "Cable TV",
      "Electricity",
      "Exam PINs",
      "Recharge cards",
      "Refund",
      "Bonus",
      "Level upgrade",
    ]);
    await user.selectOptions(kind, "Cable TV");
    expect(app.location.history.at(-1)).toBe("/app/transaction-history?kind=tv");
    await vi.waitFor(() => expect(lastQuery(transactions)).toEqual({ page: 1, page_size: 20, kind: "tv" }));

    const status = screen.getByLabelText("Status");
    expect(optionNames(status)).toEqual(["All", "Pending", "Successful", "Failed", "Refunded", "Reversed"]);
    await user.selectOptions(status, "Failed");
    expect(app.location.history.at(-1)).toBe("/app/transaction-history?kind=tv&status=failed");

    await user.type(screen.getByLabelText("Search by reference, phone or meter"), "  7012345678  {Enter}");
    expect(app.location.history.at(-1)).toBe(
      "/app/transaction-history?kind=tv&status=failed&search=7012345678",
    );
    await vi.waitFor(() =>
      expect(lastQuery(transactions)).toEqual({
        page: 1,
        page_size: 20,
        kind: "tv",
        status: "failed",
        search: "7012345678",
      }),
    );

    await user.clear(screen.getByLabelText("Search by reference, phone or meter"));
    await user.type(screen.getByLabelText("Search by reference, phone or meter"), "OJA-TV");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(app.location.history.at(-1)).toBe("/app/transaction-history?kind=tv&status=failed&search=OJA-TV");

    await user.selectOptions(kind, "All");
    expect(app.location.history.at(-1)).toBe("/app/transaction-history?status=failed&search=OJA-TV");
    await vi.waitFor(() =>
      expect(lastQuery(transactions)).toEqual({ page: 1, page_size: 20, status: "failed", search: "OJA-TV" }),
    );
  });

  it("opens a shared link with its filters, and follows the address when it changes (Back)", async () => {
    const { app, transactions } = await openHistory(
      () => transactionsPage([transaction()], { count: 45, page: 2 }),
      "/app/transaction-history?kind=electricity&status=pending&search=4501&page=2",
    );
    await screen.findByText("Page 2 of 3");
    expect(transactions).toHaveBeenCalledWith({
      page: 2,
      page_size: 20,
      kind: "electricity",
      status: "pending",
      search: "4501",
    });
    expect(screen.getByLabelText("Kind")).toHaveValue("electricity");
    expect(screen.getByLabelText("Status")).toHaveValue("pending");
    expect(screen.getByLabelText("Search by reference, phone or meter")).toHaveValue("4501");

    await act(async () => app.location.navigate("/app/transaction-history?kind=data"));
    await vi.waitFor(() => expect(lastQuery(transactions)).toEqual({ page: 1, page_size: 20, kind: "data" }));
    expect(screen.getByLabelText("Kind")).toHaveValue("data");
    expect(screen.getByLabelText("Status")).toHaveValue("");
    expect(screen.getByLabelText("Search by reference, phone or meter")).toHaveValue("");
  });

  it("ignores filter values it does not know", async () => {
    const { transactions } = await openHistory(
      () => transactionsPage([]),
      "/app/transaction-history?kind=loans&status=lost&page=-3",
    );
    await screen.findByText("No transactions match.");
    expect(transactions).toHaveBeenCalledWith({ page: 1, page_size: 20 });
    expect(screen.getByLabelText("Kind")).toHaveValue("");
  });

  it("pages with Previous and Next, keeping the filters", async () => {
    const user = userEvent.setup();
    const { app, transactions } = await openHistory(
      (query) =>
        transactionsPage([transaction({ description: `Row on page ${query.page}` })], {
          count: 41,
          page: Number(query.page ?? 1),
        }),
      "/app/transaction-history?status=successful",
    );
    await screen.findByText("Page 1 of 3");
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(app.location.history.at(-1)).toBe("/app/transaction-history?status=successful&page=2");
    expect(await screen.findByText("Row on page 2")).toBeInTheDocument();
    expect(screen.getByText("Page 2 of 3")).toBeInTheDocument();
    expect(lastQuery(transactions)).toEqual({ page: 2, page_size: 20, status: "successful" });

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Page 3 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(app.location.history.at(-1)).toBe("/app/transaction-history?status=successful&page=2");
    expect(await screen.findByText("Row on page 2")).toBeInTheDocument();

    // A new filter starts again at page 1.
    await user.selectOptions(screen.getByLabelText("Kind"), "Data");
    expect(app.location.history.at(-1)).toBe("/app/transaction-history?kind=data&status=successful");
  });

  it("says when nothing matches, and offers to clear the filters", async () => {
    const user = userEvent.setup();
    const { app } = await openHistory(() => transactionsPage([]), "/app/transaction-history?kind=bonus");
    expect(await screen.findByText("No transactions match.")).toBeInTheDocument();
    expect(screen.queryByText(/Page \d/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(app.location.history.at(-1)).toBe("/app/transaction-history");
  });

  it("offers Try again when the list fails to load", async () => {
    const user = userEvent.setup();
    let fail = true;
    await openHistory(() => {
      if (fail) throw new ApiFailure(0, "We could not reach OjaPay. Check your connection and try again.");
      return transactionsPage([transaction({ description: "Back again" })]);
    });
    expect(await screen.findByText("We could not load your transactions.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Back again")).toBeInTheDocument();
  });
});
