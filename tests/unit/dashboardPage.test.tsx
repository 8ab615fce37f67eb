import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiFailure } from "../../src/api/client";
import type { CustomerApi } from "../../src/api/customerApi";
import { customerProfile, customerWithPin } from "../support/fixtures";
import { fakeCustomer } from "../support/renderApp";
import { heading, renderSignedIn } from "../support/signedIn";
// Compiled before the first test, so its waits are spent on the page and not on the compiler.
import "../../src/pages/customer/DashboardPage";
import "../../src/pages/customer/PinSetup";
import {
  circular,
  deferred,
  funding,
  status,
  transaction,
  transactionsPage,
  wallet,
} from "../support/transactionFixtures";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function dashboardCalls(overrides: Partial<CustomerApi> = {}) {
  return {
    wallet: vi.fn(async () => wallet()),
    transactions: vi.fn(async () => transactionsPage([])),
    circulars: vi.fn(async () => []),
    status: vi.fn(async () => status()),
    ...overrides,
  };
}

async function openDashboard(overrides: Partial<CustomerApi> = {}, profile = customerProfile) {
  const calls = dashboardCalls(overrides);
  const app = await renderSignedIn("/app/dashboard", profile, undefined, fakeCustomer(calls));
  await heading("Dashboard");
  return { app, calls };
}

const balanceCard = () => screen.getByRole("region", { name: "Wallet balance" });

