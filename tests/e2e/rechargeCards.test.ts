import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Download, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phone } from "./support/browser";
import {
  type BrowserTest,
  laptop,
  screenshotWindow,
  settle,
  startBrowserTest,
  testAdmin,
} from "./support/browserTest";
import { fundedNewCustomer, payWithPin, tabTo } from "./support/customerFlows";
import { lookAt } from "./support/screenChecks";
import { consoleSignIn } from "./support/secondFactor";

// Recharge cards bought through the real server and the vendor's simulator, in Chromium: the wizard at
// a phone's width and a laptop's, the CSV, the receipt and the print page, on screen, in print media
// and as an A4 PDF, each screen run through axe; then the console's Recharge cards page. With
// SCREENSHOTS_DIR set, each step is saved as recharge-cards-*-<width>.png and the PDF beside them.

let test: BrowserTest;
let page: Page;

const customer = { first: "Nkechi", last: "Eze", email: "nkechi@example.com", password: "nkechi pass 7" };
const pin = "5284";
const shop = "Mama Nkechi Stores";
/** The simulator's test quantity that stays processing a while, then delivers (docs/PROVIDERS.md). */
const pendingQuantity = 97;

beforeAll(async () => {
  // CSP bypassed only so axe can be injected.
  test = await startBrowserTest({ SIMULATOR_LATENCY_MS: "100" }, { bypassCSP: true });
  page = await test.newPage(phone);
});

afterAll(() => test?.stop());

/** A step from the top of its page, at that page's width: the laptop's steps have a page of their own. */
const lookAtStep = (on: Page, name: string) =>
  lookAt(on, "recharge-cards", name, { asItIs: true, shown: "top" });

const csvOf = async (download: Download) => readFileSync((await download.path()) ?? "", "utf8");

/** The printed cards as their text reads: [business, head, pin, load, serial]. */
const cardsShown = (on: Page) =>
  on
    .locator(".printed-card")
    .evaluateAll((cards) => cards.map((card) => [...card.children].map((p) => p.textContent ?? "")));

