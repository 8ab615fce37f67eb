import { createHmac } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebhookReceiver } from "../server/support/webhookReceiver";
import { phone } from "./support/browser";
import { type BrowserTest, startBrowserTest, testAdmin } from "./support/browserTest";
import { fundThroughCheckout, newCustomer } from "./support/customerFlows";
import { consoleSignIn } from "./support/secondFactor";

// A reseller's first key, end to end: an admin raises the customer to the Reseller level and KYC
// tier 2 in the console; the customer makes a key on the Developer page with a webhook URL at an
// https receiver this test runs, copies the key shown once, sends a test event and sees it delivered;
// then a script buys airtime with the key through /reseller/api/ and that purchase's webhook arrives,
// signed, and shows in the deliveries. With SCREENSHOTS_DIR set, the page and the shown-once modal
// are saved at 360 and 1280 px.

const admin = testAdmin;
const customer = { first: "Bola", last: "Ade", email: "bola@example.com", password: "bola password 3" };
const screenshotsDir = process.env.SCREENSHOTS_DIR;

let test: BrowserTest;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let certDir: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // The app's process must trust the receiver's certificate, and may post to 127.0.0.1.
  certDir = mkdtempSync(join(tmpdir(), "ojapay-hook-ca-"));
  writeFileSync(join(certDir, "ca.pem"), receiver.cert);
  test = await startBrowserTest({
    NODE_EXTRA_CA_CERTS: join(certDir, "ca.pem"),
    WEBHOOK_ALLOW_PRIVATE: "true",
    REQUERY_INTERVAL_MS: "500",
  });
}, 120_000);