describe("the dashboard", () => {
  it("hides the balance until asked, and remembers the choice", async () => {
    const user = userEvent.setup();
    await openDashboard({ wallet: vi.fn(async () => wallet({ balance: 1_250_050 })) });
    const card = await screen.findByRole("region", { name: "Wallet balance" });
    expect(document.title).toBe("Dashboard · OjaPay");
    expect(card).toHaveTextContent("₦ ••••••");
    expect(card).not.toHaveTextContent("₦12,500.50");
    expect(card).toHaveTextContent("Wallet number 3012345678");

    const show = within(card).getByRole("button", { name: "Show balance" });
    expect(show).toHaveAttribute("aria-pressed", "false");
    await user.click(show);
    expect(card).toHaveTextContent("₦12,500.50");
    expect(card).not.toHaveTextContent("••••••");
    expect(within(card).getByRole("button", { name: "Hide balance" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(localStorage.getItem("balanceHidden")).toBe("false");

    // The next visit opens the way the customer left it.
    cleanup();
    await openDashboard({ wallet: vi.fn(async () => wallet({ balance: 1_250_050 })) });
    expect(await screen.findByText("₦12,500.50")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Hide balance" }));
    expect(balanceCard()).toHaveTextContent("₦ ••••••");
    expect(localStorage.getItem("balanceHidden")).toBe("true");
  });

  it("says how much is held for pending purchases, only when something is", async () => {
    const user = userEvent.setup();
    await openDashboard({ wallet: vi.fn(async () => wallet({ pending_total: 150_000 })) });
    await screen.findByRole("region", { name: "Wallet balance" });
    await user.click(screen.getByRole("button", { name: "Show balance" }));
    expect(balanceCard()).toHaveTextContent("₦1,500.00 held for pending purchases");

    cleanup();
    await openDashboard();
    await screen.findByRole("region", { name: "Wallet balance" });
    expect(screen.queryByText(/held for pending purchases/)).not.toBeInTheDocument();
  });

  it("links the quick actions to their pages", async () => {
    await openDashboard();
    const actions = await screen.findByRole("navigation", { name: "Quick actions" });
    const links = within(actions)
      .getAllByRole("link")
      .map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["Fund wallet", "/app/fund-account"],
      ["Airtime", "/app/airtime-vtu"],
      ["Data", "/app/data-subscriptions"],
      ["Cable TV", "/app/cable-subscriptions"],
      ["Electricity", "/app/utilities"],
      ["Exam PINs", "/app/exam-pins"],
      ["Recharge cards", "/app/recharge-pins"],
      ["Bulk top-up", "/app/bulk"],
    ]);
  });

  it("lists the latest five transactions, each opening its receipt", async () => {
    const rows = [
      funding({ reference: "OJA-FUND0001", total: 500_000, status: "successful" }),
      transaction({
        reference: "OJA-AIRT0002",
        description: "MTN airtime 08031234567",
        total: 49_000,
        status: "pending",
      }),
      transaction({
        reference: "OJA-DATA0003",
        kind: "data",
        description: "Glo 2GB",
        total: 100_000,
        status: "failed",
      }),
      transaction({
        reference: "OJA-RFND0004",
        kind: "refund",
        description: "Refund of OJA-TV",
        total: 250_000,
        status: "successful",
      }),
    ];
    const transactions = vi.fn(async () => transactionsPage(rows, { count: 12, page_size: 5 }));
    await openDashboard({ transactions });
    const section = await screen.findByRole("region", { name: "Latest transactions" });
    expect(transactions).toHaveBeenCalledWith({ page: 1, page_size: 5 });

    const fundRow = within(section).getByRole("link", { name: /Wallet funding/ });
    expect(fundRow).toHaveAttribute("href", "/app/transaction-history/OJA-FUND0001");
    expect(fundRow).toHaveTextContent("Jan 5, 2026");
    expect(fundRow).toHaveTextContent("Successful");
    expect(fundRow).toHaveTextContent("+₦5,000.00");

    const airtimeRow = within(section).getByRole("link", { name: /MTN airtime/ });
    expect(airtimeRow).toHaveAttribute("href", "/app/transaction-history/OJA-AIRT0002");
    expect(airtimeRow).toHaveTextContent("Pending");
    expect(airtimeRow).toHaveTextContent("−₦490.00");

    expect(within(section).getByRole("link", { name: /Glo 2GB/ })).toHaveTextContent("Failed");
    expect(within(section).getByRole("link", { name: /Refund of OJA-TV/ })).toHaveTextContent("+₦2,500.00");
    expect(within(section).getByRole("link", { name: "See all" })).toHaveAttribute(
      "href",
      "/app/transaction-history",
    );
    expect(screen.queryByText(/^No transactions yet/)).not.toBeInTheDocument();
  });

  it("says where a new customer's transactions will show, leaving the invitation to fund to the first steps", async () => {
    await openDashboard({ wallet: vi.fn(async () => wallet({ balance: 0 })) });
    const section = await screen.findByRole("region", { name: "Latest transactions" });
    expect(section).toHaveTextContent(
      "No transactions yet. Your fundings and purchases will show here, newest first.",
    );
    expect(within(section).queryByRole("link")).toBeNull();
    // Once on the page: the first steps' link (beside the Fund wallet tile and the menu's Fund account).
    expect(await screen.findAllByText("Fund your wallet")).toHaveLength(1);
    expect(
      within(screen.getByRole("region", { name: "Before your first purchase" })).getByRole("link", {
        name: "Fund your wallet",
      }),
    ).toBeInTheDocument();
  });

  it("leads a customer without a PIN to set one there, and says it is set", async () => {
    const user = userEvent.setup();
    const { app } = await openDashboard({ wallet: vi.fn(async () => wallet({ balance: 0 })) });
    const steps = await screen.findByRole("region", { name: "Before your first purchase" });
    expect(within(steps).getByRole("link", { name: "Fund your wallet" })).toHaveAttribute(
      "href",
      "/app/fund-account",
    );
    expect(steps).toHaveTextContent("Set your transaction PIN: you type it to approve every purchase.");

    await user.click(await within(steps).findByRole("button", { name: "Set your PIN" }));
    await act(async () => app.control.pin.settle({ type: "xstate.done.actor.requestCode" }));
    // A first PIN: nothing is reset, and no PIN is "new".
    const dialog = screen.getByRole("dialog", { name: "Set your transaction PIN" });
    expect(dialog).not.toHaveTextContent(/\bnew\b|reset/i);
    await user.type(within(dialog).getByLabelText("Code (OTP)"), "482913");
    await user.type(within(dialog).getByLabelText("PIN"), "7319");
    await user.click(within(dialog).getByRole("button", { name: "Verify" }));
    await act(async () => app.control.pin.settle({ type: "xstate.done.actor.confirmPin" }));
    // Focus goes where the button was, and stays there when the session reads the PIN is set.
    expect(within(steps).getByRole("status")).toHaveTextContent("Your PIN is set.");
    expect(within(steps).getByRole("status")).toHaveFocus();
    await act(async () =>
      app.control.session.settle({ type: "xstate.done.actor.fetchProfile", output: customerWithPin }),
    );
    expect(within(steps).getByRole("status")).toHaveFocus();
    expect(within(steps).queryByRole("button", { name: "Set your PIN" })).toBeNull();
  });

  it("ticks funding off the first steps once the wallet holds money, and shows none once the PIN is set", async () => {
    await openDashboard({ wallet: vi.fn(async () => wallet({ balance: 500_000 })) });
    const steps = await screen.findByRole("region", { name: "Before your first purchase" });
    expect(steps).toHaveTextContent("Wallet funded ✓");
    expect(within(steps).queryByRole("link", { name: "Fund your wallet" })).toBeNull();

    cleanup();
    await openDashboard({}, customerWithPin);
    await screen.findByRole("region", { name: "Wallet balance" });
    expect(screen.queryByRole("region", { name: "Before your first purchase" })).toBeNull();
  });

  it("shows current circulars under Notices, and no section when there are none", async () => {
    await openDashboard({
      circulars: vi.fn(async () => [
        circular({ title: "Maintenance tonight", body: "Data purchases may be slow between 1am and 2am." }),
        circular({ title: "New: DStv Compact", body: "Now on OjaPay." }),
      ]),
    });
    const notices = await screen.findByRole("region", { name: "Notices" });
    expect(within(notices).getByRole("heading", { name: "Maintenance tonight" })).toBeInTheDocument();
    expect(notices).toHaveTextContent("Data purchases may be slow between 1am and 2am.");
    expect(within(notices).getByRole("heading", { name: "New: DStv Compact" })).toBeInTheDocument();

    cleanup();
    const { calls } = await openDashboard();
    await screen.findByRole("region", { name: "Latest transactions" });
    expect(calls.circulars).toHaveBeenCalled();
    expect(screen.queryByRole("region", { name: "Notices" })).not.toBeInTheDocument();
  });

  it("shows the emergency banner with the admin's words only while emergency mode is on", async () => {
    await openDashboard({
      status: vi.fn(async () =>
        status({ enabled: true, message: "Airtime is paused while MTN fixes an outage." }),
      ),
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Airtime is paused while MTN fixes an outage.",
    );

    cleanup();
    await openDashboard({ status: vi.fn(async () => status({ enabled: true, message: "  " })) });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Purchases are paused for now. Please try again later.",
    );

    cleanup();
    const { calls } = await openDashboard({
      status: vi.fn(async () => status({ enabled: false, message: "Old message" })),
    });
    await screen.findByRole("region", { name: "Wallet balance" });
    expect(calls.status).toHaveBeenCalled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByText("Old message")).not.toBeInTheDocument();
  });

  it("shows loading, then offers Try again when the dashboard fails to load", async () => {
    const user = userEvent.setup();
    const first = deferred<ReturnType<typeof wallet>>();
    const walletCall = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValue(wallet());
    await openDashboard({ wallet: walletCall });
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");

    first.reject(new ApiFailure(0, "We could not reach OjaPay. Check your connection and try again."));
    expect(await screen.findByText("We could not load your dashboard.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Wallet balance" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("region", { name: "Wallet balance" })).toHaveTextContent("3012345678");
    expect(walletCall).toHaveBeenCalledTimes(2);
    expect(screen.queryByText("We could not load your dashboard.")).not.toBeInTheDocument();
  });
});
