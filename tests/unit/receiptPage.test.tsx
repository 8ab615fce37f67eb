import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Transaction } from "../../schemas/transactions";
import { ApiFailure } from "../../src/api/client";
import { customerProfile } from "../support/fixtures";
import { fakeCustomer } from "../support/renderApp";
import { heading, renderSignedIn } from "../support/signedIn";
// Compiled before the first test, so its waits are spent on the page and not on the compiler.
import "../../src/pages/customer/ReceiptPage";
import { funding, transaction } from "../support/transactionFixtures";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function openReceipt(answer: Transaction | Error) {
  const call = vi.fn(async (_reference: string) => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const reference = answer instanceof Error ? "OJA-MISSING1" : answer.reference;
  const app = await renderSignedIn(
    `/app/transaction-history/${reference}`,
    customerProfile,
    undefined,
    fakeCustomer({ transaction: call }),
  );
  await heading("Receipt");
  return { app, call };
}

/** What the receipt says beside a label. */
const fact = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling;

describe("the receipt", () => {
  it("shows everything a customer needs about a purchase", async () => {
    const { call } = await openReceipt(
      transaction({
        reference: "OJA-DATA0001",
        kind: "data",
        status: "successful",
        description: "MTN 2GB monthly",
        product: "MTN SME 2GB (30 days)",
        recipient: "08031234567",
        amount: 60_000,
        discount: 1_800,
        fee: 500,
        total: 58_700,
        provider_reference: "VTP-99812",
        balance_before: 1_000_000,
        balance_after: 941_300,
        created_at: "2026-01-05T14:04:00Z",
      }),
    );
    await screen.findByText("MTN 2GB monthly");
    expect(call).toHaveBeenCalledWith("OJA-DATA0001");
    expect(document.title).toBe("Receipt · OjaPay");
    expect(fact("Reference")).toHaveTextContent("OJA-DATA0001");
    expect(fact("Date and time")).toHaveTextContent("Jan 5, 2026, 3:04 PM");
    expect(fact("Type")).toHaveTextContent("Data");
    expect(fact("Status")).toHaveTextContent("Successful");
    expect(fact("Product")).toHaveTextContent("MTN SME 2GB (30 days)");
    expect(fact("Phone number")).toHaveTextContent("08031234567");
    expect(fact("Amount")).toHaveTextContent("₦600.00");
    expect(fact("Discount")).toHaveTextContent("−₦18.00");
    expect(fact("Fee")).toHaveTextContent("₦5.00");
    expect(fact("Total")).toHaveTextContent("₦587.00");
    expect(fact("Provider reference")).toHaveTextContent("VTP-99812");
    expect(fact("Balance before")).toHaveTextContent("₦10,000.00");
    expect(fact("Balance after")).toHaveTextContent("₦9,413.00");
    expect(screen.queryByText(/money is held/)).not.toBeInTheDocument();
    expect(screen.queryByText(/returned to your wallet/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Copy token" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to history" })).toHaveAttribute(
      "href",
      "/app/transaction-history",
    );
  });

  it("leaves out what does not apply", async () => {
    await openReceipt(funding({ reference: "OJA-FUND0001", fee: 0, discount: 0 }));
    await screen.findByText("Wallet funding");
    expect(fact("Type")).toHaveTextContent("Funding");
    for (const label of [
      "Discount",
      "Fee",
      "Product",
      "Provider reference",
      "Balance before",
      "Customer name",
    ]) {
      expect(screen.queryByText(label, { selector: "dt" })).not.toBeInTheDocument();
    }
  });

  it("shows a prepaid token in groups of four, with the customer's name, and copies it", async () => {
    const user = userEvent.setup();
    // After setup: user-event puts its own clipboard on navigator.
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    await openReceipt(
      transaction({
        reference: "OJA-ELEC0001",
        kind: "electricity",
        description: "Ikeja Electric prepaid",
        product: "IKEDC prepaid",
        recipient: "45012345678",
        customer_name: "ADEYEMI NGOZI",
        token: "12345678901234567890",
      }),
    );
    const token = await screen.findByRole("region", { name: "Token" });
    expect(token).toHaveTextContent("1234 5678 9012 3456 7890");
    expect(fact("Meter number")).toHaveTextContent("45012345678");
    expect(fact("Customer name")).toHaveTextContent("ADEYEMI NGOZI");
    expect(within(token).queryByText("Copied")).not.toBeInTheDocument();

    await user.click(within(token).getByRole("button", { name: "Copy token" }));
    expect(writeText).toHaveBeenCalledWith("12345678901234567890");
    expect(within(token).getByRole("status")).toHaveTextContent("Copied");
  });

  it("says how to copy by hand when the clipboard refuses", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {
      throw new DOMException("Not allowed", "NotAllowedError");
    });
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    await openReceipt(transaction({ kind: "electricity", token: "12345678901234567890" }));
    await user.click(await screen.findByRole("button", { name: "Copy token" }));
    expect(screen.getByText("Could not copy. Select the token and copy it yourself.")).toBeInTheDocument();
    expect(screen.queryByText("Copied")).not.toBeInTheDocument();
  });

  it("prints with the Print receipt button", async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    await openReceipt(transaction());
    await user.click(await screen.findByRole("button", { name: "Print receipt" }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("reassures the customer while the provider has not answered", async () => {
    await openReceipt(transaction({ status: "pending" }));
    expect(
      await screen.findByText("We are waiting for the provider to confirm. Your money is held, not lost."),
    ).toBeInTheDocument();
    expect(fact("Status")).toHaveTextContent("Pending");
  });

  it("gives the reason for a failed purchase and says the money came back", async () => {
    await openReceipt(
      transaction({ status: "failed", failure_reason: "The provider says this number cannot take airtime." }),
    );
    expect(await screen.findByText("The provider says this number cannot take airtime.")).toBeInTheDocument();
    expect(screen.getByText("Your money was returned to your wallet.")).toBeInTheDocument();
    expect(fact("Status")).toHaveTextContent("Failed");
  });

  it("shows exam PINs with their serials and a copy button each, and says once that they were emailed", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    await openReceipt(
      transaction({
        reference: "OJA-EXAM0001",
        kind: "exam_pin",
        description: "2 × WAEC Result Checker",
        product: "WAEC Result Checker",
        recipient: "08031234567",
        pins: [
          { pin: "123456789012", serial: "WRN182345671" },
          { pin: "987654321098", serial: "WRN182345672" },
        ],
      }),
    );
    const pins = await screen.findByRole("region", { name: "Your 2 PINs" });
    expect(fact("Type")).toHaveTextContent("Exam PINs");
    expect(fact("Phone number")).toHaveTextContent("08031234567");
    const [first, second] = within(pins).getAllByRole("listitem");
    expect(first).toHaveTextContent("PIN 1123456789012Serial WRN182345671");
    expect(second).toHaveTextContent("PIN 2987654321098Serial WRN182345672");
    // Grouped in fours for reading out, each group whole on its line.
    expect([...(first?.querySelectorAll(".pin-digits span") ?? [])].map((s) => s.textContent)).toEqual([
      "1234",
      "5678",
      "9012",
    ]);
    expect(screen.getAllByText(/emailed/)).toHaveLength(1);
    await user.click(within(pins).getByRole("button", { name: "Copy PIN 2" }));
    expect(writeText).toHaveBeenLastCalledWith("987654321098");
    await user.click(within(pins).getByRole("button", { name: "Copy all PINs" }));
    expect(writeText).toHaveBeenLastCalledWith(
      "PIN 1: 123456789012, serial WRN182345671\nPIN 2: 987654321098, serial WRN182345672",
    );
  });

  it("names a JAMB PIN's candidate by profile ID, with one PIN and no serial", async () => {
    await openReceipt(
      transaction({
        kind: "exam_pin",
        product: "JAMB UTME PIN (with mock)",
        recipient: "0123456789",
        customer_name: "ADAEZE NWOSU",
        pins: [{ pin: "367574683050773", serial: null }],
      }),
    );
    const pins = await screen.findByRole("region", { name: "Your PIN" });
    expect(fact("JAMB profile ID")).toHaveTextContent("0123456789");
    expect(fact("Customer name")).toHaveTextContent("ADAEZE NWOSU");
    expect(within(pins).queryByText(/Serial/)).toBeNull();
    expect(within(pins).getByRole("button", { name: "Copy PIN" })).toBeEnabled();
    expect(within(pins).queryByRole("button", { name: "Copy all PINs" })).toBeNull();
  });

  it("says while exam PINs are pending that they come on the receipt and by email", async () => {
    await openReceipt(transaction({ kind: "exam_pin", status: "pending" }));
    expect(
      await screen.findByText(
        "We are waiting for the provider to confirm. Your money is held, not lost. Your PINs show on this receipt, and come to you by email, once it does.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /PIN/ })).toBeNull();
  });

  it("says so when there is no such transaction", async () => {
    await openReceipt(new ApiFailure(404, "Not found."));
    expect(await screen.findByText("We could not find that transaction.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Print receipt" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to history" })).toBeInTheDocument();
  });

  it("offers Try again for any other failure", async () => {
    await openReceipt(new ApiFailure(0, "We could not reach OjaPay. Check your connection and try again."));
    expect(await screen.findByText("We could not load this receipt.")).toBeInTheDocument();
    expect(screen.queryByText("We could not find that transaction.")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("a recharge card purchase's receipt", () => {
  const cards = { network: "MTN", denomination: 10_000, name_on_card: "Ade Stores" };
  const purchase = (overrides: Partial<Transaction>) =>
    transaction({
      reference: "OJA-CARD0001",
      kind: "recharge_pin",
      description: "2 × MTN ₦100 card for Ade Stores",
      product: "MTN ₦100 card",
      recipient: "Ade Stores",
      cards,
      ...overrides,
    });

  it("leads to the print page and the CSV rather than listing the cards, and names the name printed", async () => {
    await openReceipt(
      purchase({
        status: "successful",
        pins: [
          { pin: "1234567890123456", serial: "SN01", load_code: "*311*1234567890123456#" },
          { pin: "6543210987654321", serial: "SN02", load_code: "*311*6543210987654321#" },
        ],
      }),
    );
    const region = await screen.findByRole("region", { name: "Your 2 cards are ready to print" });
    expect(await within(region).findByRole("link", { name: "Print cards" })).toHaveAttribute(
      "href",
      "/app/recharge-pins/OJA-CARD0001/print",
    );
    expect(within(region).getByRole("button", { name: "Download CSV" })).toBeEnabled();
    expect(screen.queryByText("1234567890123456")).not.toBeInTheDocument();
    expect(fact("Type")).toHaveTextContent("Recharge cards");
    expect(fact("Name on the cards")).toHaveTextContent("Ade Stores");
  });

  it("says a pending purchase's cards can be printed once the provider confirms", async () => {
    await openReceipt(purchase({ status: "pending" }));
    expect(
      await screen.findByText(
        /Your cards can be printed from this receipt, and come to you by email, once it does/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Print cards" })).not.toBeInTheDocument();
  });
});
