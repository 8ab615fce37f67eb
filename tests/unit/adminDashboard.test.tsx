import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { type Dashboard, dashboard as dashboardSchema } from "../../schemas/admin";
import type { Profile } from "../../schemas/auth";
import { defaultKycLimits } from "../../schemas/kyc";
import type { ProviderAlert, ReconciliationRun } from "../../schemas/operations";
import { type Statistics, statistics as statisticsSchema } from "../../schemas/staff";
import type { AdminApi } from "../../src/api/adminApi";
import { ApiFailure } from "../../src/api/client";
import { formatNaira } from "../../src/format/money";
import { BarChart } from "../../src/pages/admin/charts/BarChart";
import DashboardPage from "../../src/pages/admin/DashboardPage";
import { staffProfile } from "../support/fixtures";
import { overviewFixture, providerFixture, vendorFixture } from "../support/providersFixture";
import { fakeAdmin, renderApp } from "../support/renderApp";
import { restoreSession } from "../support/signedIn";

afterEach(cleanup);

const adminProfile: Profile = { ...staffProfile, role: "admin", first_name: "Bisi" };

const totals = {
  today: { count: 12, volume: 1_500_000, refunds: 20_000, cost: 1_437_950, revenue: 42_050 },
  all_time: { count: 4_321, volume: 987_654_300, refunds: 0, cost: 975_308_700, revenue: 12_345_600 },
  pending_count: 3,
  provider_alerts: [],
  disputes: { open: 2, overdue: 1 },
  by_service: [
    { kind: "airtime", count: 8, volume: 400_000, refunds: 0, cost: 388_000, revenue: 12_000 },
    { kind: "tv", count: 4, volume: 1_100_000, refunds: 20_000, cost: 1_049_950, revenue: 30_050 },
    { kind: "exam_pin", count: 2, volume: 280_000, refunds: 0, cost: 250_000, revenue: 30_000 },
  ],
};

function statisticsFixture(overrides: Partial<Statistics> = {}): Statistics {
  return statisticsSchema.parse({ ...totals, ...overrides });
}

function dashboardFixture(): Dashboard {
  return dashboardSchema.parse({
    ...totals,
    customers: { total: 2_500, joined_today: 7 },
    daily: [
      { date: "2026-01-04", count: 5, volume: 250_000, refunds: 10_000, cost: 242_500, revenue: -2_500 },
      { date: "2026-01-05", count: 7, volume: 150_000, refunds: 0, cost: 146_000, revenue: 4_000 },
    ],
  });
}

const run = (overrides: Partial<ReconciliationRun> = {}): ReconciliationRun => ({
  day: "2026-01-04",
  gateway: "paystack",
  status: "done",
  started_at: "2026-01-05T00:05:00.000Z",
  finished_at: "2026-01-05T00:05:09.000Z",
  checked: 42,
  credited: 1,
  credited_amount: 500_000,
  unmatched: [],
  error: null,
  ran_by: null,
  ...overrides,
});

const lowWallet: ProviderAlert = {
  provider: "vtpass",
  kind: "low_balance",
  title: "VTpass wallet too low",
  action: "Fund the VTpass wallet: purchases fail and are refunded until it is.",
  detail: "VTpass 018 LOW WALLET BALANCE",
  since: "2026-01-05T08:00:00.000Z",
  last_seen: "2026-01-05T08:30:00.000Z",
  occurrences: 3,
};

/** The page under /x, with the session signed in as `profile` the way the app restores it. */
async function openDashboard(profile: Profile, admin: Partial<AdminApi>, emergencyPanel?: React.ReactNode) {
  const app = renderApp({
    path: "/x/dashboard",
    admin: fakeAdmin({
      providers: async () => overviewFixture(),
      reconciliations: async () => ({ runs: [run()] }),
      kycLimits: async () => defaultKycLimits,
      ...admin,
    }),
    children: (
      <Route path="/x" nest>
        <DashboardPage emergencyPanel={emergencyPanel} />
      </Route>
    ),
  });
  await restoreSession(app, profile);
  return app;
}

/** The value shown under a card's label, e.g. figure("Today", "Volume") → "₦15,000.00". */
function figure(card: string, term: string) {
  const region = screen.getByRole("region", { name: card });
  return within(region).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent));

