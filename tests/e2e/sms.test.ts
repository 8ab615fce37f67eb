import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phone } from "./support/browser";
import { type BrowserTest, laptop, startBrowserTest } from "./support/browserTest";
import { checkedMeter, fundedNewCustomer, payWithPin, tabTo } from "./support/customerFlows";
import { lookAt } from "./support/screenChecks";

// SMS as a customer sees it, through the real server and the Termii simulator in Chromium, at a
// phone's width and a laptop's: a prepaid token's receipt saying "SMS delivered 14:02", Resend token,
// and the profile's choice of outcomes by SMS by keyboard. SCREENSHOTS_DIR keeps a picture of each.

let test: BrowserTest;
let page: Page;
let wide: Page;
let receiptPath = "";

const customer = { first: "Ngozi", last: "Eze", email: "ngozi@example.com", password: "ngozi pass 77" };
const pin = "4826";

beforeAll(async () => {
  // A short background interval, so the outbox sends within a second; CSP bypassed only for axe.
  test = await startBrowserTest(
    { SIMULATOR_LATENCY_MS: "100", REQUERY_INTERVAL_MS: "500" },
    { firstAdmin: false, bypassCSP: true },
  );
  page = await test.newPage(phone);
});

afterAll(() => test?.stop());

describe("SMS in a real browser", () => {
  it("a prepaid token's receipt says its SMS was delivered, at a phone's width", async () => {
    await fundedNewCustomer(page, test.app.base, test.mail, customer, pin, "20000");
    await checkedMeter(page, test.app.base, "45071234567");
    await payWithPin(page, pin);
    await page.getByRole("heading", { name: "Purchase successful" }).waitFor();
    await page.getByRole("link", { name: "View receipt" }).click();
    await page.getByRole("heading", { level: 1, name: "Receipt" }).waitFor();
    receiptPath = new URL(page.url()).pathname;
    const sms = page.getByRole("region", { name: "SMS" });
    await expect
      .poll(
        async () => {
          await page.reload();
          await sms.waitFor();
          return sms.textContent();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toMatch(/SMS delivered \d{2}:\d{2}/);
    await sms.getByText("3 resends left today").waitFor();
    await lookAt(page, "sms", "receipt", { asItIs: true });
  });

  it("resends the token by keyboard, and says how many resends are left", async () => {
    const sms = page.getByRole("region", { name: "SMS" });
    await sms.getByRole("button", { name: "Resend token" }).focus();
    await page.keyboard.press("Enter");
    await sms.getByRole("status").filter({ hasText: "Your token is on its way by SMS again." }).waitFor();
    await sms.getByText("2 resends left today").waitFor();
    await lookAt(page, "sms", "resent", { asItIs: true });
  });

  it("shows a meter's key change tokens under its token, for a meter being upgraded", async () => {
    // The simulated disco is upgrading meters whose numbers end 88.
    await checkedMeter(page, test.app.base, "45071234588");
    await payWithPin(page, pin);
    await page.getByRole("heading", { name: "Purchase successful" }).waitFor();
    await page.getByRole("link", { name: "View receipt" }).click();
    const kcts = page.getByRole("region", { name: "Key change tokens" });
    await kcts.waitFor();
    expect(await kcts.locator("dd").allTextContents()).toEqual([
      expect.stringMatching(/^\d{4} \d{4} \d{4} \d{4} \d{4}$/),
      expect.stringMatching(/^\d{4} \d{4} \d{4} \d{4} \d{4}$/),
    ]);
    await lookAt(page, "sms", "kcts", { asItIs: true });
  });

  it("chooses which outcomes come by SMS on the profile, by keyboard alone", async () => {
    await page.goto(`${test.app.base}/app/profile`);
    const choices = page.getByRole("group", { name: "Tell me the outcome of a purchase by SMS for" });
    await choices.waitFor();
    expect(await choices.getByRole("radio", { name: "Electricity purchases only" }).isChecked()).toBe(true);
    await tabTo(page, /Electricity purchases only/);
    await page.keyboard.press("ArrowDown");
    await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    expect(await choices.getByRole("radio", { name: "Every purchase" }).isChecked()).toBe(true);
    await lookAt(page, "sms", "profile", { asItIs: true, shown: choices });
    // Kept: read again from the server.
    await page.reload();
    await page.getByRole("radio", { name: "Every purchase" }).waitFor();
    expect(await page.getByRole("radio", { name: "Every purchase" }).isChecked()).toBe(true);
  });

  it("shows the same at a laptop's width", async () => {
    wide = await test.newPage(laptop, await page.context().storageState());
    await wide.goto(`${test.app.base}${receiptPath}`);
    await wide
      .getByRole("region", { name: "SMS" })
      .getByText(/SMS delivered \d{2}:\d{2}/)
      .waitFor();
    await lookAt(wide, "sms", "receipt", { asItIs: true });
    await wide.goto(`${test.app.base}/app/profile`);
    await wide.getByRole("radio", { name: "Every purchase" }).waitFor();
    await lookAt(wide, "sms", "profile", {
      asItIs: true,
      shown: wide.getByRole("group", { name: "Tell me the outcome of a purchase by SMS for" }),
    });
  });
});
