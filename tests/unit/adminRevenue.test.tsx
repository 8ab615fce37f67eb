import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { type RevenueReport, revenueReport } from "../../schemas/admin";
import type { AdminApi } from "../../src/api/adminApi";
import RevenuePage from "../../src/pages/admin/RevenuePage";
import { revenueCsv, revenueCsvName } from "../../src/pages/admin/revenueCsv";
import { nairaForCsv } from "../../src/text/csv";
import { fakeAdmin, renderApp } from "../support/renderApp";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// A refunded electricity purchase on Jan 2: counted, in the volume and the cost, its refund apart.
function report(overrides: Partial<RevenueReport> = {}): RevenueReport {
  return revenueReport.parse({
    from: "2026-01-01",
    to: "2026-01-31",
    count: 4,
    volume: 123_606_789,
    refunds: 123_456_789,
    cost: 148_050,
    revenue: 1_950,
    days: [
      { date: "2026-01-01", count: 3, volume: 150_000, refunds: 0, cost: 145_500, revenue: 4_500 },
      {
        date: "2026-01-02",
        count: 1,
        volume: 123_456_789,
        refunds: 123_456_789,
        cost: 2_550,
        revenue: -2_550,
      },
      { date: "2026-01-03", count: 0, volume: 0, refunds: 0, cost: 0, revenue: 0 },
    ],
    by_service: [
      { kind: "airtime", count: 3, volume: 150_000, refunds: 0, cost: 145_500, revenue: 4_500 },
      { kind: "data", count: 0, volume: 0, refunds: 0, cost: 0, revenue: 0 },
      {
        kind: "electricity",
        count: 1,
        volume: 123_456_789,
        refunds: 123_456_789,
        cost: 2_550,
        revenue: -2_550,
      },
    ],
    ...overrides,
  });
}

function openRevenue(path: string, revenue: AdminApi["revenue"]) {
  return renderApp({
    path,
    admin: fakeAdmin({ revenue }),
    children: (
      <Route path="/x" nest>
        <RevenuePage />
      </Route>
    ),
  });
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent));

describe("the revenue CSV", () => {
  it("writes naira with two decimals, no symbol and no separators", () => {
    expect(nairaForCsv(150_000)).toBe("1500.00");
    expect(nairaForCsv(0)).toBe("0.00");
    expect(nairaForCsv(5)).toBe("0.05");
    expect(nairaForCsv(-2_550)).toBe("-25.50");
    expect(nairaForCsv(-5)).toBe("-0.05");
    expect(nairaForCsv(123_456_789)).toBe("1234567.89");
    // Past what a float keeps to the kobo, still exact.
    expect(nairaForCsv(9_007_199_254_740_991)).toBe("90071992547409.91");
  });

  it("has the header and one line per day, oldest first", () => {
    expect(revenueCsv(report().days)).toBe(
      "date,transactions,volume_naira,refunds_naira,cost_naira,revenue_naira\r\n" +
        "2026-01-01,3,1500.00,0.00,1455.00,45.00\r\n" +
        "2026-01-02,1,1234567.89,1234567.89,25.50,-25.50\r\n" +
        "2026-01-03,0,0.00,0.00,0.00,0.00\r\n",
    );
    expect(revenueCsv([])).toBe("date,transactions,volume_naira,refunds_naira,cost_naira,revenue_naira\r\n");
    expect(revenueCsvName("2026-01-01", "2026-01-31")).toBe("revenue-2026-01-01-to-2026-01-31.csv");
  });
});