describe("the admin dashboard", () => {
  it("shows an admin today's and all-time figures, pending and customers", async () => {
    const dashboard = vi.fn(async () => dashboardFixture());
    await openDashboard(adminProfile, { dashboard });
    expect(screen.getByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    await screen.findByRole("region", { name: "Today" });
    expect(document.title).toBe("Dashboard · OjaPay");

    expect(figure("Today", "Transactions")).toBe("12");
    expect(figure("Today", "Volume")).toBe("₦15,000.00");
    expect(figure("Today", "Refunds")).toBe("₦200.00");
    expect(figure("Today", "Revenue")).toBe("₦420.50");
    expect(figure("All time", "Transactions")).toBe("4,321");
    expect(figure("All time", "Volume")).toBe("₦9,876,543.00");
    expect(figure("All time", "Revenue")).toBe("₦123,456.00");
    expect(figure("Pending", "Waiting for the provider")).toBe("3");
    expect(figure("Disputes", "Open")).toBe("2");
    expect(figure("Disputes", "Past their deadline")).toBe("1");
    expect(figure("Customers", "Total")).toBe("2,500");
    expect(figure("Customers", "Joined today")).toBe("7");
    expect(dashboard).toHaveBeenCalledTimes(1);
  });

  it("draws the daily and per-service charts, each with its figures as a table", async () => {
    await openDashboard(adminProfile, { dashboard: vi.fn(async () => dashboardFixture()) });

    const volume = await screen.findByRole("img", { name: "Daily volume, last 30 days" });
    expect([...volume.querySelectorAll("title")].map((t) => t.textContent)).toEqual([
      "Jan 4, 2026: ₦2,500.00",
      "Jan 5, 2026: ₦1,500.00",
    ]);
    expect(rowsOf(screen.getByRole("table", { name: "Daily volume, last 30 days" }))).toEqual([
      ["Day", "Volume"],
      ["Jan 4, 2026", "₦2,500.00"],
      ["Jan 5, 2026", "₦1,500.00"],
    ]);
    // The table follows its chart, so a screen reader meets them together.
    expect(volume.parentElement?.querySelector("svg + .sr-only > table")).toBe(
      screen.getByRole("table", { name: "Daily volume, last 30 days" }),
    );

    // A day at a loss is a bar below zero.
    const revenue = screen.getByRole("img", { name: "Daily revenue, last 30 days" });
    expect([...revenue.querySelectorAll("rect title")].map((t) => t.textContent)).toEqual([
      "Jan 4, 2026: -₦25.00",
      "Jan 5, 2026: ₦40.00",
    ]);
    expect(rowsOf(screen.getByRole("table", { name: "Daily revenue, last 30 days" }))).toEqual([
      ["Day", "Revenue"],
      ["Jan 4, 2026", "-₦25.00"],
      ["Jan 5, 2026", "₦40.00"],
    ]);

    expect(screen.getByRole("img", { name: "Volume by service" })).toBeInTheDocument();
    expect(rowsOf(screen.getByRole("table", { name: "Volume by service" }))).toEqual([
      ["Service", "Volume"],
      ["Airtime", "₦4,000.00"],
      ["Cable TV", "₦11,000.00"],
      ["Exam PINs", "₦2,800.00"],
    ]);
  });

  it("puts the emergency panel it is given at the top of an admin's dashboard", async () => {
    await openDashboard(
      adminProfile,
      { dashboard: vi.fn(async () => dashboardFixture()) },
      <section aria-label="Emergency mode">Emergency mode is OFF</section>,
    );
    const panel = screen.getByRole("region", { name: "Emergency mode" });
    expect(panel).toHaveTextContent("Emergency mode is OFF");
    const today = await screen.findByRole("region", { name: "Today" });
    expect(panel.compareDocumentPosition(today) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows staff the statistics without charts, customers or the emergency panel", async () => {
    const statistics = vi.fn(async () => statisticsFixture());
    const dashboard = vi.fn(async () => dashboardFixture());
    await openDashboard(
      staffProfile,
      { statistics, dashboard },
      <section aria-label="Emergency mode">Emergency mode is OFF</section>,
    );
    await screen.findByRole("region", { name: "Today" });
    expect(figure("Today", "Volume")).toBe("₦15,000.00");
    expect(figure("All time", "Transactions")).toBe("4,321");
    expect(figure("Pending", "Waiting for the provider")).toBe("3");

    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Customers" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Emergency mode" })).not.toBeInTheDocument();
    expect(statistics).toHaveBeenCalledTimes(1);
    expect(dashboard).not.toHaveBeenCalled();
  });

  it("says when the dashboard cannot load, and tries again", async () => {
    const user = userEvent.setup();
    const dashboard = vi
      .fn<AdminApi["dashboard"]>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce(dashboardFixture());
    await openDashboard(adminProfile, { dashboard });
    expect(await screen.findByText("We could not load the dashboard.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByRole("region", { name: "Today" });
    expect(screen.queryByText("We could not load the dashboard.")).not.toBeInTheDocument();
  });

  it("says it is loading until the figures arrive", async () => {
    let answer: (value: Statistics) => void = () => {};
    const statistics = vi.fn(() => new Promise<Statistics>((resolve) => (answer = resolve)));
    await openDashboard(staffProfile, { statistics });
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
    await act(async () => answer(statisticsFixture()));
    expect(screen.getByRole("region", { name: "Today" })).toBeInTheDocument();
    expect(screen.queryByText("Loading…")).not.toBeInTheDocument();
  });
});

describe("provider alerts", () => {
  it("warns staff and admins at the top of the dashboard while the provider refuses our account", async () => {
    await openDashboard(staffProfile, {
      statistics: vi.fn(async () => statisticsFixture({ provider_alerts: [lowWallet] })),
    });
    const alert = await screen.findByRole("alert", { name: "VTpass wallet too low" });
    expect(alert).toHaveTextContent("Fund the VTpass wallet");
    expect(alert).toHaveTextContent("3 purchases refused");
    expect(alert).toHaveTextContent("VTpass 018 LOW WALLET BALANCE");
    cleanup();

    const withAlert = dashboardSchema.parse({ ...dashboardFixture(), provider_alerts: [lowWallet] });
    await openDashboard(adminProfile, { dashboard: vi.fn(async () => withAlert) });
    expect(await screen.findByRole("alert", { name: "VTpass wallet too low" })).toBeInTheDocument();
  });

  it("shows none when all is well", async () => {
    await openDashboard(staffProfile, { statistics: vi.fn(async () => statisticsFixture()) });
    await screen.findByRole("region", { name: "Today" });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("the providers in brief", () => {
  it("shows each provider's balance, whether it is low, its circuit and success rate, and links to the Providers page", async () => {
    const user = userEvent.setup();
    const app = await openDashboard(adminProfile, {
      dashboard: vi.fn(async () => dashboardFixture()),
      providers: vi.fn(async () =>
        overviewFixture({
          providers: [
            providerFixture({ balance: 4_000_000, low: true }),
            vendorFixture({
              balance: null,
              balance_error: "Could not read the balance: 087",
              circuit: {
                ...providerFixture().circuit,
                state: "open",
                open_until: "2026-01-05T09:05:00.000Z",
              },
              health: { ...providerFixture().health, success_percent: null },
            }),
          ],
        }),
      ),
    });
    const panel = within(await screen.findByRole("region", { name: "Providers" }));
    const [vtpass, vendor] = (await panel.findAllByRole("listitem")).map((item) => item.textContent);
    expect(vtpass).toBe("VTpass₦40,000.00 · lowCircuit closed · 90% delivered");
    expect(vendor).toBe("SME-data vendorBalance not readCircuit open: skipped · No answers in 30 minutes");
    expect(panel.getByText("Simulated: no real money.")).toBeInTheDocument();
    await user.click(panel.getByRole("link", { name: "Open Providers" }));
    expect(app.location.history?.at(-1)).toBe("/x/providers");
  });

  it("says when the providers cannot be read", async () => {
    await openDashboard(adminProfile, {
      dashboard: vi.fn(async () => dashboardFixture()),
      providers: vi.fn(async () => {
        throw new ApiFailure(503, "Unavailable");
      }),
    });
    expect(await screen.findByText("We could not read the providers.")).toBeInTheDocument();
  });
});

describe("reconciliation", () => {
  it("shows the latest run, with the payments that match nothing, and older ones in brief", async () => {
    await openDashboard(adminProfile, {
      dashboard: vi.fn(async () => dashboardFixture()),
      reconciliations: vi.fn(async () => ({
        runs: [
          run({
            unmatched: ["T1741598056_x1"],
            ran_by: { id: "9b1c7f0e-2a4d-4b8e-9f11-3c5d7e9a1b2c", email: "bisi@ojapay.ng" },
          }),
          run({ day: "2026-01-03", credited: 0, credited_amount: 0 }),
        ],
      })),
    });
    const panel = within(await screen.findByRole("region", { name: "Reconciliation" }));
    expect(await panel.findByText("Jan 4, 2026: Done")).toBeInTheDocument();
    expect(panel.getByText("T1741598056_x1")).toBeInTheDocument();
    expect(panel.getByText(/^By bisi@ojapay\.ng/)).toBeInTheDocument();
    expect(panel.getByText(/1 \(₦5,000\.00\)/)).toBeInTheDocument();
    expect(panel.getByText(/^Jan 3, 2026: Done, 42 checked, 0 credited/)).toBeInTheDocument();
  });

  it("runs a chosen day and shows what it found", async () => {
    const user = userEvent.setup();
    const reconciliations = vi
      .fn<AdminApi["reconciliations"]>()
      .mockResolvedValueOnce({ runs: [] })
      .mockResolvedValue({ runs: [run({ day: "2026-01-02", credited: 2 })] });
    const reconcile = vi.fn(async () => run({ day: "2026-01-02" }));
    await openDashboard(adminProfile, {
      dashboard: vi.fn(async () => dashboardFixture()),
      reconciliations,
      reconcile,
    });
    const panel = within(await screen.findByRole("region", { name: "Reconciliation" }));
    expect(await panel.findByText("No reconciliation has run yet.")).toBeInTheDocument();
    const day = panel.getByLabelText("Day");
    await user.clear(day);
    await user.type(day, "2026-01-02");
    await user.click(panel.getByRole("button", { name: "Run reconciliation" }));
    await vi.waitFor(() => expect(reconcile).toHaveBeenCalledWith("2026-01-02"));
    expect(await panel.findByText("Jan 2, 2026: Done")).toBeInTheDocument();
  });

  it("says when the runs cannot be read", async () => {
    await openDashboard(adminProfile, {
      dashboard: vi.fn(async () => dashboardFixture()),
      reconciliations: vi.fn(async () => {
        throw new ApiFailure(503, "Unavailable");
      }),
    });
    expect(await screen.findByText("We could not load the reconciliations.")).toBeInTheDocument();
  });
});

describe("a bar chart", () => {
  it("labels its axis in round figures and draws a loss below the zero line", () => {
    render(
      <BarChart
        title="Revenue by day"
        data={[
          { label: "Jan 1, 2026", value: -5_000 },
          { label: "Jan 2, 2026", value: 10_000 },
        ]}
        format={formatNaira}
      />,
    );
    const chart = screen.getByRole("img", { name: "Revenue by day" });
    const axis = [...chart.querySelectorAll("g text")].map((t) => t.textContent);
    expect(axis).toEqual(["-₦50", "₦0", "₦50", "₦100"]);
    expect([...chart.querySelectorAll("text")].map((t) => t.textContent)).toEqual(
      expect.arrayContaining(["Jan 1, 2026", "Jan 2, 2026"]),
    );

    const zero = Number(chart.querySelector(".chart-zeroline line")?.getAttribute("y1"));
    const [loss, gain] = [...chart.querySelectorAll("rect")];
    // The loss hangs from zero; the gain stands on it.
    expect(Number(loss?.getAttribute("y"))).toBeCloseTo(zero);
    expect(Number(gain?.getAttribute("y")) + Number(gain?.getAttribute("height"))).toBeCloseTo(zero);
    expect(loss).toHaveClass("chart-bar-negative");
    expect(loss?.querySelector("title")).toHaveTextContent("Jan 1, 2026: -₦50.00");
  });

  it("draws zero alone when every figure is zero, not a scale of fractions of a kobo", () => {
    render(
      <BarChart
        title="Volume by service"
        data={[
          { label: "Airtime", value: 0 },
          { label: "Data", value: 0 },
        ]}
        format={formatNaira}
      />,
    );
    const chart = screen.getByRole("img", { name: "Volume by service" });
    expect([...chart.querySelectorAll("g text")].map((t) => t.textContent)).toEqual(["₦0"]);
    // Each bar is the hairline every zero gets, so the days still show.
    for (const bar of chart.querySelectorAll("rect")) expect(Number(bar.getAttribute("height"))).toBe(1);
  });

  it("steps a small axis in whole kobo", () => {
    render(<BarChart title="Tiny" data={[{ label: "Airtime", value: 3 }]} format={formatNaira} />);
    const axis = [...screen.getByRole("img", { name: "Tiny" }).querySelectorAll("g text")].map(
      (t) => t.textContent,
    );
    expect(axis).toEqual(["₦0.00", "₦0.01", "₦0.02", "₦0.03"]);
  });
});
