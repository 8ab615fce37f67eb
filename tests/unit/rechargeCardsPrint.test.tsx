import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Transaction } from "../../schemas/transactions";
import { rechargeCardsCsv } from "../../src/pages/customer/recharge/rechargeCardsCsv";
import { csvField, csvText } from "../../src/text/csv";
import { customerProfile } from "../support/fixtures";
import { deliveredCards } from "../support/purchaseFixtures";
import { fakeCustomer } from "../support/renderApp";
import { heading, renderSignedIn } from "../support/signedIn";
import { transaction } from "../support/transactionFixtures";
// Compiled before the first test, so its waits are spent on the page and not on the compiler.
import "../../src/pages/customer/recharge/RechargeCardsPrintPage";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const cards = { network: "MTN", denomination: 10_000, name_on_card: "Mama Nkechi Stores" };

const rechargePurchase = (overrides: Partial<Transaction> = {}) =>
  transaction({
    reference: "OJA-CARDS001",
    kind: "recharge_pin",
    status: "successful",
    description: "30 × MTN ₦100 card for Mama Nkechi Stores",
    product: "MTN ₦100 card",
    recipient: "Mama Nkechi Stores",
    cards,
    pins: deliveredCards(30),
    ...overrides,
  });

async function openPrintPage(answer: Transaction) {
  const call = vi.fn(async (_reference: string) => answer);
  await renderSignedIn(
    `/app/recharge-pins/${answer.reference}/print`,
    customerProfile,
    undefined,
    fakeCustomer({ transaction: call }),
  );
  await heading("Print recharge cards");
  return call;
}

describe("the recharge cards' print page", () => {
  it("lays the cards out 24 to a sheet, each with the shop's name, network, value, PIN in fours, load code and serial", async () => {
    const call = await openPrintPage(rechargePurchase());
    const sheets = await screen.findAllByRole("list", { name: /^Cards \d+ to \d+$/ });
    expect(call).toHaveBeenCalledWith("OJA-CARDS001");
    expect(
      sheets.map((sheet) => [
        sheet.getAttribute("aria-label"),
        within(sheet).getAllByRole("listitem").length,
      ]),
    ).toEqual([
      ["Cards 1 to 24", 24],
      ["Cards 25 to 30", 6],
    ]);
    const first = within(sheets[0] as HTMLElement).getAllByRole("listitem")[0] as HTMLElement;
    const lines = [...first.children].map((line) => line.textContent);
    expect(lines).toEqual([
      "Mama Nkechi Stores",
      "MTN₦100",
      "PIN 5000123456789012",
      "Dial *311*5000123456789012#",
      "S/N SN0000000001",
    ]);
    // The PIN is read in groups of four.
    expect([...(first.children[2]?.children ?? [])].slice(1).map((g) => g.textContent)).toEqual([
      "5000",
      "1234",
      "5678",
      "9012",
    ]);
    expect(screen.getByText(/^30 cards: MTN ₦100, printed with “Mama Nkechi Stores”/)).toBeInTheDocument();
    expect(document.title).toBe("Print recharge cards · OjaPay");
  });

  it("prints with the browser's dialog, downloads the same cards as CSV, and leads back to the receipt", async () => {
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return "blob:cards";
      }),
      revokeObjectURL: vi.fn(),
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const purchase = rechargePurchase();
    await openPrintPage(purchase);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "Download CSV" }));
    expect(clicked[0]?.download).toBe("recharge-cards-OJA-CARDS001.csv");
    expect(await blobs[0]?.text()).toBe(rechargeCardsCsv(cards, purchase.pins ?? []));
    expect(screen.getByRole("link", { name: "Back to receipt" })).toHaveAttribute(
      "href",
      "/app/transaction-history/OJA-CARDS001",
    );
  });

  it("says a pending purchase's cards come once the provider confirms, and asks again on request", async () => {
    const call = await openPrintPage(rechargePurchase({ status: "pending", pins: undefined }));
    expect(await screen.findByText(/Your cards come here once the provider confirms/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Print" })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Check again" }));
    await waitFor(() => expect(call).toHaveBeenCalledTimes(2));
  });

  it("says so for a purchase that has no cards to print", async () => {
    await openPrintPage(transaction({ reference: "OJA-DATA0001", kind: "data", status: "successful" }));
    expect(await screen.findByText("This purchase has no recharge cards to print.")).toBeInTheDocument();
  });
});

describe("the cards' CSV", () => {
  it("has a line per card with its network, value in naira, PIN, serial, load code and the name", () => {
    expect(rechargeCardsCsv(cards, deliveredCards(2))).toBe(
      "network,value_naira,pin,serial,load_code,name_on_card\r\n" +
        "MTN,100.00,5000123456789012,SN0000000001,*311*5000123456789012#,Mama Nkechi Stores\r\n" +
        "MTN,100.00,5001123456789012,SN0000000002,*311*5001123456789012#,Mama Nkechi Stores\r\n",
    );
  });

  it("quotes a field with a comma, quote or line break, and keeps a spreadsheet from running a formula", () => {
    expect(csvField('Ade "Big" Stores, Ikeja')).toBe('"Ade ""Big"" Stores, Ikeja"');
    expect(csvField("two\r\nlines")).toBe('"two\r\nlines"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("@Ade")).toBe("'@Ade");
    expect(csvField("-25.50")).toBe("-25.50");
    expect(csvField("*311*123#")).toBe("*311*123#");
    expect(csvText(["a", "b"], [[1, "x,y"]])).toBe('a,b\r\n1,"x,y"\r\n');
  });
});
