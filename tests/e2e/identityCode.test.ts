import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phone } from "./support/browser";
import { type BrowserTest, laptop, startBrowserTest, testAdmin } from "./support/browserTest";
import { newCustomer, tabTo } from "./support/customerFlows";
import { identityCodeSent } from "./support/identityCodeSent";
import { lookAt } from "./support/screenChecks";
import { consoleSignIn } from "./support/secondFactor";

// The code step of Verify Details (issue 38, item 4) in Chromium, at a phone's width and a laptop's:
// the masked registry phone, a wrong code said once under its field, Resend held with its wait shown,
// the right code by keyboard alone; and a match whose record holds no phone, waiting for staff.

let test: BrowserTest;

beforeAll(async () => {
  // CSP bypassed only so axe can be injected.
  test = await startBrowserTest({ SIMULATOR_LATENCY_MS: "50" }, { bypassCSP: true });
});

afterAll(() => test?.stop());

/** Verify Details by keyboard: NIN, the number, then Verify. */
async function checkByKeyboard(page: Page, number: string) {
  const section = page.getByRole("region", { name: "Wallet and verification" });
  await section.getByRole("button", { name: "Verify Details" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Verify your identity" });
  await dialog.getByRole("radio", { name: "BVN" }).focus();
  await page.keyboard.press("ArrowRight");
  await tabTo(page, /^NIN \(11 digits\)/);
  await page.keyboard.type(number);
  // The date picker is the browser's own; what is checked by keyboard here is the rest.
  await dialog.getByLabel("Date of birth").fill("1990-05-04");
  await dialog.getByRole("button", { name: "Verify" }).focus();
  await page.keyboard.press("Enter");
}

describe.each([
  ["phone", phone, "ada"],
  ["laptop", laptop, "bola"],
] as const)("the code step on a %s", (_, window, who) => {
  it("sends the code to the registry's phone, says a wrong one once, waits to resend, and verifies with the right one", async () => {
    const page = await test.newPage(window);
    const email = `${who}.code@example.com`;
    await newCustomer(page, test.app.base, test.mail, {
      first: "Ada",
      last: "Okafor",
      email,
      password: `${who} password 7`,
    });
    await page.goto(`${test.app.base}/app/profile`);
    const number = window === phone ? "70123450011" : "70123450022";
    await checkByKeyboard(page, number);
    const step = page.getByRole("dialog", { name: "Enter the code" });
    await step.getByText(`0803 *** **${number.slice(-2)}`, { exact: true }).waitFor();
    await step.getByText(/^You can ask for a new code in \d+ seconds?\.$/).waitFor();
    expect(await step.getByRole("button", { name: "Resend code" }).isDisabled()).toBe(true);
    const field = step.getByLabel("Code from the text message");
    expect(await field.getAttribute("autocomplete")).toBe("one-time-code");
    await field.focus();
    await page.keyboard.type("000001");
    await page.keyboard.press("Enter");
    const wrong = "That code is not right. You have 4 tries left.";
    await step.getByText(wrong).waitFor();
    expect(await page.getByText(wrong).count()).toBe(1);
    await lookAt(page, "identity-code", `wrong-${window === phone ? "phone" : "laptop"}`, { asItIs: true });

    // Closed, the profile says where the code went and offers it again.
    await page.keyboard.press("Escape");
    const section = page.getByRole("region", { name: "Wallet and verification" });
    await section.getByText(/Enter the code we sent to 0803 \*\*\* \*\*\d\d to finish\./).waitFor();
    await section.getByText("Tier 1", { exact: true }).waitFor();

    const code = await identityCodeSent(test.app, number);
    // The simulated phone's inbox, where a developer reads it too.
    const inbox = await test.newPage(window);
    await inbox.goto(`${test.app.base}/simulator/termii?to=0803${number.slice(-7)}`);
    await inbox.getByText(`${code} is your OjaPay identity code.`, { exact: false }).waitFor();
    await lookAt(inbox, "identity-code", `inbox-${window === phone ? "phone" : "laptop"}`, { asItIs: true });
    await inbox.close();
    await section.getByRole("button", { name: "Enter the code" }).focus();
    await page.keyboard.press("Enter");
    await step.getByLabel("Code from the text message").waitFor();
    await lookAt(page, "identity-code", `step-${window === phone ? "phone" : "laptop"}`, { asItIs: true });
    await page.keyboard.type(code);
    await page.keyboard.press("Enter");
    await step.waitFor({ state: "detached" });
    await section.getByText("Tier 2", { exact: true }).waitFor();
    await page.getByText("Your identity is verified. Your account is now tier 2.").first().waitFor();
    await page.close();
  });
});

describe("a match whose record holds no phone", () => {
  it("tells the customer staff will confirm it, offers no new check meanwhile, and staff confirm it in the console", async () => {
    const page = await test.newPage(phone);
    await newCustomer(page, test.app.base, test.mail, {
      first: "Kemi",
      last: "Ola",
      email: "kemi.review@example.com",
      password: "kemi password 7",
    });
    await page.goto(`${test.app.base}/app/profile`);
    await checkByKeyboard(page, "70123406666");
    const section = page.getByRole("region", { name: "Wallet and verification" });
    await section
      .getByText(
        /NIN •••••••6666 matched your details\. Staff will confirm it is yours before your tier rises\./,
      )
      .waitFor();
    expect(await section.getByRole("button", { name: "Verify Details" }).count()).toBe(0);
    await lookAt(page, "identity-code", "in-review-phone", { asItIs: true });

    const admin = await test.newPage(laptop);
    await consoleSignIn(admin, test.app.base, testAdmin);
    await admin.goto(`${test.app.base}/admin/identity-reviews`);
    const record = admin.getByRole("article", { name: "Identity match for Kemi Ola" });
    await record.getByText("The registry holds no phone for this number").waitFor();
    await record.getByText(/NIN •••••••6666 · registry name Kemi Ola/).waitFor();
    // The checks the registry answered, beside the match, for staff to read before deciding.
    await record.getByText(/NIN •••••••6666: matched/).waitFor();
    await lookAt(admin, "identity-code", "console-match-laptop", { asItIs: true });
    await admin.setViewportSize(phone.viewport);
    await lookAt(admin, "identity-code", "console-match-phone", { asItIs: true, shown: record });
    await admin.setViewportSize(laptop.viewport);
    await record.getByRole("button", { name: "Confirm identity" }).click();
    const dialog = admin.getByRole("dialog", { name: "Confirm this identity?" });
    await dialog.getByLabel("Reason").fill("Saw her NIN slip at the office");
    await dialog.getByRole("button", { name: "Confirm identity" }).click();
    await admin.getByText("No waiting identity matches.").waitFor();

    await page.reload();
    await section.getByText("Tier 2", { exact: true }).waitFor();
    await admin.close();
    await page.close();
  });
});
