import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { laptop, screenshotWindow, settle, startBrowserTest, testAdmin } from "./support/browserTest";
import { fundThroughCheckout, newCustomer, setPin } from "./support/customerFlows";
import { consoleSignIn } from "./support/secondFactor";

// Exam PINs in the console against the built app and a real server, at 1280 and 360 px: the
// catalogue page, its editor refusing JAMB's price above its face value, and an exam PIN purchase in
// its list and on its own page. With SCREENSHOTS_DIR set, each is saved as exam-pins-*-<width>.png.

const customer = { first: "Kemi", last: "Ade", email: "kemi@example.com", password: "kemi password 4" };
const pin = "5093";
// Two PINs as the vendors deliver them, for the purchase's page (see "its own page" below).
const delivered = [
  { pin: "482910375561", serial: "NRC182736451" },
  { pin: "593021486672", serial: "NRC182736452" },
];

let test: Awaited<ReturnType<typeof startBrowserTest>>;
let adminPage: Page;
let customerPage: Page;

beforeAll(async () => {
  test = await startBrowserTest();
  adminPage = await test.newPage(laptop);
  customerPage = await test.newPage();
});

afterAll(() => test?.stop());

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The page at both widths: nothing wider than the window, and saved when SCREENSHOTS_DIR is set. */
async function atBothWidths(page: Page, name: string, check: () => Promise<void> = async () => {}) {
  for (const viewport of [laptop.viewport, { width: 360, height: 740 }]) {
    await page.setViewportSize(viewport);
    await check();
    expect(await noSidewaysScroll(page), `${name} at ${viewport.width}`).toBe(true);
    await screenshotWindow(page, `exam-pins-${name}`);
  }
  await page.setViewportSize(laptop.viewport);
}

/** Buys two NECO result checkers as the customer's own session would, through the API the wizard calls. */
async function buyNecoPins(): Promise<{ reference: string; id: string }> {
  return customerPage.evaluate(async (pin) => {
    const token = localStorage.getItem("token") ?? "";
    const products = await (
      await fetch("/api/core/customer/fetch/exam-pins/", { headers: { Authorization: `Bearer ${token}` } })
    ).json();
    const neco = products.data.find((p: { name: string }) => p.name === "NECO Result Checker");
    const answer = await fetch("/api/core/customer/exam-pins/", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        product: neco.id,
        quantity: 2,
        phone: "08031234567",
        pin,
        request_id: crypto.randomUUID(),
      }),
    });
    const body = await answer.json();
    return { reference: body.data.reference, id: body.data.id };
  }, pin);
}

describe("exam PINs in the console, in a real browser", () => {
  it("lists the exam PINs, and the editor says JAMB's price rule under the price", async () => {
    await consoleSignIn(adminPage, test.app.base, testAdmin);
    await adminPage
      .getByRole("navigation", { name: "Admin menu" })
      .getByRole("link", { name: "Exam PINs" })
      .click();
    await settle(adminPage);
    const rows = adminPage.locator("table.plan-table tbody tr");
    await expect.poll(() => rows.count()).toBe(7);
    expect(await rows.first().locator("td").first().textContent()).toBe("WAEC Result Checker");
    await atBothWidths(adminPage, "catalogue");

    await adminPage.getByRole("button", { name: "Edit JAMB UTME PIN (without mock)" }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Edit JAMB UTME PIN (without mock)" });
    await dialog.getByLabel("Price").fill("6,300");
    await dialog.getByRole("button", { name: "Save exam PIN" }).click();
    const refusal = "JAMB's PINs may not be sold above JAMB's own price: at most ₦6,200.00.";
    await dialog.getByText(refusal).waitFor();
    expect(await dialog.getByLabel("Price").getAttribute("aria-invalid")).toBe("true");
    // Its offers are in the same dialog: VTpass sells it.
    await dialog.getByRole("heading", { name: "Who sells JAMB UTME PIN (without mock)" }).waitFor();
    // The offers' table, a real one at 1280, fits the dialog: its last button is inside it.
    const remove = dialog.getByRole("button", { name: /^Remove VTpass's offer/ });
    const [button, box] = [await remove.boundingBox(), await dialog.boundingBox()];
    expect(button && box && button.x + button.width <= box.x + box.width).toBe(true);
    await atBothWidths(adminPage, "editor", () => dialog.getByText(refusal).scrollIntoViewIfNeeded());
    await dialog.getByRole("button", { name: "Close" }).click();
  });

  it("lists an exam PIN purchase under its own kind, and its page shows the PINs to staff without a Refund", async () => {
    await newCustomer(customerPage, test.app.base, test.mail, customer);
    await setPin(customerPage, test.app.base, test.mail, customer.email, pin);
    await fundThroughCheckout(customerPage, test.app.base, "₦5,000");
    const bought = await buyNecoPins();

    await adminPage.goto(`${test.app.base}/admin/exam-pin-transactions`);
    await settle(adminPage);
    await adminPage.getByRole("heading", { level: 1, name: "Exam PIN transactions" }).waitFor();
    const row = adminPage.getByRole("row").filter({ hasText: bought.reference });
    await row.waitFor();
    expect(await row.textContent()).toContain("₦2,800.00");
    await atBothWidths(adminPage, "transactions", () => row.scrollIntoViewIfNeeded());

    // Until the simulators sell exam PINs the purchase waits on the provider; the page is shown here
    // as staff see one that delivered: the server's own answer with two PINs, as a delivered one has.
    await adminPage.route(`**/api/core/staff/transaction/${bought.id}/`, async (route) => {
      const answer = await route.fetch();
      const body = await answer.json();
      body.data = { ...body.data, status: "successful", pins: delivered, can_refund: false };
      await route.fulfill({ response: answer, json: body });
    });
    await row.getByRole("link", { name: bought.reference }).click();
    await settle(adminPage);
    const pins = adminPage.getByRole("region", { name: "PINs delivered" });
    await pins.waitFor();
    expect(await pins.textContent()).toContain("Staff see these PINs to help the buyer.");
    for (const card of delivered) {
      expect(await pins.getByText(card.pin).isVisible()).toBe(true);
      expect(await pins.getByText(card.serial).isVisible()).toBe(true);
    }
    expect(await adminPage.getByRole("button", { name: "Refund" }).count()).toBe(0);
    await atBothWidths(adminPage, "detail", () => pins.scrollIntoViewIfNeeded());
  });
});
