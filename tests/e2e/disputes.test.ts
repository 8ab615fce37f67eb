import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phone } from "./support/browser";
import { type BrowserTest, laptop, startBrowserTest, testAdmin } from "./support/browserTest";
import { fundedNewCustomer, payWithPin } from "./support/customerFlows";
import { lookAt } from "./support/screenChecks";
import { consoleSignIn } from "./support/secondFactor";

// "Report a problem" end to end: a customer at a phone's width reports a delivered airtime purchase
// from its receipt (a dialog that keeps focus, closes on Escape, says each refusal beside its field,
// and a second report's 409 in place); staff at a laptop's width find it in the Disputes queue with
// its deadline, resolve it, and see the dashboard's count; the customer's receipt then says how it ended.

let test: BrowserTest;
let page: Page;
let receiptUrl = "";

const customer = { first: "Amaka", last: "Nwosu", email: "amaka@example.com", password: "amaka pass 74" };
const pin = "4826";

beforeAll(async () => {
  test = await startBrowserTest({ SIMULATOR_LATENCY_MS: "100" }, { bypassCSP: true });
  page = await test.newPage(phone);
});

afterAll(() => test?.stop());

const focusedInDialog = (on: Page) =>
  on.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

describe("disputes in a real browser", () => {
  it("a customer buys airtime and opens its receipt", async () => {
    await fundedNewCustomer(page, test.app.base, test.mail, customer, pin, "5000");
    await page.goto(`${test.app.base}/app/airtime-vtu`);
    await page.getByLabel("Phone number").fill("08031234567");
    await page.getByLabel("Amount (₦)").fill("100");
    await page.getByRole("button", { name: "Continue" }).click();
    await payWithPin(page, pin);
    await page.getByRole("heading", { name: "Purchase successful" }).waitFor();
    await page.getByRole("link", { name: "View receipt" }).click();
    await page.getByRole("heading", { level: 1, name: "Receipt" }).waitFor();
    await page.getByRole("heading", { name: "Something wrong?" }).waitFor();
    receiptUrl = page.url();
  });

  it("reports a problem by keyboard, the dialog holding focus and saying each refusal beside its field", async () => {
    const report = page.getByRole("button", { name: "Report a problem" });
    await report.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Report a problem" });
    await dialog.waitFor();
    expect(await focusedInDialog(page)).toBe(true);
    // Escape closes it, and focus goes back to the button that opened it.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await report.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press("Enter");
    await dialog.waitFor();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("Tab");
      expect(await focusedInDialog(page), "Tab left the dialog").toBe(true);
    }
    await dialog.getByRole("button", { name: "Report the problem" }).click();
    await dialog.getByText("Choose what went wrong.").waitFor();
    await dialog.getByText("Say what happened, in a few words.").waitFor();
    expect(await dialog.getByText("Choose what went wrong.").count()).toBe(1);
    await lookAt(page, "disputes", "report-refused", { asItIs: true });

    await dialog.getByLabel("Nothing arrived").check();
    await dialog.getByLabel("What happened").fill("The recharge never reached my line.");
    await dialog.getByRole("button", { name: "Report the problem" }).click();
    await dialog.waitFor({ state: "detached" });
    const section = page.getByRole("region", { name: "Reported problem" });
    await section.getByText("Staff are looking into it").waitFor();
    await section.getByText("Answer by").waitFor();
    expect(await page.getByRole("button", { name: "Report a problem" }).count()).toBe(0);
    await lookAt(page, "disputes", "reported", { asItIs: true, shown: section });
  });

  it("says a second report of the same purchase, from a page opened before, in its dialog", async () => {
    const before = await page.context().newPage();
    // A receipt open since before the report: its button still shows, and the server says 409.
    await before.route(
      (url) => /\/customer\/transactions\/[^/]+\/dispute\/?$/.test(url.pathname),
      async (route) =>
        route.request().method() === "GET"
          ? route.fulfill({ json: { status: true, msg: "Dispute retrieved.", data: null } })
          : route.continue(),
    );
    await before.goto(receiptUrl);
    await before.getByRole("button", { name: "Report a problem" }).click();
    const dialog = before.getByRole("dialog", { name: "Report a problem" });
    await dialog.getByLabel("Something else").check();
    await dialog.getByLabel("What happened").fill("Still nothing.");
    await dialog.getByRole("button", { name: "Report the problem" }).click();
    await dialog.getByText("You have already reported this purchase: staff are looking into it.").waitFor();
    expect(await before.getByText("You have already reported this purchase").count()).toBe(1);
    await before.close();
  });

  it("staff find it in the Disputes queue with its deadline, resolve it, and the dashboard counts it", async () => {
    const staff = await test.newPage(laptop);
    await consoleSignIn(staff, test.app.base, testAdmin);
    await staff.getByRole("heading", { level: 2, name: "Disputes" }).waitFor();
    await staff
      .getByRole("navigation", { name: "Admin menu" })
      .getByRole("link", { name: "Disputes" })
      .click();
    await staff.getByRole("heading", { level: 1, name: "Disputes" }).waitFor();
    const record = staff.locator("article.dispute").first();
    await record.getByText("Nothing arrived").waitFor();
    await record.getByText("Answer by").waitFor();
    await record.getByText(/^Delivered/).waitFor();
    await lookAt(staff, "disputes", "queue", { asItIs: true });

    await record.getByRole("button", { name: "Resolve" }).click();
    const dialog = staff.getByRole("dialog");
    await dialog.getByLabel("Reject: the provider delivered").check();
    await dialog.getByRole("button", { name: "Resolve" }).click();
    await dialog.getByText("Say why the report is rejected: the customer reads it.").waitFor();
    await lookAt(staff, "disputes", "resolve-refused", { asItIs: true });
    await dialog.getByLabel("Note to the customer").fill("MTN shows the airtime delivered at 14:02.");
    await dialog.getByRole("button", { name: "Resolve" }).click();
    await dialog.waitFor({ state: "detached" });
    await staff.getByText("No open disputes.").waitFor();
    await staff.getByLabel("Show").selectOption("closed");
    await staff.getByText("MTN shows the airtime delivered at 14:02.").waitFor();

    await staff
      .getByRole("navigation", { name: "Admin menu" })
      .getByRole("link", { name: "Dashboard" })
      .click();
    const card = staff.getByRole("region", { name: "Disputes" });
    await card.getByText("Past their deadline").waitFor();
    expect(await card.locator("dd").allTextContents()).toEqual(["0", "0"]);
  });

  it("the customer's receipt says how it ended, with the staff's note", async () => {
    await page.goto(receiptUrl);
    const section = page.getByRole("region", { name: "Reported problem" });
    await section.getByText("Closed: the provider delivered it").waitFor();
    await section.getByText("MTN shows the airtime delivered at 14:02.").waitFor();
    await lookAt(page, "disputes", "rejected", { asItIs: true, shown: section });
  });
});
