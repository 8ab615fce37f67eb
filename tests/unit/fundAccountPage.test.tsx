import { act, cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Transaction } from "../../schemas/transactions";
import type { DedicatedAccount, FundingCheck } from "../../schemas/wallet";
import { ApiFailure } from "../../src/api/client";
import type { CustomerApi } from "../../src/api/customerApi";
import { customerProfile } from "../support/fixtures";
import { fakeCustomer } from "../support/renderApp";
import { heading, renderSignedIn } from "../support/signedIn";
// Compiled before the first test, so its waits are spent on the page and not on the compiler.
import "../../src/pages/customer/FundAccountPage";
import "../../src/pages/customer/CardPaymentForm";
import { deferred, funding, wallet } from "../support/transactionFixtures";

const realLocation = Object.getOwnPropertyDescriptor(window, "location");
let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  // jsdom cannot leave the page; the test only needs to see where the page sent the browser.
  assign = vi.fn();
  Object.defineProperty(window, "location", {
    configurable: true,
    value: { href: "http://localhost/app/fund-account", origin: "http://localhost", assign },
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  if (realLocation) Object.defineProperty(window, "location", realLocation);
});

const account: DedicatedAccount = {
  bank_name: "Test Bank",
  account_number: "9930000737",
  account_name: "OJAPAY/ADA OKAFOR",
};

async function openFunding(calls: Partial<CustomerApi>, path = "/app/fund-account") {
  const app = await renderSignedIn(
    path,
    customerProfile,
    undefined,
    fakeCustomer({ wallet: vi.fn(async () => wallet()), bankAccount: vi.fn(async () => account), ...calls }),
  );
  await heading("Fund account");
  return app;
}

/** The page without a payment to check: its card form arrives just after it draws (lazyPart). */
async function openCardForm(calls: Partial<CustomerApi>) {
  const app = await openFunding(calls);
  await screen.findByLabelText("Amount (₦)");
  return app;
}

const amountField = () => screen.getByLabelText("Amount (₦)");
const continueButton = () => screen.getByRole("button", { name: "Continue to payment" });