afterAll(async () => {
  await test?.stop();
  await receiver?.close();
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

async function newPage(options: object): Promise<Page> {
  const page = await test.newPage(options);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  return page;
}

/** The admin sets the customer's level to Reseller and their KYC tier to 2 on the user's page. */
async function makeReseller(page: Page) {
  await consoleSignIn(page, test.app.base, admin);
  await page.goto(`${test.app.base}/admin/manage-users?search=${encodeURIComponent(customer.email)}`);
  await page.getByRole("link", { name: `${customer.first} ${customer.last}` }).click();
  await page.getByRole("heading", { level: 1, name: `${customer.first} ${customer.last}` }).waitFor();
  await page.getByLabel("Price level").selectOption("reseller");
  await page.getByRole("button", { name: "Save changes" }).click();
  await page
    .getByText(/saved|updated/i)
    .first()
    .waitFor();
  const kyc = page.locator("section[aria-labelledby=user-kyc]");
  await kyc.getByLabel("New tier").selectOption("2");
  await kyc.getByLabel("Reason").fill("Reseller agreement signed and ID checked in person");
  await kyc.getByRole("button", { name: "Continue" }).click();
  await page
    .getByRole("dialog", { name: /to tier 2\?$/ })
    .getByRole("button", { name: "Move to tier 2" })
    .click();
  await page.getByRole("dialog").waitFor({ state: "detached" });
}

/**
 * The page whole, in a window as tall as it, as the layout test saves its pictures; a modal as the
 * window shows it (in a window the page's height it would sit halfway down).
 */
async function screenshot(page: Page, name: string) {
  if (!screenshotsDir) return;
  mkdirSync(screenshotsDir, { recursive: true });
  const view = page.viewportSize() ?? { width: 0, height: 0 };
  if (name.endsWith("shown-once"))
    return page.screenshot({
      path: join(screenshotsDir, `${name}-${view.width}.png`),
      animations: "disabled",
    });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: view.width, height: Math.max(view.height, height) });
  await page.screenshot({ path: join(screenshotsDir, `${name}-${view.width}.png`), animations: "disabled" });
  await page.setViewportSize(view);
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe("the Developer page in a real browser", () => {
  let page: Page;
  let key = "";
  let signingSecret = "";

  it("explains the way to keys to a plain customer, then the admin makes them a reseller at tier 2", async () => {
    page = await newPage(phone);
    await newCustomer(page, test.app.base, test.mail, customer);
    await fundThroughCheckout(page, test.app.base, "₦5,000");
    await page.goto(`${test.app.base}/app/developer`);
    await page.getByRole("region", { name: "Sell from your own website or app" }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);

    await makeReseller(await newPage({ viewport: { width: 1280, height: 800 } }));
  }, 180_000);

  it("makes a key with a webhook URL, shows it once with copy buttons, and lists it without it", async () => {
    await page.goto(`${test.app.base}/app/developer`);
    await page.getByRole("button", { name: "Menu" }).click();
    await page
      .getByRole("navigation", { name: "Customer menu" })
      .getByRole("link", { name: "Developer" })
      .waitFor();
    await page.keyboard.press("Escape");
    const form = page.getByRole("region", { name: "Create a key" });
    await form.getByLabel("Name").fill("My shop");
    await form.getByLabel("Webhook URL (optional)").fill(receiver.url);
    await form.getByLabel("Daily spending cap in ₦ (optional)").fill("20,000");
    await form.getByRole("button", { name: "Create key" }).click();

    const shown = page.getByRole("dialog", { name: "Your new key “My shop”" });
    await shown.getByText("Copy both now: they are not shown again.").waitFor();
    key = await shown.getByLabel("API key").inputValue();
    signingSecret = await shown.getByLabel("Webhook signing secret").inputValue();
    expect(key).toMatch(/^ojk_[0-9A-Za-z]{12}_[\w-]{43}$/);
    await shown.getByRole("button", { name: "Copy key" }).click();
    await shown.getByText("Copied", { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await screenshot(page, "developer-key-shown-once");
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.keyboard.press("Escape");
    await shown.waitFor({ state: "detached" });

    const keys = page.getByRole("region", { name: "Your keys" });
    await keys.getByRole("heading", { name: "My shop" }).waitFor();
    expect(await page.locator("body").textContent()).not.toContain(key);
    expect(await keys.textContent()).toContain(`${key.slice(0, 16)}_…`);
  }, 60_000);

  it("sends a test event and sees it delivered, signed with the secret shown once", async () => {
    await page.getByRole("button", { name: "Send test event to My shop" }).click();
    const deliveries = page.getByRole("region", { name: "Webhook deliveries" });
    await deliveries.locator("tr", { hasText: "Test event" }).filter({ hasText: "Delivered" }).waitFor();
    const hook = receiver.received.at(-1);
    const signature = String(hook?.headers["x-ojapay-signature"]);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
    expect(v1).toBe(createHmac("sha256", signingSecret).update(`${t}.${hook?.body}`).digest("hex"));
  }, 60_000);

  it("buys airtime with the key through /reseller/api/ and sees that purchase's webhook delivered", async () => {
    const answer = await fetch(`${test.app.base}/reseller/api/topup/`, {
      method: "POST",
      headers: { authorization: `Token ${key}`, "content-type": "application/json" },
      body: JSON.stringify({
        network: 1,
        amount: 500,
        mobile_number: "08011111111",
        request_id: "shop-order-1",
      }),
    });
    const bought = (await answer.json()) as { Status: string; id: string };
    expect(bought.Status).toBe("successful");
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
    expect(JSON.parse(receiver.received[1]?.body ?? "{}")).toMatchObject({ Status: "successful" });

    await page.reload();
    const deliveries = page.getByRole("region", { name: "Webhook deliveries" });
    await deliveries
      .locator("tr", { hasText: "Purchase settled" })
      .filter({ hasText: "Delivered" })
      .waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, "developer");
    const wide = await newPage({
      viewport: { width: 1280, height: 800 },
      storageState: await page.context().storageState(),
    });
    await wide.goto(`${test.app.base}/app/developer`);
    await wide
      .getByRole("region", { name: "Webhook deliveries" })
      .locator("tr", { hasText: "Purchase settled" })
      .waitFor();
    await wide.getByRole("region", { name: "Calling the API" }).waitFor();
    await screenshot(wide, "developer");
    // The shown-once modal at a laptop's width too, with a second key.
    const form = wide.getByRole("region", { name: "Create a key" });
    await form.getByLabel("Name").fill("Telegram bot");
    await form.getByLabel("Allowed addresses (optional)").fill("203.0.113.7\n2001:db8::1");
    await form.getByRole("button", { name: "Create key" }).click();
    await wide.getByRole("dialog", { name: "Your new key “Telegram bot”" }).waitFor();
    await screenshot(wide, "developer-key-shown-once");
  }, 60_000);
});