describe("the revenue page", () => {
  it("asks for the period in the address and shows the totals and both tables", async () => {
    const revenue = vi.fn(async () => report());
    openRevenue("/x/revenue?from=2026-01-01&to=2026-01-31", revenue);
    expect(screen.getByRole("heading", { level: 1, name: "Revenue" })).toBeInTheDocument();
    expect(document.title).toBe("Revenue · OjaPay");
    expect(revenue).toHaveBeenCalledWith({ from: "2026-01-01", to: "2026-01-31" });
    expect(screen.getByLabelText("From")).toHaveValue("2026-01-01");
    expect(screen.getByLabelText("To")).toHaveValue("2026-01-31");

    const headline = await screen.findByRole("region", { name: "Jan 1, 2026 to Jan 31, 2026" });
    expect(headline).toHaveTextContent("Revenue₦19.50");
    expect(headline).toHaveTextContent("Volume₦1,236,067.89");
    expect(headline).toHaveTextContent("Refunds₦1,234,567.89");
    expect(headline).toHaveTextContent("Cost₦1,480.50");
    expect(headline).toHaveTextContent("Transactions4");

    expect(screen.getByRole("img", { name: "Revenue by day" })).toBeInTheDocument();
    expect(rowsOf(screen.getByRole("table", { name: "Revenue by day, in figures" }))).toEqual([
      ["Date", "Transactions", "Volume", "Refunds", "Cost", "Revenue"],
      ["Jan 1, 2026", "3", "₦1,500.00", "₦0.00", "₦1,455.00", "₦45.00"],
      ["Jan 2, 2026", "1", "₦1,234,567.89", "₦1,234,567.89", "₦25.50", "-₦25.50"],
    ]);
    // Jan 3 had nothing: left out of the table, and the table says so.
    expect(screen.getByText("2 days had sales; the other 1 had none.")).toBeInTheDocument();
    expect(rowsOf(screen.getByRole("table", { name: "Revenue by service" }))).toEqual([
      ["Service", "Transactions", "Volume", "Refunds", "Cost", "Revenue"],
      ["Airtime", "3", "₦1,500.00", "₦0.00", "₦1,455.00", "₦45.00"],
      ["Electricity", "1", "₦1,234,567.89", "₦1,234,567.89", "₦25.50", "-₦25.50"],
    ]);
    expect(screen.getByText("Services without sales are left out.")).toBeInTheDocument();
  });

  it("says a period without sales in one line, drawing no chart and no all-zero days", async () => {
    const zero = { count: 0, volume: 0, refunds: 0, cost: 0, revenue: 0 };
    const days = ["2026-01-01", "2026-01-02", "2026-01-03"].map((date) => ({ date, ...zero }));
    const revenue = vi.fn(async () => report({ ...zero, days, by_service: [{ kind: "airtime", ...zero }] }));
    openRevenue("/x/revenue?from=2026-01-01&to=2026-01-03", revenue);
    const none = await screen.findByRole("region", { name: "No sales in this period" });
    expect(none).toHaveTextContent(
      "Nothing was delivered or refunded, and no level upgrade was paid, from Jan 1, 2026 to Jan 31, 2026.",
    );
    expect(screen.queryByRole("img", { name: "Revenue by day" })).not.toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    // The totals still say it, in figures.
    expect(screen.getByRole("region", { name: "Jan 1, 2026 to Jan 31, 2026" })).toHaveTextContent(
      "Transactions0",
    );
  });

  it("writes a new period to the address and asks for it", async () => {
    const revenue = vi.fn(async ({ from, to }: { from?: string; to?: string } = {}) =>
      report({ from: from ?? "", to: to ?? "" }),
    );
    const app = openRevenue("/x/revenue?from=2026-01-01&to=2026-01-31", revenue);
    await screen.findByRole("region", { name: "Jan 1, 2026 to Jan 31, 2026" });

    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-02-01" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-02-28" } });
    await userEvent.setup().click(screen.getByRole("button", { name: "Show" }));

    expect(app.location.history.at(-1)).toBe("/x/revenue?from=2026-02-01&to=2026-02-28");
    expect(revenue).toHaveBeenLastCalledWith({ from: "2026-02-01", to: "2026-02-28" });
    expect(await screen.findByRole("region", { name: "Feb 1, 2026 to Feb 28, 2026" })).toBeInTheDocument();
  });

  it("refuses a period that ends before it starts", async () => {
    const revenue = vi.fn(async () => report());
    const app = openRevenue("/x/revenue?from=2026-01-01&to=2026-01-31", revenue);
    await screen.findByRole("region", { name: "Jan 1, 2026 to Jan 31, 2026" });

    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-03-10" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-03-01" } });
    await userEvent.setup().click(screen.getByRole("button", { name: "Show" }));

    expect(screen.getByRole("alert")).toHaveTextContent("The last day must be on or after the first.");
    // The picker draws dates in the browser's locale; the line under it says the day as the app does.
    expect(screen.getByLabelText("To")).toHaveAccessibleDescription(
      "Chosen: Mar 1, 2026. The last day must be on or after the first.",
    );
    expect(app.location.history.at(-1)).toBe("/x/revenue?from=2026-01-01&to=2026-01-31");
    expect(revenue).toHaveBeenCalledTimes(1);
  });

  it("defaults to the last 30 days in Lagos", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 23:30 in London is already the next day in Lagos.
    vi.setSystemTime(new Date("2026-03-10T23:30:00Z"));
    const revenue = vi.fn(async () => report({ from: "2026-02-10", to: "2026-03-11" }));
    openRevenue("/x/revenue", revenue);
    expect(revenue).toHaveBeenCalledWith({ from: "2026-02-10", to: "2026-03-11" });
    expect(screen.getByLabelText("From")).toHaveValue("2026-02-10");
    expect(screen.getByLabelText("To")).toHaveValue("2026-03-11");
    expect(await screen.findByRole("region", { name: "Feb 10, 2026 to Mar 11, 2026" })).toBeInTheDocument();
  });

  it("exports the days as a CSV file named for the period", async () => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return "blob:revenue-export";
    });
    const revokeObjectURL = vi.fn();
    // jsdom has neither; the page must create the address and let it go again.
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    openRevenue(
      "/x/revenue?from=2026-01-01&to=2026-01-31",
      vi.fn(async () => report()),
    );
    const button = screen.getByRole("button", { name: "Export CSV" });
    expect(button).toBeDisabled();
    await screen.findByRole("region", { name: "Jan 1, 2026 to Jan 31, 2026" });
    await userEvent.setup().click(button);

    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe("revenue-2026-01-01-to-2026-01-31.csv");
    expect(clicked[0]?.getAttribute("href")).toBe("blob:revenue-export");
    expect(clicked[0]?.isConnected).toBe(false);
    expect(blobs[0]?.type).toBe("text/csv;charset=utf-8");
    expect(await blobs[0]?.text()).toBe(revenueCsv(report().days));
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith("blob:revenue-export"));
  });

  it("says when the report cannot load, and tries again", async () => {
    const revenue = vi
      .fn<AdminApi["revenue"]>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce(report());
    openRevenue("/x/revenue?from=2026-01-01&to=2026-01-31", revenue);
    expect(await screen.findByText("We could not load the report.")).toBeInTheDocument();
    await act(async () => screen.getByRole("button", { name: "Try again" }).click());
    expect(await screen.findByRole("region", { name: "Jan 1, 2026 to Jan 31, 2026" })).toBeInTheDocument();
  });
});
