import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserTest, startBrowserTest, testAdmin } from "./support/browserTest";
import { fundThroughCheckout, newCustomer, payWithPin, setPin } from "./support/customerFlows";
import { axeFindings } from "./support/screenChecks";
import { consoleSignIn } from "./support/secondFactor";

// Several providers in a real browser against the built app: VTpass down, a purchase fails over to
// the vendor and staff see both tries; the admin reorders a route on the Providers page.

const admin = testAdmin;
const customer = { first: "Chidi", last: "Okafor", email: "chidi@example.com", password: "chidi password 4" };
const pin = "7315";
const mtnPhone = "08031234567";
const vtpassSecret = "SK_sim_vtpass_not_for_production";

let test: BrowserTest;
let adminPage: Page;
let customerPage: Page;

const newPage = (options?: object) => test.newPage(options);

/** The VTpass simulator's outage switch, over HTTP with its secret key, as a person would try it. */
async function vtpassDown(down: boolean) {
  const answer = await fetch(`${test.app.base}/simulator/vtpass/control/down`, {
    method: "PUT",
    headers: { "secret-key": vtpassSecret, "content-type": "application/json" },
    body: JSON.stringify({ down }),
  });
  expect(answer.status).toBe(200);
}

/** The providers of one route, in order, as its row on the Providers page lists them. */
async function routeOrder(page: Page, route: string): Promise<string[]> {
  const row = page
    .getByRole("table", { name: "Airtime routes" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: route, exact: true }) });
  return row.locator(".route-provider-name").allTextContents();
}

beforeAll(async () => {
  // CSP bypassed only so axe can be injected.
  test = await startBrowserTest({ SIMULATOR_LATENCY_MS: "100" }, { bypassCSP: true });
  adminPage = await newPage({ viewport: { width: 1280, height: 800 } });
  customerPage = await newPage();
  await consoleSignIn(adminPage, test.app.base, admin);
});

afterAll(() => test?.stop());

describe("buying from several providers, in a real browser", () => {
  it("delivers airtime from the vendor while VTpass is down, and staff see both tries", async () => {
    await newCustomer(customerPage, test.app.base, test.mail, customer);
    await setPin(customerPage, test.app.base, test.mail, customer.email, pin);
    await fundThroughCheckout(customerPage, test.app.base, "₦5,000");
    await customerPage.getByText("₦5,000.00 has been added to your wallet.").waitFor();

    await vtpassDown(true);
    try {
      await customerPage.goto(`${test.app.base}/app/airtime-vtu`);
      await customerPage.getByLabel("Phone number").fill(mtnPhone);
      await customerPage.getByLabel("Amount (₦)").fill("200");
      await customerPage.getByRole("button", { name: "Continue" }).click();
      await payWithPin(customerPage, pin);
      await customerPage.getByRole("heading", { name: "Purchase successful" }).waitFor();
    } finally {
      await vtpassDown(false);
    }

    await adminPage.goto(`${test.app.base}/admin/airtime-transactions?search=${mtnPhone}`);
    await adminPage.getByRole("heading", { level: 1, name: "Airtime transactions" }).waitFor();
    await adminPage.locator("a[href^='/admin/transactions/']").first().click();
    await adminPage.getByRole("heading", { level: 1, name: /^Transaction / }).waitFor();
    const tried = adminPage.getByRole("region", { name: "Providers tried" }).getByRole("listitem");
    await expect.poll(() => tried.count()).toBe(2);
    const [first, second] = [tried.nth(0), tried.nth(1)];
    expect(await first.locator(".admin-attempt-head").textContent()).toBe("VTpassMoved on");
    expect(await first.textContent()).toMatch(/Why moved on\S+/);
    expect(await second.locator(".admin-attempt-head").textContent()).toBe("SME-data vendorCurrent");
    await adminPage.getByRole("region", { name: "Status" }).getByText("Successful").first().waitFor();
  });

  it("has the admin put the vendor before VTpass for MTN airtime, and the order holds after a reload", async () => {
    await adminPage.goto(`${test.app.base}/admin/providers`);
    await adminPage.getByRole("heading", { level: 1, name: "Providers" }).waitFor();
    await adminPage.getByRole("region", { name: "VTpass" }).waitFor();
    expect(await routeOrder(adminPage, "MTN airtime")).toEqual(["VTpass", "SME-data vendor"]);
    expect(await axeFindings(adminPage, "Providers at 1280px")).toEqual([]);

    // By keyboard: the button is reached and pressed without the mouse.
    const up = adminPage.getByRole("button", { name: "Move SME-data vendor up for MTN airtime" });
    await up.focus();
    await adminPage.keyboard.press("Enter");
    await adminPage.locator(".Toastify").getByText("Route saved.").waitFor();
    await expect.poll(() => routeOrder(adminPage, "MTN airtime")).toEqual(["SME-data vendor", "VTpass"]);
    // Focus stays with the vendor, now first: on its other button.
    await expect
      .poll(() => adminPage.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Move SME-data vendor down for MTN airtime");
    // The rest of the service is unchanged.
    expect(await routeOrder(adminPage, "Airtime")).toEqual(["VTpass", "SME-data vendor"]);

    await adminPage.reload();
    await adminPage.getByRole("region", { name: "VTpass" }).waitFor();
    expect(await routeOrder(adminPage, "MTN airtime")).toEqual(["SME-data vendor", "VTpass"]);
    await adminPage.getByRole("button", { name: "Use default order for MTN airtime" }).waitFor();

    // On a phone the page fits its width, and axe finds nothing there either.
    await adminPage.setViewportSize({ width: 360, height: 740 });
    await adminPage.getByRole("region", { name: "VTpass" }).waitFor();
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeFindings(adminPage, "Providers at 360px")).toEqual([]);
  });
});
