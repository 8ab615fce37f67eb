import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserTest, startBrowserTest, testAdmin } from "./support/browserTest";
import { fundThroughCheckout, newCustomer, payWithPin, setPin } from "./support/customerFlows";
import { consoleSignIn } from "./support/secondFactor";
import { sendStaffInvitation } from "./support/staffInvitation";

// The console against the built app and a real server: what staff and admins do, and what the
// customer then sees in their own browser.

const admin = testAdmin;
const colleague = { first: "Tunde", last: "Bello", email: "tunde@ojapay.test", password: "tunde password 2" };
const customer = { first: "Ngozi", last: "Eze", email: "ngozi@example.com", password: "ngozi password 3" };
const pin = "5093";
const gloPhone = "08051234567";
const maintenance = "Sales are paused for 30 minutes while we upgrade our systems.";

let test: BrowserTest;
let adminPage: Page;
let staffPage: Page;
let customerPage: Page;

const newPage = (options?: object) => test.newPage(options);

const toast = (page: Page, text: string) => page.locator(".Toastify").getByText(text, { exact: false });

/** The balance as the customer's dashboard shows it. */
async function balance(): Promise<string> {
  await customerPage.goto(`${test.app.base}/app/dashboard`);
  const card = customerPage.getByRole("region", { name: "Wallet balance" });
  await card.getByRole("button", { name: /^(Show|Hide) balance$/ }).waitFor();
  const show = card.getByRole("button", { name: "Show balance" });
  if (await show.isVisible()) await show.click();
  const amount = card.locator(".balance-amount");
  await expect.poll(() => amount.textContent()).toMatch(/^₦[\d,]+\.\d{2}$/);
  return (await amount.textContent()) ?? "";
}

beforeAll(async () => {
  test = await startBrowserTest();
  // The admin on a laptop; staff and the customer on cheap phones.
  adminPage = await newPage({ viewport: { width: 1280, height: 800 } });
  customerPage = await newPage();
});

afterAll(() => test?.stop());

