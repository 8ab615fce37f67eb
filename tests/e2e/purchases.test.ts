import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phone } from "./support/browser";
import { type BrowserTest, startBrowserTest } from "./support/browserTest";
import {
  checkedMeter,
  fundByTransfer,
  fundThroughCheckout,
  newCustomer,
  payWithPin,
} from "./support/customerFlows";

let test: BrowserTest;
let page: Page;

beforeAll(async () => {
  // A little provider latency so "buying" shows; quick requeries so a pending purchase settles in seconds.
  test = await startBrowserTest(
    { SIMULATOR_LATENCY_MS: "300", REQUERY_INTERVAL_MS: "300", REQUERY_BASE_DELAY_MS: "500" },
    { firstAdmin: false },
  );
  page = await test.newPage(phone);
});

afterAll(() => test?.stop());

const pin = "4826";
const firstSteps = () => page.getByRole("region", { name: "Before your first purchase" });
const result = () =>
  page.getByRole("region", { name: /^(Purchase successful|Purchase failed|Waiting for the provider)$/ });

/** The balance as the dashboard shows it, once the customer has chosen to see it. */
async function balance(): Promise<string> {
  await page.goto(`${test.app.base}/app/dashboard`);
  const card = page.getByRole("region", { name: "Wallet balance" });
  const show = card.getByRole("button", { name: "Show balance" });
  await card.getByRole("button", { name: /^(Show|Hide) balance$/ }).waitFor();
  if (await show.isVisible()) await show.click();
  const amount = card.locator(".balance-amount");
  await expect.poll(() => amount.textContent()).toMatch(/^₦[\d,]+\.\d{2}$/);
  return (await amount.textContent()) ?? "";
}