describe("funding the wallet", () => {
  it("shows the wallet number and an amount field", async () => {
    await openCardForm({});
    expect(document.title).toBe("Fund account · OjaPay");
    const region = screen.getByRole("region", { name: "Your wallet number" });
    expect(await screen.findByText("3012345678")).toBeInTheDocument();
    expect(region).toHaveTextContent("3012345678");
    // Beside a bank account number, the wallet's own number says it is not one.
    expect(region).toHaveTextContent(
      "It is not a bank account; to pay by transfer, use the account number below.",
    );
    expect(amountField()).toHaveAttribute("inputmode", "decimal");
  });

  it("keeps a refusal such as the balance limit on the page beside the amount, not only in a toast", async () => {
    const user = userEvent.setup();
    // As the server refuses it (tierLimits.ts): the words, and how much fits under the amount.
    const limit =
      "This would take your wallet to ₦910,000.00, over the ₦300,000.00 a tier 1 account may hold (room for ₦290,000.00). Verify your identity to raise it.";
    const fund = vi.fn<CustomerApi["fund"]>().mockRejectedValue(
      new ApiFailure(400, limit, {
        code: "limit_reached",
        fields: { amount: ["At most ₦290,000.00 can be added now."] },
      }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openCardForm({ fund });
    await user.type(amountField(), "900000");
    await user.click(continueButton());
    expect(await screen.findByText(limit)).toHaveAttribute("role", "alert");
    expect(amountField()).toHaveAccessibleDescription(
      expect.stringContaining("At most ₦290,000.00 can be added now."),
    );
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByText(limit)).toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
  });

  it.each([
    ["", "Enter an amount in naira, like 5,000."],
    ["five thousand", "Enter an amount in naira, like 5,000."],
    ["12.345", "Enter an amount in naira, like 5,000."],
    ["99.99", "The smallest amount you can add is ₦100."],
    ["1,000,000.01", "The largest amount you can add at once is ₦1,000,000."],
  ])("refuses %j with %j before calling the server", async (typed, message) => {
    const user = userEvent.setup();
    const fund = vi.fn();
    await openCardForm({ fund });
    if (typed) await user.type(amountField(), typed);
    await user.click(continueButton());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(amountField()).toHaveAttribute("aria-invalid", "true");
    expect(fund).not.toHaveBeenCalled();
  });

  it("accepts the limits themselves, typed as a person would", async () => {
    const user = userEvent.setup();
    const fund = vi.fn(async () => ({ reference: "OJA-FUND0001", checkout_url: "/checkout/OJA-FUND0001" }));
    await openCardForm({ fund });
    await user.type(amountField(), "₦1,000,000");
    await user.click(continueButton());
    await vi.waitFor(() => expect(fund).toHaveBeenCalledTimes(1));
    expect(fund).toHaveBeenLastCalledWith(expect.objectContaining({ amount: 100_000_000 }));
  });

  it("fills the amount from a quick chip", async () => {
    const user = userEvent.setup();
    const fund = vi.fn(async () => ({ reference: "OJA-FUND0001", checkout_url: "/checkout/OJA-FUND0001" }));
    await openCardForm({ fund });
    for (const chip of ["₦1,000", "₦2,000", "₦5,000", "₦10,000"]) {
      expect(screen.getByRole("button", { name: chip })).toBeInTheDocument();
    }
    await user.click(screen.getByRole("button", { name: "₦5,000" }));
    expect(amountField()).toHaveValue("5,000.00");
    await user.click(continueButton());
    await vi.waitFor(() => expect(fund).toHaveBeenCalledTimes(1));
    expect(fund).toHaveBeenCalledWith({ amount: 500_000, request_id: expect.any(String) });
  });

  it("repeats the same request id after a failure, then goes to the gateway's checkout", async () => {
    const user = userEvent.setup();
    const fund = vi
      .fn<CustomerApi["fund"]>()
      .mockRejectedValueOnce(
        new ApiFailure(0, "We could not reach OjaPay. Check your connection and try again."),
      )
      .mockResolvedValueOnce({
        reference: "OJA-FUND0001",
        checkout_url: "/checkout/OJA-FUND0001?session=abc",
      });
    await openCardForm({ fund });
    await user.type(amountField(), "2500");
    await user.click(continueButton());
    await vi.waitFor(() => expect(fund).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(continueButton()).toBeEnabled());
    expect(assign).not.toHaveBeenCalled();

    await user.click(continueButton());
    await vi.waitFor(() => expect(fund).toHaveBeenCalledTimes(2));
    const [first, second] = fund.mock.calls.map(([body]) => body);
    expect(first?.amount).toBe(250_000);
    expect(first?.request_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(second).toEqual(first);
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith("http://localhost/checkout/OJA-FUND0001?session=abc"),
    );
    expect(screen.getByRole("button", { name: "Opening payment page…" })).toBeDisabled();
  });

  it("makes a new request id when the amount changes", async () => {
    const user = userEvent.setup();
    const fund = vi.fn<CustomerApi["fund"]>().mockRejectedValue(new ApiFailure(503, "Funding is paused."));
    await openCardForm({ fund });
    await user.type(amountField(), "2500");
    await user.click(continueButton());
    await vi.waitFor(() => expect(fund).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(continueButton()).toBeEnabled());
    // The same amount written another way is the same request.
    await user.clear(amountField());
    await user.type(amountField(), "2,500.00");
    await user.click(continueButton());
    await vi.waitFor(() => expect(fund).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(continueButton()).toBeEnabled());
    await user.clear(amountField());
    await user.type(amountField(), "3000");
    await user.click(continueButton());
    await vi.waitFor(() => expect(fund).toHaveBeenCalledTimes(3));

    const ids = fund.mock.calls.map(([body]) => body.request_id);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(fund.mock.calls[2]?.[0].amount).toBe(300_000);
  });

  it("starts a new request once the server says this one can no longer be opened", async () => {
    const user = userEvent.setup();
    const fund = vi
      .fn<CustomerApi["fund"]>()
      .mockRejectedValueOnce(new ApiFailure(409, "This payment can no longer be opened. Start again to pay."))
      .mockResolvedValueOnce({ reference: "OJA-FUND0002", checkout_url: "/checkout/OJA-FUND0002" });
    await openCardForm({ fund });
    await user.type(amountField(), "2500");
    await user.click(continueButton());
    await vi.waitFor(() => expect(fund).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(continueButton()).toBeEnabled());
    await user.click(continueButton());
    await vi.waitFor(() => expect(fund).toHaveBeenCalledTimes(2));
    const [first, second] = fund.mock.calls.map(([body]) => body);
    expect(second?.amount).toBe(first?.amount);
    expect(second?.request_id).not.toBe(first?.request_id);
  });

  it("sends nothing twice while a request is out", async () => {
    const user = userEvent.setup();
    const answer = deferred<{ reference: string; checkout_url: string }>();
    const fund = vi.fn(() => answer.promise);
    await openCardForm({ fund });
    await user.type(amountField(), "1000");
    // Two clicks in the same frame, before the button has had a chance to disable itself.
    const button = continueButton();
    await act(async () => {
      button.click();
      button.click();
    });
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Please wait…" })).toBeDisabled());
    await user.click(screen.getByRole("button", { name: "Please wait…" }));
    expect(fund).toHaveBeenCalledTimes(1);
    await act(async () =>
      answer.resolve({ reference: "OJA-FUND0001", checkout_url: "/checkout/OJA-FUND0001" }),
    );
    expect(assign).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Opening payment page…" })).toBeDisabled();

    // Back from the gateway, restored from the browser's page cache: the button works again.
    await act(async () => {
      window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true }));
    });
    expect(continueButton()).toBeEnabled();
  });

  it("will not open an address that is not a web page", async () => {
    const user = userEvent.setup();
    const fund = vi.fn(async () => ({ reference: "OJA-FUND0001", checkout_url: "javascript:alert(1)" }));
    await openCardForm({ fund });
    await user.type(amountField(), "1000");
    await user.click(continueButton());
    expect(
      await screen.findByText("The payment page could not be opened. Please try again later."),
    ).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe("paying by bank transfer", () => {
  it("shows the customer's own account number, bank and name, with a copy button", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    await openFunding({});
    const panel = screen.getByRole("region", { name: "Pay by bank transfer" });
    expect(await screen.findByText("9930000737")).toBeInTheDocument();
    expect(panel).toHaveTextContent("Test Bank");
    expect(panel).toHaveTextContent("OJAPAY/ADA OKAFOR");
    await user.click(screen.getByRole("button", { name: "Copy account number" }));
    expect(writeText).toHaveBeenCalledWith("9930000737");
    expect(panel).toHaveTextContent("Copied");
  });

  it("says why when there is no account number yet, and tries again", async () => {
    const user = userEvent.setup();
    const bankAccount = vi
      .fn<CustomerApi["bankAccount"]>()
      .mockRejectedValueOnce(
        new ApiFailure(
          503,
          "We could not get your account number just now. Please try again shortly, or pay by card.",
        ),
      )
      .mockResolvedValueOnce(account);
    await openCardForm({ bankAccount });
    expect(
      await screen.findByText(
        /We could not get your account number just now\. Please try again shortly, or pay by card\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Amount (₦)")).toBeInTheDocument(); // the card stays beside it
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("9930000737")).toBeInTheDocument();
  });
});

describe("coming back from checkout", () => {
  // Paystack sends the customer back with both parameters.
  const back = "/app/fund-account?trxref=OJA-FUND0001&reference=OJA-FUND0001";
  const checked = (transaction: Transaction, gateway_status: FundingCheck["gateway_status"] = "pending") => ({
    transaction,
    gateway_status,
  });

  it("confirms a pending payment by asking the server every 2 seconds until it succeeds", async () => {
    const first = deferred<FundingCheck>();
    const transaction = vi
      .fn<CustomerApi["verifyFunding"]>()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce(checked(funding({ reference: "OJA-FUND0001", status: "pending" })))
      .mockResolvedValue(
        checked(funding({ reference: "OJA-FUND0001", status: "successful", total: 250_000 })),
      );
    await openFunding({ verifyFunding: transaction }, back);
    expect(screen.queryByLabelText("Amount (₦)")).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Confirming your payment…");
    expect(transaction).toHaveBeenCalledWith("OJA-FUND0001");

    vi.useFakeTimers();
    await act(async () => first.resolve(checked(funding({ reference: "OJA-FUND0001", status: "pending" }))));
    expect(screen.getByRole("status")).toHaveTextContent("Confirming your payment…");

    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(transaction).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(transaction).toHaveBeenCalledTimes(2);
    expect(screen.getByRole("status")).toHaveTextContent("Confirming your payment…");

    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(transaction).toHaveBeenCalledTimes(3);
    expect(screen.getByRole("status")).toHaveTextContent("₦2,500.00 has been added to your wallet.");
    expect(screen.getByRole("link", { name: "Go to your dashboard" })).toHaveAttribute(
      "href",
      "/app/dashboard",
    );

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(transaction).toHaveBeenCalledTimes(3);
  });

  it("says a failed payment took nothing, and Try again clears the address", async () => {
    const user = userEvent.setup();
    const verifyFunding = vi.fn(async () =>
      checked(funding({ reference: "OJA-FUND0001", status: "failed" })),
    );
    const app = await openFunding({ verifyFunding }, back);
    expect(await screen.findByText(/The payment did not go through/)).toHaveTextContent(
      "The payment did not go through. No money was taken from your wallet.",
    );
    expect(screen.queryByRole("link", { name: "View receipt" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(app.location.history.at(-1)).toBe("/app/fund-account");
    expect(screen.getByLabelText("Amount (₦)")).toBeInTheDocument();
  });

  it("says at once that a cancelled payment was not completed, and can still be checked again", async () => {
    const user = userEvent.setup();
    const verifyFunding = vi
      .fn<CustomerApi["verifyFunding"]>()
      .mockResolvedValueOnce(checked(funding({ reference: "OJA-FUND0001", status: "pending" }), "abandoned"))
      .mockResolvedValue(
        checked(funding({ reference: "OJA-FUND0001", status: "successful", total: 250_000 })),
      );
    await openFunding({ verifyFunding }, back);
    expect(
      await screen.findByText("This payment was not completed. No money was taken from your account."),
    ).toBeInTheDocument();
    // Starting again is the way on; checking again is the lesser button, and there is no receipt for
    // a payment that never happened.
    expect(screen.getByRole("button", { name: "Try again" })).toHaveClass("button");
    expect(screen.getByRole("button", { name: "Try again" })).not.toHaveClass("secondary");
    expect(screen.getByRole("button", { name: "Check again" })).toHaveClass("secondary");
    expect(screen.queryByRole("link", { name: "View receipt" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Check again" }));
    expect(await screen.findByText("₦2,500.00 has been added to your wallet.")).toBeInTheDocument();
  });

  it("stops asking after 60 seconds and says the bank is still confirming", async () => {
    const first = deferred<FundingCheck>();
    const transaction = vi
      .fn<CustomerApi["verifyFunding"]>()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValue(checked(funding({ reference: "OJA-FUND0001", status: "pending" })));
    await openFunding({ verifyFunding: transaction }, back);
    vi.useFakeTimers();
    await act(async () => first.resolve(checked(funding({ reference: "OJA-FUND0001", status: "pending" }))));

    await act(() => vi.advanceTimersByTimeAsync(58_000));
    expect(screen.getByRole("status")).toHaveTextContent("Confirming your payment…");
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByRole("status")).toHaveTextContent(
      "Your payment is still being confirmed. We will add it to your wallet as soon as the bank confirms it.",
    );
    const asked = transaction.mock.calls.length;
    expect(asked).toBeLessThanOrEqual(31);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(transaction).toHaveBeenCalledTimes(asked);
  });

  it("says so when the reference is unknown", async () => {
    const transaction = vi.fn(async (): Promise<FundingCheck> => {
      throw new ApiFailure(404, "Not found.");
    });
    await openFunding({ verifyFunding: transaction }, back);
    expect(await screen.findByText("We could not find that payment.")).toBeInTheDocument();
    expect(transaction).toHaveBeenCalledTimes(1);
  });
});
