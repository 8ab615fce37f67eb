import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phone } from "./support/browser";
import { type BrowserTest, laptop, screenshotWindow, startBrowserTest } from "./support/browserTest";
import { checkedMeter, fundedNewCustomer, payWithPin, tabTo } from "./support/customerFlows";
import { lookAt } from "./support/screenChecks";

// Saved recipients and Buy again through the real server and its simulators, in Chromium at a phone's
// width and a laptop's: a number saved on the confirm step, picked first in the next purchase, a
// meter whose saved entry shows the name the provider gave, and Buy again from a receipt and from the
// history, the PIN asked each time. SCREENSHOTS_DIR keeps a picture of each screen looked at.

let test: BrowserTest;
let page: Page;

const customer = { first: "Ngozi", last: "Eze", email: "ngozi@example.com", password: "ngozi pass 41" };
const pin = "6284";

beforeAll(async () => {
  // CSP bypassed only so axe can be injected.
  test = await startBrowserTest({ SIMULATOR_LATENCY_MS: "100" }, { firstAdmin: false, bypassCSP: true });
  page = await test.newPage(phone);
});

afterAll(() => test?.stop());

/** A screen from the top of its page, at that page's width: the laptop's screens have a page of their own. */
const lookAtStep = (on: Page, name: string) => lookAt(on, "recipients", name, { asItIs: true, shown: "top" });

/** A picture of the window scrolled to `name`'s part, which lies below the first screen. */
async function lookAtPart(on: Page, part: ReturnType<Page["getByRole"]>, name: string) {
  await part.scrollIntoViewIfNeeded();
  await screenshotWindow(on, `recipients-${name}`);
}

const confirmStep = (on: Page) => on.getByRole("region", { name: "Confirm your purchase" });
const saved = (on: Page) => on.getByRole("group", { name: "Saved recipients" });