describe("recharge cards in a real browser", () => {
  it("a new customer funds the wallet and opens the wizard from the dashboard", async () => {
    await fundedNewCustomer(page, test.app.base, test.mail, customer, pin, "40000");
    await page.goto(`${test.app.base}/app/dashboard`);
    const actions = page.getByRole("navigation", { name: "Quick actions" });
    await actions.waitFor();
    await lookAtStep(page, "dashboard");
    await actions.getByRole("link", { name: "Recharge cards" }).click();
    await page.getByRole("heading", { level: 1, name: "Recharge cards" }).waitFor();
  });

  it("buys 30 MTN ₦100 cards with the shop's name, and offers them to print and as CSV", async () => {
    await page.getByRole("group", { name: "Card value" }).waitFor();
    // The account's name is offered until the shop's is typed.
    expect(await page.getByLabel("Name on the cards").inputValue()).toBe("Nkechi Eze");
    await page.getByLabel("Network", { exact: true }).selectOption({ label: "MTN" });
    await page.getByRole("radio", { name: /₦100\b/ }).check();
    await page.getByLabel("How many cards").fill("101");
    await page.getByLabel("Name on the cards").fill(shop);
    await lookAtStep(page, "choose");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Buy 1 to 100 cards at a time.").waitFor();
    await page.getByLabel("How many cards").fill("30");
    await page.getByRole("button", { name: "Continue" }).click();

    const confirm = page.getByRole("region", { name: "Confirm your purchase" });
    await confirm.getByText(/^30 cards at ₦\d+(\.\d\d)? each$/).waitFor();
    await confirm.getByText(shop).waitFor();
    await lookAtStep(page, "confirm");
    await payWithPin(page, pin);

    await page.getByRole("heading", { name: "Purchase successful" }).waitFor();
    await page.getByRole("link", { name: "Print cards" }).waitFor();
    await lookAtStep(page, "done");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^recharge-cards-OJ\w+\.csv$/);
    const lines = (await csvOf(download)).split("\r\n");
    expect(lines[0]).toBe("network,value_naira,pin,serial,load_code,name_on_card");
    expect(lines).toHaveLength(32); // the header, 30 cards and the empty string after the last CRLF
    for (const line of lines.slice(1, 31)) {
      const [network, value, cardPin, , loadCode, name] = line.split(",");
      expect([network, value, name]).toEqual(["MTN", "100.00", shop]);
      expect(loadCode).toBe(`*311*${cardPin}#`);
    }

    await page.getByRole("link", { name: "View receipt" }).click();
    await page.getByRole("heading", { name: "Your 30 cards are ready to print" }).waitFor();
    await page.getByRole("link", { name: "Print cards" }).waitFor();
    await lookAtStep(page, "receipt");
  });

  it("prints the cards on A4 sheets of 24, black on white, none split between pages", async () => {
    await page.getByRole("link", { name: "Print cards" }).click();
    await page.getByRole("heading", { level: 1, name: "Print recharge cards" }).waitFor();
    await page.locator(".printed-card").first().waitFor();
    const cards = await cardsShown(page);
    expect(cards).toHaveLength(30);
    for (const [business, head, cardPin, load] of cards) {
      expect(business).toBe(shop);
      expect(head).toBe("MTN₦100");
      const digits = (cardPin ?? "").replace(/^PIN /, "");
      expect(load).toBe(`Dial *311*${digits}#`);
    }
    await lookAtStep(page, "print");

    const wide = await test.newPage(laptop, await page.context().storageState());
    await wide.goto(page.url());
    await wide.locator(".printed-card").first().waitFor();
    await lookAtStep(wide, "print");
    await wide.emulateMedia({ media: "print" });
    expect(await wide.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
    expect(await wide.getByRole("navigation").first().isVisible()).toBe(false);
    // Printed, each card is its own black on white, whatever the screen's theme.
    const colours = await wide
      .locator(".printed-card")
      .first()
      .evaluate((card) => [getComputedStyle(card).color, getComputedStyle(card).backgroundColor]);
    expect(colours).toEqual(["rgb(0, 0, 0)", "rgb(255, 255, 255)"]);
    await screenshotWindow(wide, "recharge-cards-print-media");

    const pdf = await wide.pdf({ format: "A4" });
    const dir = process.env.SCREENSHOTS_DIR;
    if (dir) writeFileSync(join(dir, "recharge-cards.pdf"), pdf);
    const pages = pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages).toHaveLength(2); // 24 cards, then 6
    await wide.emulateMedia({ media: "screen" });
  });

  it("chooses the cards by keyboard alone, as far as the confirm step", async () => {
    await page.goto(`${test.app.base}/app/recharge-pins`);
    await page.getByRole("group", { name: "Card value" }).waitFor();
    await tabTo(page, /^Network$/);
    await page.keyboard.press("ArrowDown"); // MTN, the first network
    await tabTo(page, /^₦100/);
    await page.keyboard.press("ArrowDown"); // ₦200: arrows move the choice within the group
    await tabTo(page, /^How many cards$/);
    await page.keyboard.press("Control+A");
    await page.keyboard.type("5");
    await tabTo(page, /^Name on the cards$/);
    await page.keyboard.press("Control+A");
    await page.keyboard.type(shop);
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("region", { name: "Confirm your purchase" });
    await confirm.getByText(/^5 cards at ₦\d+ each$/).waitFor();
    expect(await confirm.textContent()).toContain("₦200");
    await page.getByRole("button", { name: "Back" }).click();
  });

  it("says a pending purchase's cards come once the provider confirms", async () => {
    await page.goto(`${test.app.base}/app/recharge-pins`);
    await page.getByLabel("Network", { exact: true }).selectOption({ label: "Airtel" });
    await page.getByRole("radio", { name: /₦200\b/ }).check();
    await page.getByLabel("How many cards").fill(String(pendingQuantity));
    await page.getByLabel("Name on the cards").fill(shop);
    await page.getByRole("button", { name: "Continue" }).click();
    await payWithPin(page, pin);
    await page.getByRole("heading", { name: "Waiting for the provider" }).waitFor();
    await page
      .getByText(/Your cards are ready to print, and come to you by email, once the provider confirms/)
      .waitFor();
    await lookAtStep(page, "pending");
    const reference = (await page.getByText(/^Reference OJ/).textContent())?.replace("Reference ", "");
    await page.goto(`${test.app.base}/app/recharge-pins/${reference}/print`);
    await page.getByText(/Your cards come here once the provider confirms/).waitFor();
    await lookAtStep(page, "print-pending");
  });

  it("shows the choose, confirm and done steps at a laptop's width", async () => {
    const wide = await test.newPage(laptop, await page.context().storageState());
    await wide.goto(`${test.app.base}/app/dashboard`);
    await wide.getByRole("navigation", { name: "Quick actions" }).waitFor();
    await lookAtStep(wide, "dashboard");
    await wide.goto(`${test.app.base}/app/recharge-pins`);
    await wide.getByRole("group", { name: "Card value" }).waitFor();
    await wide.getByLabel("Network", { exact: true }).selectOption({ label: "GLO" });
    await wide.getByRole("radio", { name: /₦500\b/ }).check();
    await wide.getByLabel("How many cards").fill("2");
    await lookAtStep(wide, "choose");
    await wide.getByRole("button", { name: "Continue" }).click();
    await wide.getByRole("region", { name: "Confirm your purchase" }).waitFor();
    await lookAtStep(wide, "confirm");
    await payWithPin(wide, pin);
    await wide.getByRole("link", { name: "Print cards" }).waitFor();
    await lookAtStep(wide, "done");
    await wide.getByRole("link", { name: "View receipt" }).click();
    await wide.getByRole("heading", { name: "Your 2 cards are ready to print" }).waitFor();
    await wide.getByRole("link", { name: "Print cards" }).waitFor();
    await lookAtStep(wide, "receipt");
  });

  it("lists the cards in the console, and the purchase's page shows each card's load code", async () => {
    const admin = await test.newPage(laptop);
    await consoleSignIn(admin, test.app.base, testAdmin);
    await admin
      .getByRole("navigation", { name: "Admin menu" })
      .getByRole("link", { name: "Recharge cards", exact: true })
      .click();
    await settle(admin);
    const rows = admin.locator("table.plan-table tbody tr");
    await expect.poll(() => rows.count()).toBe(16);
    await lookAtStep(admin, "console");
    await admin.setViewportSize({ width: 360, height: 740 });
    await lookAtStep(admin, "console");
    await admin.setViewportSize(laptop.viewport);

    await admin
      .getByRole("navigation", { name: "Admin menu" })
      .getByRole("link", { name: "Recharge card transactions" })
      .click();
    await settle(admin);
    await admin.locator("table.transactions-table tbody tr a").first().click();
    await admin.getByRole("heading", { name: "PINs delivered" }).waitFor();
    await admin.getByRole("columnheader", { name: "Load code" }).waitFor();
    await lookAtStep(admin, "console-purchase");
    await admin.getByRole("heading", { name: "PINs delivered" }).scrollIntoViewIfNeeded();
    await screenshotWindow(admin, "recharge-cards-console-pins");
  });
});
