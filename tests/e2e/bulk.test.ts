import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phone } from "./support/browser";
import { type BrowserTest, startBrowserTest } from "./support/browserTest";
import { fundedNewCustomer, payWithPin, tabTo } from "./support/customerFlows";
import { lookAt } from "./support/screenChecks";

// Bulk top-up through the real server, its batch worker and the VTpass simulator, in Chromium: five
// numbers pasted (one the README's failing number, ending 0000), a bad line shown on its row, fixed and
// checked again, bought with the PIN, followed to the end, and the results downloaded as CSV. Each
// step is looked at 360px and 1280px wide (SCREENSHOTS_DIR keeps pictures) and run through axe.

let test: BrowserTest;
let page: Page;

const customer = { first: "Emeka", last: "Nwosu", email: "emeka@example.com", password: "emeka pass 42" };
const pin = "6283";
const numbers = ["08011111111", "08022222221, GLO, 200", "08033333331", "08044440000", "08055555551"];

beforeAll(async () => {
  // Slow answers, so the batch is seen running; CSP bypassed only so axe can be injected.
  test = await startBrowserTest({ SIMULATOR_LATENCY_MS: "1500" }, { firstAdmin: false, bypassCSP: true });
  page = await test.newPage(phone);
}, 120_000);

afterAll(() => test?.stop());

describe("bulk top-up in a real browser", () => {
  it("a new customer sets a PIN, funds the wallet and opens Bulk top-up from the dashboard", async () => {
    await fundedNewCustomer(page, test.app.base, test.mail, customer, pin, "20000");
    await page.goto(`${test.app.base}/app/dashboard`);
    await page
      .getByRole("navigation", { name: "Quick actions" })
      .getByRole("link", { name: "Bulk top-up" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Bulk top-up" }).waitFor();
  }, 120_000);

  it("pastes the list by keyboard alone, shows a bad line on its row, and checks it again once fixed", async () => {
    await page.getByLabel("Phone numbers").waitFor();
    await tabTo(page, /^Network$/);
    await page.keyboard.press("ArrowDown"); // MTN, the first network
    await tabTo(page, /^Amount for each/);
    await page.keyboard.type("100");
    await tabTo(page, /^Phone numbers$/);
    await page.keyboard.insertText([...numbers, "0801234"].join("\n"));
    await lookAt(page, "bulk", "paste", { shown: page.getByLabel("Phone numbers") });
    await tabTo(page, /^Check$/);
    await page.keyboard.press("Enter");
    const table = page.getByRole("region", { name: "Checked list" });
    const bad = table.getByRole("row").filter({ hasText: "0801234" }).filter({ hasNotText: "08012345" });
    await expect.poll(() => bad.textContent()).toMatch(/Nigerian mobile number/);
    expect(await page.getByRole("button", { name: "Buy all" }).count()).toBe(0);
    expect(await table.getByText("To fix")).toBeTruthy();
    await lookAt(page, "bulk", "preview-error", { shown: bad });
    // Fixed in the text, checked again.
    await page.getByLabel("Phone numbers").fill(numbers.join("\n"));
    await expect.poll(() => table.getByText(/The list has changed/).count()).toBe(1);
    await page.getByRole("button", { name: "Check" }).click();
    await page.getByRole("button", { name: "Buy all" }).waitFor();
    expect(await table.locator("tbody tr").count()).toBe(5);
    await expect.poll(() => table.textContent()).toMatch(/GLO/);
    expect(await table.locator(".summary-total dd").textContent()).toMatch(/^₦/);
  }, 90_000);

  it("buys all with the PIN, follows the batch at its own address to the end, and downloads the results", async () => {
    await page.getByRole("button", { name: "Buy all" }).click();
    await lookAt(page, "bulk", "pin", { shown: page.getByRole("textbox", { name: "Transaction PIN" }) });
    await payWithPin(page, pin);
    await page.waitForURL(/\/app\/bulk\/[0-9a-f-]{36}$/);
    const batchUrl = page.url();
    const bar = page.locator("progress");
    await bar.waitFor();
    expect(await bar.getAttribute("max")).toBe("5");
    await lookAt(page, "bulk", "progress", { shown: bar });
    // Leaving and coming back shows the same batch.
    await page.goto(`${test.app.base}/app/dashboard`);
    await page.goto(batchUrl);
    const results = page.getByRole("region", { name: /finished$/ });
    await results.waitFor({ timeout: 90_000 }).catch(async (error: Error) => {
      // Say what the page showed instead: the batch stuck, or the page.
      throw new Error(`${error.message}\nThe page showed: ${await page.locator("main").innerText()}`);
    });
    expect(await page.locator("progress").getAttribute("value")).toBe("5");
    const rows = results.locator("tbody tr");
    expect(await rows.count()).toBe(5);
    await expect.poll(() => rows.filter({ hasText: "08044440000" }).textContent()).toMatch(/Failed|Refunded/);
    const receipt = rows.filter({ hasText: "08011111111" }).getByRole("link", { name: "Successful" });
    expect(await receipt.getAttribute("href")).toMatch(/^\/app\/transaction-history\/.+/);
    await lookAt(page, "bulk", "results", { shown: rows.filter({ hasText: "08044440000" }) });

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download results (CSV)" }).click(),
    ]);
    const csv = readFileSync((await download.path()) as string, "utf8").split("\r\n");
    expect(csv[0]).toBe("phone,what,price_naira,status,reference,message");
    expect(csv).toHaveLength(7);
    expect(csv.find((line) => line.startsWith("08011111111,"))).toMatch(/,successful,OJA\w+,$/);
    expect(csv.find((line) => line.startsWith("08044440000,"))).toMatch(/,(failed|refunded),/);

    await receipt.click();
    await page.waitForURL(/\/app\/transaction-history\//);
  }, 150_000);
});