describe("saved recipients and Buy again in a real browser", () => {
  it("a new customer sets a PIN and funds the wallet", async () => {
    await fundedNewCustomer(page, test.app.base, test.mail, customer, pin, "30000");
  });

  it("saves a number on the confirm step, then buys for it by picking it first, by keyboard alone", async () => {
    await page.goto(`${test.app.base}/app/airtime-vtu`);
    await page.getByLabel("Phone number").fill("08031234567");
    await page.getByLabel("Amount (₦)").fill("100");
    await page.getByRole("button", { name: "Continue" }).click();
    const confirm = confirmStep(page);
    await confirm.getByLabel("Save this recipient as").waitFor();
    await lookAtStep(page, "save-on-confirm");
    await confirm.getByLabel("Save this recipient as").fill("Mum");
    await confirm.getByRole("button", { name: "Save this recipient" }).click();
    await confirm.getByText("Saved as Mum.").waitFor();
    await lookAtStep(page, "saved-on-confirm");
    await payWithPin(page, pin);
    await page.getByRole("heading", { name: "Purchase successful" }).waitFor();

    await page.goto(`${test.app.base}/app/airtime-vtu`);
    await saved(page).getByRole("button", { name: "Mum · 08031234567, MTN" }).waitFor();
    await lookAtStep(page, "picker");
    await tabTo(page, /^Mum · 08031234567, MTN$/);
    await page.keyboard.press("Enter");
    expect(await page.getByLabel("Phone number").inputValue()).toBe("08031234567");
    expect(await page.getByLabel("Network").inputValue()).toBe("1");
    await tabTo(page, /^Amount \(₦\)$/);
    await page.keyboard.type("150");
    await page.keyboard.press("Enter");
    await confirmStep(page).getByText("Saved as Mum.").waitFor();
    await tabTo(page, /^Transaction PIN$/);
    await page.keyboard.type(pin);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Purchase successful" }).waitFor();
  });

  it("buys again from a receipt: the wizard opens filled in and asks the PIN", async () => {
    await page.getByRole("link", { name: "View receipt" }).click();
    await page.getByRole("heading", { level: 1, name: "Receipt" }).waitFor();
    const again = page.getByRole("link", { name: /^Buy again/ });
    await again.waitFor();
    await lookAtStep(page, "receipt");
    await again.click();
    await page.getByRole("heading", { level: 1, name: "Buy airtime" }).waitFor();
    await expect.poll(() => page.getByLabel("Amount (₦)").inputValue()).toBe("150");
    expect(await page.getByLabel("Phone number").inputValue()).toBe("08031234567");
    expect(new URL(page.url()).search).toBe("");
    await lookAtStep(page, "again-filled");
    await page.getByRole("button", { name: "Continue" }).click();
    const confirm = confirmStep(page);
    await confirm.getByRole("textbox", { name: "Transaction PIN" }).waitFor();
    expect(await confirm.getByRole("textbox", { name: "Transaction PIN" }).inputValue()).toBe("");
    // Bought moments ago for the same number and total: the duplicate check asks, then the PIN again.
    await payWithPin(page, pin);
    const dialog = page.getByRole("dialog", { name: "Buy this again?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Buy again" }).click();
    await payWithPin(page, pin);
    await page.getByRole("heading", { name: "Purchase successful" }).waitFor();
  });

  it("saves a meter, shows it with the name the provider gave, and buys again from the history", async () => {
    await checkedMeter(page, test.app.base, "45071234567");
    const confirm = confirmStep(page);
    await confirm.getByLabel("Save this recipient as").fill("Home");
    await confirm.getByRole("button", { name: "Save this recipient" }).click();
    await confirm.getByText("Saved as Home.").waitFor();
    await payWithPin(page, pin);
    await page.getByRole("heading", { name: "Purchase successful" }).waitFor();

    await page.goto(`${test.app.base}/app/utilities`);
    const home = saved(page).getByRole("button", {
      name: /^Home · 45071234567, Ikeja Electric \(IKEDC\), prepaid, \S/,
    });
    await home.waitFor();
    await lookAtStep(page, "meter-picker");

    await page.goto(`${test.app.base}/app/transaction-history`);
    const first = page.getByRole("link", { name: /^Buy again: / }).first();
    await first.waitFor();
    await lookAtStep(page, "history");
    await first.click();
    await page.getByRole("heading", { level: 1, name: "Electricity" }).waitFor();
    await expect.poll(() => page.getByLabel("Meter number").inputValue()).toBe("45071234567");
    expect(await page.getByLabel("Amount (₦)").inputValue()).toBe("1000");
    await page.getByRole("button", { name: "Check meter" }).click();
    await page.getByRole("button", { name: "Yes, continue" }).click();
    await confirmStep(page).getByText("Saved as Home.").waitFor();
    expect(await confirmStep(page).getByRole("textbox", { name: "Transaction PIN" }).inputValue()).toBe("");
  });

  it("renames and deletes on the profile", async () => {
    await page.goto(`${test.app.base}/app/profile`);
    const section = page.getByRole("region", { name: "Saved recipients" });
    await section.getByText("Mum · 08031234567, MTN").waitFor();
    await lookAtStep(page, "profile");
    await lookAtPart(page, section, "profile-section");
    await section.getByRole("button", { name: "Rename Mum" }).click();
    await lookAtPart(page, section, "profile-rename");
    await section.getByLabel("New nickname for 08031234567").fill("Mama");
    await section.getByRole("button", { name: "Save name" }).click();
    await section.getByText("Mama · 08031234567, MTN").waitFor();
    await section.getByRole("button", { name: "Delete Mama" }).click();
    await section.getByRole("button", { name: "Delete", exact: true }).click();
    await expect.poll(() => section.getByText(/^Mama ·/).count()).toBe(0);
  });

  it("fits the same screens on a laptop's window", async () => {
    const wide = await test.newPage(laptop, await page.context().storageState());
    await wide.goto(`${test.app.base}/app/utilities`);
    await saved(wide)
      .getByRole("button", { name: /^Home ·/ })
      .click();
    expect(await wide.getByLabel("Meter number").inputValue()).toBe("45071234567");
    await lookAtStep(wide, "meter-picker");
    await wide.goto(`${test.app.base}/app/transaction-history`);
    await wide
      .getByRole("link", { name: /^Buy again: / })
      .first()
      .waitFor();
    await lookAtStep(wide, "history");
    await wide.goto(`${test.app.base}/app/profile`);
    await wide
      .getByRole("region", { name: "Saved recipients" })
      .getByText(/^Home ·/)
      .waitFor();
    await lookAtStep(wide, "profile");
    await lookAtPart(wide, wide.getByRole("region", { name: "Saved recipients" }), "profile-section");
  });
});
