import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { AxeResults } from "axe-core";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phone } from "./support/browser";
import { type BrowserTest, laptop, startBrowserTest } from "./support/browserTest";
import { fundedNewCustomer, tabTo } from "./support/customerFlows";
import { visibleCopies } from "./support/saidOnce";

// Scheduled purchases through the real server, in Chromium: a monthly airtime purchase made by
// keyboard alone (a bad number refused once, under its field), its next five runs shown, paused,
// resumed, its last runs read, and deleted. Each step is looked at 360px and 1280px wide
// (SCREENSHOTS_DIR keeps pictures) and run through axe.

let test: BrowserTest;
let page: Page;

const customer = { first: "Ifeoma", last: "Okafor", email: "ifeoma@example.com", password: "ifeoma pass 42" };
const pin = "5831";
const axeScript = "node_modules/axe-core/axe.min.js";

beforeAll(async () => {
  // CSP bypassed only so axe can be injected.
  test = await startBrowserTest({}, { firstAdmin: false, bypassCSP: true });
  page = await test.newPage(phone);
}, 120_000);

afterAll(() => test?.stop());

async function axeFindings(label: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: axeScript });
  const results: AxeResults = await page.evaluate(() =>
    (window as unknown as { axe: typeof import("axe-core") }).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      resultTypes: ["violations"],
    }),
  );
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${label}: ${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The step at a phone's width and a laptop's: a picture with `shown` in it, nothing wider than the window, axe clean. */
async function lookAt(name: string, shown: Locator) {
  const findings: string[] = [];
  for (const size of [phone.viewport, laptop.viewport]) {
    await page.setViewportSize(size);
    const dir = process.env.SCREENSHOTS_DIR;
    if (dir) {
      mkdirSync(dir, { recursive: true });
      await shown.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(dir, `schedules-${name}-${size.width}.png`) });
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${size.width}px wider than the window`).toBeLessThanOrEqual(0);
    findings.push(...(await axeFindings(`${name} at ${size.width}px`)));
  }
  await page.setViewportSize(phone.viewport);
  expect(findings).toEqual([]);
}

describe("scheduled purchases in a real browser", () => {
  it("a new customer with a PIN and money opens Schedules from the menu", async () => {
    await fundedNewCustomer(page, test.app.base, test.mail, customer, pin, "5000");
    await page.goto(`${test.app.base}/app/schedules`);
    await page.getByRole("heading", { level: 1, name: "Scheduled purchases" }).waitFor();
    await page.getByRole("heading", { name: "New schedule" }).waitFor();
    await expect.poll(() => page.getByText("You have no schedules yet.").count()).toBe(1);
    await lookAt("empty", page.getByRole("heading", { name: "New schedule" }));
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
    await lookAt("refused", page.getByText(refusal));

    await page.getByLabel("Phone number").fill("08031234567");
    await page.getByRole("textbox", { name: "Transaction PIN" }).fill(pin);
    await page.getByRole("button", { name: "Schedule" }).press("Enter");
    const made = page.getByRole("status").filter({ hasText: "Scheduled:" });
    await made.waitFor();
    expect(await made.getByRole("listitem").count()).toBe(5);
    expect(await page.getByText(refusal).count()).toBe(0);
    await lookAt("made", made);
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
    await lookAt("card", card);
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
    expect(await card.textContent()).toMatch(/Smartcard of [A-Z]+ [A-Z]+, due \d{4}-\d{2}-\d{2}/);
    await lookAt("renewal", card);
  }, 90_000);
});