describe("a customer's money in a real browser", () => {
  it("shows a new customer the first steps, then funds ₦5,000 through Paystack's checkout, with the simulated bar on every page", async () => {
    await newCustomer(page, test.app.base, test.mail, {
      first: "Zainab",
      last: "Musa",
      email: "zainab@example.com",
      password: "zainab password 5",
    });
    // A new account has no transaction PIN: the dashboard says so before any wizard asks for one.
    const steps = firstSteps();
    await steps.getByRole("link", { name: "Fund your wallet" }).waitFor();
    await steps.getByRole("button", { name: "Set your PIN" }).waitFor();
    await fundThroughCheckout(page, test.app.base, "₦5,000");
    await page.getByText("₦5,000.00 has been added to your wallet.").waitFor();
    await page.getByRole("note").getByText("Simulated payments and deliveries: no real money").waitFor();
    expect(await balance()).toBe("₦5,000.00");
    await firstSteps().getByText("Wallet funded ✓").waitFor();
  });

  it("buys airtime with the network's discount shown, setting the first PIN in place at the confirm step", async () => {
    await page.goto(`${test.app.base}/app/airtime-vtu`);
    await page.getByLabel("Phone number").fill("08031234567");
    expect(await page.getByLabel("Network").inputValue()).toBe("1");
    await page.getByLabel("Amount (₦)").fill("500");
    await page.getByRole("button", { name: "Continue" }).click();
    const summary = page.getByRole("region", { name: "Confirm your purchase" });
    await summary.getByText("−₦10.00").waitFor();
    expect(await summary.locator(".summary-total").textContent()).toBe("Total₦490.00");
    expect(await summary.getByRole("textbox", { name: "Transaction PIN" }).count()).toBe(0);
    const seen = test.mail.count("zainab@example.com");
    await summary.getByRole("button", { name: "Set your PIN" }).click();
    const otp = page.getByRole("dialog", { name: "Set your transaction PIN" });
    await otp.getByLabel("Code (OTP)").fill(await test.mail.nextCode("zainab@example.com", seen));
    await otp.getByLabel("PIN", { exact: true }).fill(pin);
    await otp.getByRole("button", { name: "Verify" }).click();
    await otp.waitFor({ state: "detached" });
    // The same purchase, still on its step, now asks for the PIN just set.
    expect(await summary.locator(".summary-total").textContent()).toBe("Total₦490.00");
    await payWithPin(page, pin);
    await page.getByRole("heading", { name: "Purchase successful" }).waitFor();
    await page.goto(`${test.app.base}/app/dashboard`);
    await page.getByRole("region", { name: "Wallet balance" }).waitFor();
    expect(await firstSteps().count()).toBe(0);
  });

  it("buys a data plan", async () => {
    await page.goto(`${test.app.base}/app/data-subscriptions`);
    await page.getByLabel("Phone number").fill("08031234567");
    await page.getByRole("radio", { name: /1GB\s*1 day · Network plan\s*₦500/ }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await payWithPin(page, pin);
    await page.getByRole("heading", { name: "Purchase successful" }).waitFor();
  });

  it("draws the data plans stored on the last visit at once, while today's are still on their way", async () => {
    // Today's catalogue is held back: what shows meanwhile can only come from local storage.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/core/customer/fetch/data/**", async (route) => {
      await held;
      // A request the page gave up on meanwhile (it navigated) has nothing left to continue.
      await route.continue().catch(() => {});
    });
    try {
      await page.goto(`${test.app.base}/app/data-subscriptions`);
      // The number picks MTN, whose plans then show: the stored ones.
      await page.getByLabel("Phone number").fill("08031234567");
      await page.getByRole("radio", { name: /1GB\s*1 day · Network plan\s*₦500/ }).check();
      expect(await page.evaluate(() => localStorage.getItem("dataPlans"))).toContain("1GB");
      // Continued before today's came: it waits for them, and buys nothing from the stored ones.
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByText("Checking today's prices…").waitFor();
    } finally {
      release();
      await page.unroute("**/api/core/customer/fetch/data/**");
    }
    // The same prices today: on to the PIN, where Back leaves it unbought.
    await page.getByRole("button", { name: /^Pay ₦500/ }).waitFor();
    await page.getByRole("button", { name: "Back" }).click();
  });

  it("buys prepaid electricity after verifying the meter, and shows the token", async () => {
    await checkedMeter(page, test.app.base, "45071234567");
    await page
      .getByRole("region", { name: "Confirm your purchase" })
      .getByText("₦1,100.00")
      .first()
      .waitFor();
    await payWithPin(page, pin);
    await page.getByRole("heading", { name: "Purchase successful" }).waitFor();
    const token = await page.locator(".token").textContent();
    expect(token).toMatch(/^\d{4} \d{4} \d{4} \d{4} \d{4}$/);
  });

  it("shows a failing number's failure and gives the money back", async () => {
    const before = await balance();
    await page.goto(`${test.app.base}/app/airtime-vtu`);
    await page.getByLabel("Phone number").fill("08030000000");
    await page.getByLabel("Amount (₦)").fill("200");
    await page.getByRole("button", { name: "Continue" }).click();
    await payWithPin(page, pin);
    await page.getByRole("heading", { name: "Purchase failed" }).waitFor();
    await result().getByText("Your ₦196.00 is back in your wallet.").waitFor();
    expect(await balance()).toBe(before);
    expect(before).toBe("₦2,910.00");
  });

  it("shows a pending purchase as pending, then as successful once the provider confirms", async () => {
    await page.goto(`${test.app.base}/app/airtime-vtu`);
    await page.getByLabel("Phone number").fill("08031111111");
    await page.getByLabel("Amount (₦)").fill("100");
    await page.getByRole("button", { name: "Continue" }).click();
    await payWithPin(page, pin);
    await page.getByRole("heading", { name: "Waiting for the provider" }).waitFor();
    await result()
      .getByText(/Your ₦98\.00 is held, not lost/)
      .waitFor();
    // The requery worker asks twice; the customer checks again until it has.
    await expect
      .poll(
        async () => {
          const again = page.getByRole("button", { name: "Check again" });
          if (await again.isVisible()) await again.click();
          return page.getByRole("heading", { name: "Purchase successful" }).isVisible();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(true);
  });

  it("buys a DStv bouquet after verifying the smartcard, with money sent to the customer's account number", async () => {
    const before = await balance();
    await fundByTransfer(page, test.app.base, "5000");
    await expect.poll(() => balance(), { timeout: 20_000 }).not.toBe(before);
    expect(await balance()).toBe("₦7,812.00");
    await page.goto(`${test.app.base}/app/cable-subscriptions`);
    await page.getByLabel("TV provider").selectOption({ label: "DStv" });
    await page.getByLabel("Bouquet").selectOption({ label: "DStv Padi: ₦4,400" });
    await page.getByLabel("Smartcard number").fill("7023456789");
    await page.getByLabel("Phone number").fill("08031234567");
    await page.getByRole("button", { name: "Check smartcard" }).click();
    await page.getByRole("heading", { name: "Is this the right customer?" }).waitFor();
    // VTpass writes the bouquet's price into its name ("DStv Padi N4400"): shown as naira.
    const current = page.locator(".summary div", { hasText: "Current bouquet" }).locator("dd");
    expect(await current.textContent()).toMatch(/^DStv [A-Za-z ]+[a-z], ₦[\d,]+$/);
    await page.getByRole("button", { name: "Yes, continue" }).click();
    await page.getByRole("region", { name: "Confirm your purchase" }).getByText("Service fee").waitFor();
    await payWithPin(page, pin);
    await page.getByRole("heading", { name: "Purchase successful" }).waitFor();
  });

  it("shows every transaction in the history, with the right balances", async () => {
    expect(await balance()).toBe("₦3,312.00");
    await page.goto(`${test.app.base}/app/transaction-history`);
    const rows = page.locator("main a[href*='/transaction-history/']");
    // Two fundings (card, transfer) and six purchases: airtime, data, electricity, the failed and the
    // pending airtime, DStv.
    await expect.poll(() => rows.count()).toBe(8);
    const texts = await rows.allTextContents();
    expect(texts.filter((t) => /Successful/.test(t))).toHaveLength(7);
    expect(texts.filter((t) => /Failed/.test(t))).toHaveLength(1);
    // The newest, the DStv bouquet: its receipt shows the balance before and after.
    await rows.first().click();
    await page.getByRole("heading", { name: "Receipt" }).waitFor();
    await page.locator("main").getByText("DStv Padi").first().waitFor();
    const receipt = await page.locator("main").textContent();
    expect(receipt).toContain("DStv Padi");
    expect(receipt).toContain("₦7,812.00");
    expect(receipt).toContain("₦3,312.00");
  });
});
