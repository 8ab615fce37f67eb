import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phone } from "./support/browser";
import { type BrowserTest, startBrowserTest } from "./support/browserTest";
import { fundedNewCustomer, tabTo } from "./support/customerFlows";
import { visibleCopies } from "./support/saidOnce";
import { lookAt } from "./support/screenChecks";

// Scheduled purchases through the real server, in Chromium: a monthly airtime purchase made by
// keyboard alone (a bad number refused once, under its field), its next five runs shown, paused,
// resumed, its last runs read, and deleted. Each step is looked at 360px and 1280px wide
// (SCREENSHOTS_DIR keeps pictures) and run through axe.

let test: BrowserTest;
let page: Page;

const customer = { first: "Ifeoma", last: "Okafor", email: "ifeoma@example.com", password: "ifeoma pass 42" };
const pin = "5831";

beforeAll(async () => {
  // CSP bypassed only so axe can be injected.
  test = await startBrowserTest({}, { firstAdmin: false, bypassCSP: true });
  page = await test.newPage(phone);
}, 120_000);

afterAll(() => test?.stop());

describe("scheduled purchases in a real browser", () => {
  it("a new customer with a PIN and money opens Schedules from the menu", async () => {
    await fundedNewCustomer(page, test.app.base, test.mail, customer, pin, "5000");
    await page.goto(`${test.app.base}/app/schedules`);
    await page.getByRole("heading", { level: 1, name: "Scheduled purchases" }).waitFor();
    await page.getByRole("heading", { name: "New schedule" }).waitFor();
    await expect.poll(() => page.getByText("You have no schedules yet.").count()).toBe(1);
    await lookAt(page, "schedules", "empty", { shown: page.getByRole("heading", { name: "New schedule" }) });
  }, 120_000);

  it("makes a monthly airtime purchase by keyboard alone, a bad number refused once under its field", async () => {
    await tabTo(page, /^Network$/);
    await page.keyboard.press("ArrowDown"); // MTN, the first network
    await tabTo(page, /^Phone number$/);
    await page.keyboard.type("0803123");
    await tabTo(page, /^Amount/);
    await page.keyboard.type("200");
    await tabTo(page, /^Day of the month$/);
    await page.keyboard.press("End"); // 31, or the month's last day
    await tabTo(page, /^Transaction PIN$/);
    await page.keyboard.type(pin);
    await tabTo(page, /^Schedule$/);
    await page.keyboard.press("Enter");
    const refusal = "Enter a Nigerian mobile number, like 08031234567.";
    await page.getByText(refusal).waitFor();
    expect(await visibleCopies(page, refusal)).toBe(1);
    await lookAt(page, "schedules", "refused", { shown: page.getByText(refusal) });

    await page.getByLabel("Phone number").fill("08031234567");
    await page.getByRole("textbox", { name: "Transaction PIN" }).fill(pin);
    await page.getByRole("button", { name: "Schedule" }).press("Enter");
    const made = page.getByRole("status").filter({ hasText: "Scheduled:" });
    await made.waitFor();
    expect(await made.getByRole("listitem").count()).toBe(5);
    expect(await page.getByText(refusal).count()).toBe(0);
    await lookAt(page, "schedules", "made", { shown: made });
  }, 90_000);

  it("pauses, resumes, reads the last runs and deletes the schedule", async () => {
    const card = page.getByRole("listitem").filter({ hasText: "MTN airtime for 08031234567" });
    await expect.poll(() => card.textContent()).toMatch(/Monthly on the 31st at 08:00.*Active/);
    await card.getByRole("button", { name: "Pause" }).click();
    await expect.poll(() => card.textContent()).toMatch(/Paused/);
    await card.getByRole("button", { name: "Resume" }).click();
    await expect.poll(() => card.textContent()).toMatch(/Active/);
    await card.getByRole("button", { name: "Last runs" }).click();
    await card.getByText("No runs yet.").waitFor();
    await card.getByText(/^Next: /).click();
    await lookAt(page, "schedules", "card", { shown: card });
    await card.getByRole("button", { name: "Delete" }).click();
    await card.getByRole("button", { name: "Delete for good" }).click();
    await expect.poll(() => page.getByText("You have no schedules yet.").count()).toBe(1);
    // Gone from the server too: read again, it is not listed.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Scheduled purchases" }).waitFor();
    await expect.poll(() => page.getByText("You have no schedules yet.").count()).toBe(1);
  }, 90_000);

  it("schedules a TV renewal: the smartcard checked with the provider, its holder and due date shown", async () => {
    await page.getByLabel("What to buy").selectOption("tv_renewal");
    await tabTo(page, /^TV provider$/);
    await page.keyboard.press("ArrowDown"); // the first provider
    await tabTo(page, /^Smartcard number$/);
    await page.keyboard.type("7023456789");
    await tabTo(page, /^Renew how early$/);
    await page.keyboard.press("End"); // 7 days before the due date
    await tabTo(page, /^Transaction PIN$/);
    await page.keyboard.type(pin);
    await tabTo(page, /^Schedule$/);
    await page.keyboard.press("Enter");
    const card = page.getByRole("listitem").filter({ hasText: "renewal for smartcard 7023456789" });
    await expect
      .poll(() => card.textContent(), { timeout: 20_000 })
      .toMatch(/7 days before the due date, at 09:00/);
    expect(await card.textContent()).toMatch(/Smartcard of [A-Z]+ [A-Z]+, due [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await lookAt(page, "schedules", "renewal", { shown: card });
  }, 90_000);
});