describe("the console in a real browser", () => {
  it("lets the admin invite a colleague, who chooses a password from the email and signs in to the console", async () => {
    await consoleSignIn(adminPage, test.app.base, admin);
    await sendStaffInvitation(adminPage, test.app.base, colleague);
    await toast(adminPage, `Invitation sent to ${colleague.email}.`).waitFor();

    // The invitation's link opens "choose your password"; its token rides in the fragment.
    await expect.poll(() => test.mail.count(colleague.email)).toBe(1);
    const link = await test.mail.nextLink(colleague.email, 0);
    expect(link).toMatch(/\/auth\/reset-password#token=[\w-]{43}&invited=1$/);
    const invited = await newPage();
    await invited.goto(link);
    await invited.getByRole("heading", { level: 1, name: "Choose your password" }).waitFor();
    expect(new URL(invited.url()).hash).toBe("");
    await invited.getByLabel("New password", { exact: true }).fill(colleague.password);
    await invited.getByRole("button", { name: "Set password" }).click();
    await invited.waitForURL(`${test.app.base}/admin/login`);
    await invited.context().close();

    staffPage = await newPage();
    await consoleSignIn(staffPage, test.app.base, colleague);
    // On a phone the menu folds away behind its button.
    await staffPage.getByRole("button", { name: "Menu" }).click();
    const menu = staffPage.getByRole("navigation", { name: "Admin menu" });
    await menu.getByRole("link", { name: "GLO data plans" }).waitFor();
    expect(await menu.getByRole("link", { name: "Manage users" }).count()).toBe(0);
  });

  it("has staff create a data plan that a customer then buys", async () => {
    await newCustomer(customerPage, test.app.base, test.mail, customer);
    await setPin(customerPage, test.app.base, test.mail, customer.email, pin);
    await fundThroughCheckout(customerPage, test.app.base, "₦5,000");
    await customerPage.getByText("₦5,000.00 has been added to your wallet.").waitFor();

    await staffPage.goto(`${test.app.base}/admin/manage-databundle/2`);
    await staffPage.getByRole("heading", { level: 1, name: "GLO data plans" }).waitFor();
    await staffPage.getByRole("button", { name: "Add a plan" }).click();
    const add = staffPage.getByRole("dialog", { name: "Add a plan" });
    // Our code for the plan, and its first offer: VTpass's code (what the purchase is sent as) and cost.
    await add.getByLabel("Our plan code").fill("glo-3gb-2d");
    await add.getByLabel("Name").fill("3GB Weekend (2 days)");
    await add.getByLabel("Data size").fill("3GB");
    await add.getByLabel("Validity").fill("2 days");
    await add.getByLabel("Kind of plan").selectOption({ label: "Weekly" });
    await add.getByLabel("Price", { exact: true }).fill("750");
    await add.getByLabel("Provider", { exact: true }).fill("vtpass");
    await add.getByLabel("Provider's plan code").fill("glo-3gb-2d");
    await add.getByLabel("Provider's cost").fill("700");
    await add.getByRole("button", { name: "Add plan" }).click();
    await add.waitFor({ state: "detached" });
    await staffPage
      .getByRole("table", { name: "Plans" })
      .getByText("3GB Weekend (2 days)", { exact: true })
      .waitFor();

    await customerPage.goto(`${test.app.base}/app/data-subscriptions`);
    await customerPage.getByLabel("Phone number").fill(gloPhone);
    await customerPage.getByLabel("Network", { exact: true }).selectOption({ label: "GLO" });
    await customerPage.getByRole("radio", { name: /3GB\s*2 days · Network plan\s*₦750/ }).check();
    await customerPage.getByRole("button", { name: "Continue" }).click();
    await payWithPin(customerPage, pin);
    await customerPage.getByRole("heading", { name: "Purchase successful" }).waitFor();
    expect(await balance()).toBe("₦4,250.00");
  });

  it("has staff refund that purchase, and the customer's balance and history show it", async () => {
    await staffPage.goto(`${test.app.base}/admin/databundle-transactions?search=${gloPhone}`);
    await staffPage.getByRole("heading", { level: 1, name: "Data bundle transactions" }).waitFor();
    await staffPage.locator("a[href^='/admin/transactions/']").first().click();
    await staffPage.getByRole("heading", { level: 1, name: /^Transaction / }).waitFor();
    await staffPage.getByRole("button", { name: "Refund" }).click();
    const refund = staffPage.getByRole("dialog", { name: "Refund this purchase?" });
    await refund.getByLabel("Reason").fill("Customer says the bundle never arrived");
    await refund.getByRole("button", { name: "Refund ₦750.00" }).click();
    await refund.waitFor({ state: "detached" });
    await staffPage.getByText("Refunded", { exact: true }).first().waitFor();

    expect(await balance()).toBe("₦5,000.00");
    await customerPage.goto(`${test.app.base}/app/transaction-history?kind=refund`);
    await customerPage.getByRole("heading", { level: 1, name: "Transaction history" }).waitFor();
    await customerPage.locator(".txn-list").getByText("+₦750.00").waitFor();
  });

  it("has staff switch a network's data off, and the customer sees it unavailable", async () => {
    await staffPage.goto(`${test.app.base}/admin/manage-databundle/2`);
    const glo = staffPage.getByRole("region", { name: "GLO data" });
    await glo.getByRole("switch", { name: "On sale" }).uncheck();
    await glo.getByRole("button", { name: "Save GLO data" }).click();
    await toast(staffPage, "Data network saved.").waitFor();

    await customerPage.goto(`${test.app.base}/app/data-subscriptions`);
    await customerPage.getByLabel("Phone number").fill(gloPhone);
    await customerPage.getByText("GLO data is not available right now.").first().waitFor();
    expect(await customerPage.getByRole("option", { name: "GLO (unavailable)" }).isDisabled()).toBe(true);
    expect(await customerPage.getByRole("radio").count()).toBe(0);

    await glo.getByRole("switch", { name: "On sale" }).check();
    // The same toast again may be the first one counting ("(2 times)") or a new one, by how soon it
    // comes: the save itself is what is waited for.
    const saved = staffPage.waitForResponse(
      (answer) => answer.request().method() !== "GET" && answer.url().includes("/api/") && answer.ok(),
    );
    await glo.getByRole("button", { name: "Save GLO data" }).click();
    await saved;
    await toast(staffPage, "Data network saved.").first().waitFor();
  });

  it("has staff import a plan from VTpass's list at our price, and the admin see each provider's balance", async () => {
    await staffPage.goto(`${test.app.base}/admin/manage-databundle/1`);
    const sync = staffPage.getByRole("region", { name: "A provider's plans" });
    await sync.getByLabel("Provider", { exact: true }).selectOption({ label: "VTpass" });
    await staffPage.getByRole("button", { name: "Sync from provider" }).click();
    await staffPage.getByRole("checkbox", { name: "Import mtn-40gb-30d" }).check();
    const price = staffPage.getByLabel("Our price for mtn-40gb-30d (₦)");
    await price.fill("11,000");
    await staffPage.getByRole("button", { name: "Import selected" }).click();
    await staffPage
      .getByRole("dialog", { name: "Import from VTpass?" })
      .getByRole("button", { name: "Import", exact: true })
      .click();
    await toast(staffPage, "Imported: 1 new").waitFor();
    await staffPage
      .getByRole("table", { name: "Plans" })
      .getByText("40GB Monthly (30 days)", { exact: true })
      .waitFor();

    // The balances are read in the background: the dashboard shows them once the first reading is in.
    const providers = adminPage.getByRole("region", { name: "Providers" });
    await expect
      .poll(async () => {
        await adminPage.goto(`${test.app.base}/admin/dashboard`);
        await providers.getByText("Simulated: no real money.").waitFor();
        return providers.locator(".provider-balance").first().textContent();
      })
      .toMatch(/^₦[\d,]+\.\d{2}/);
    await providers.getByRole("link", { name: "Open Providers" }).waitFor();
    await adminPage.getByRole("region", { name: "Reconciliation" }).waitFor();
  });

  it("has the admin switch emergency mode on mid-purchase: the customer's payment reads as paused, and no wizard can be started", async () => {
    // The customer is at the confirm step when the switch goes on.
    await customerPage.goto(`${test.app.base}/app/airtime-vtu`);
    await customerPage.getByLabel("Phone number").fill("08031234567");
    await customerPage.getByLabel("Amount (₦)").fill("100");
    await customerPage.getByRole("button", { name: "Continue" }).click();
    await customerPage.getByRole("textbox", { name: "Transaction PIN" }).waitFor();

    await adminPage.goto(`${test.app.base}/admin/dashboard`);
    const panel = adminPage.getByRole("region", { name: "Emergency mode" });
    await panel.getByText("Emergency mode is OFF").waitFor();
    await panel.getByLabel("Message to customers").fill(maintenance);
    await panel.getByRole("button", { name: "Turn emergency mode on" }).click();
    const confirm = adminPage.getByRole("dialog", { name: "Turn emergency mode on?" });
    await confirm.getByText(maintenance).waitFor();
    await confirm.getByRole("button", { name: "Turn it on" }).click();
    await panel.getByText("Emergency mode is ON").waitFor();

    // Refused as paused, with the admin's words in the banner, not as a mistake in the PIN.
    await payWithPin(customerPage, pin);
    await customerPage.locator(".emergency-banner").filter({ hasText: maintenance }).waitFor();
    await customerPage.getByText(/^Nothing was bought and nothing was charged/).waitFor();
    expect(await customerPage.getByRole("textbox", { name: "Transaction PIN" }).count()).toBe(0);
    expect(await customerPage.getByRole("heading", { name: "Purchase successful" }).count()).toBe(0);
    expect(await balance()).toBe("₦5,000.00");
    await customerPage.getByRole("alert").filter({ hasText: maintenance }).waitFor();

    // Every wizard says so before its form, and offers none to fill in.
    for (const path of ["airtime-vtu", "data-subscriptions", "cable-subscriptions", "utilities"]) {
      await customerPage.goto(`${test.app.base}/app/${path}`);
      const banner = customerPage.locator(".emergency-banner");
      await banner.filter({ hasText: maintenance }).waitFor();
      await customerPage.getByRole("button", { name: "Check again" }).waitFor();
      const beforeHeading = await banner.evaluate(
        (node) =>
          !!(
            node.compareDocumentPosition(document.querySelector("main h1") as Node) &
            Node.DOCUMENT_POSITION_FOLLOWING
          ),
      );
      expect(beforeHeading, path).toBe(true);
      expect(await customerPage.locator("main form").count(), path).toBe(0);
      expect(
        await customerPage.getByRole("button", { name: /^(Continue|Check smartcard|Check meter)$/ }).count(),
        path,
      ).toBe(0);
    }
  });

  it("has the admin switch emergency mode off again, and sales resume", async () => {
    const panel = adminPage.getByRole("region", { name: "Emergency mode" });
    await panel.getByRole("button", { name: "Turn emergency mode off" }).click();
    await adminPage
      .getByRole("dialog", { name: "Turn emergency mode off?" })
      .getByRole("button", { name: "Turn it off" })
      .click();
    await panel.getByText("Emergency mode is OFF").waitFor();

    await customerPage.goto(`${test.app.base}/app/dashboard`);
    await customerPage.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    expect(await customerPage.locator(".emergency-banner").count()).toBe(0);
    await customerPage.goto(`${test.app.base}/app/airtime-vtu`);
    await customerPage.getByLabel("Phone number").fill("08031234567");
    await customerPage.getByLabel("Amount (₦)").fill("100");
    await customerPage.getByRole("button", { name: "Continue" }).click();
    await payWithPin(customerPage, pin);
    await customerPage.getByRole("heading", { name: "Purchase successful" }).waitFor();
  });

  it("has the admin deactivate the customer, who is then signed out", async () => {
    await adminPage.goto(`${test.app.base}/admin/manage-users?search=${encodeURIComponent(customer.email)}`);
    await adminPage.getByRole("link", { name: "Ngozi Eze" }).click();
    await adminPage.getByRole("heading", { level: 1, name: "Ngozi Eze" }).waitFor();
    await adminPage.getByRole("switch", { name: "Active" }).uncheck();
    await adminPage.getByRole("button", { name: "Save changes" }).click();
    await adminPage
      .getByRole("dialog", { name: "Deactivate Ngozi Eze?" })
      .getByRole("button", { name: "Deactivate" })
      .click();
    await adminPage.getByRole("dialog").waitFor({ state: "detached" });

    await customerPage.goto(`${test.app.base}/app/dashboard`);
    await customerPage.waitForURL(/\/auth(\/login)?$/);
    await customerPage.getByLabel("Email address").fill(customer.email);
    await customerPage.getByLabel("Password", { exact: true }).fill(customer.password);
    await customerPage.getByRole("button", { name: /^Sign in/ }).click();
    await toast(customerPage, "This account has been deactivated. Please contact support.").waitFor();
    expect(new URL(customerPage.url()).pathname).toBe("/auth/login");
  });
});
