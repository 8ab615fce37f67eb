import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phone } from "./support/browser";
import { type BrowserTest, startBrowserTest } from "./support/browserTest";
import { fundByTransfer, newCustomer, payWithPin, setPin } from "./support/customerFlows";
import { identityCodeSent } from "./support/identityCodeSent";

let test: BrowserTest;
let page: Page;

beforeAll(async () => {
  test = await startBrowserTest({ SIMULATOR_LATENCY_MS: "100" }, { firstAdmin: false });
  page = await test.newPage(phone);
});

afterAll(() => test?.stop());

const pin = "5193";

async function buyAirtime(naira: string) {
  await page.goto(`${test.app.base}/app/airtime-vtu`);
  await page.getByLabel("Phone number").fill("08031234567");
  await page.getByLabel("Amount (₦)").fill(naira);
  await page.getByRole("button", { name: "Continue" }).click();
  await payWithPin(page, pin);
}

describe("KYC tiers in a real browser", () => {
  it("stops a tier 1 customer at the daily limit, and Verify Details with the registry phone's code raises the tier so the purchase goes through", async () => {
    await newCustomer(page, test.app.base, test.mail, {
      first: "Emeka",
      last: "Obi",
      email: "emeka@example.com",
      password: "emeka password 3",
    });
    await setPin(page, test.app.base, test.mail, "emeka@example.com", pin);
    await fundByTransfer(page, test.app.base, "60,000");

    await page.goto(`${test.app.base}/app/profile`);
    const section = page.getByRole("region", { name: "Wallet and verification" });
    await section.getByText("Tier 1", { exact: true }).waitFor();
    await section.getByText("₦50,000.00 (₦0.00 used today)").waitFor();
    await section.getByText("Not verified: identity not checked yet", { exact: true }).waitFor();

    // ₦49,000 after MTN's 2%: within the day's ₦50,000.
    await buyAirtime("50,000");
    await page.getByRole("heading", { name: "Purchase successful" }).waitFor();
    // ₦1,960 more is past it.
    await buyAirtime("2,000");
    await page
      .getByText(
        "This purchase would take today's purchases to ₦50,960.00, over the ₦50,000.00 daily limit of a tier 1 account (₦1,000.00 left today). Verify your BVN or NIN on your profile to raise it.",
      )
      .first()
      .waitFor();

    await page.goto(`${test.app.base}/app/profile`);
    await section.getByText("₦50,000.00 (₦49,000.00 used today)").waitFor();
    await section.getByRole("button", { name: "Verify Details" }).click();
    const dialog = page.getByRole("dialog", { name: "Verify your identity" });
    await dialog.getByRole("radio", { name: "NIN" }).check();
    // The profile has no date of birth yet: the check takes it, and it is saved to the profile.
    await dialog.getByLabel("Date of birth").fill("1990-05-04");
    // A number the simulated provider holds under another name is refused, in the dialog.
    await dialog.getByLabel("NIN (11 digits)").fill("12345679999");
    await dialog.getByRole("button", { name: "Verify" }).click();
    await dialog
      .getByText(/^The name on this NIN does not match the name on your profile \(Emeka Obi\)/)
      .waitFor();
    // The registry answered: the names and date of birth are fixed from now on.
    await section.getByRole("button", { name: "Ask for a correction" }).waitFor();
    await dialog.getByLabel("NIN (11 digits)").fill("70123456789");
    await dialog.getByRole("button", { name: "Verify" }).click();
    // A match raises nothing yet: the code goes to the phone the registry holds for the NIN.
    const codeStep = page.getByRole("dialog", { name: "Enter the code" });
    await codeStep.getByText("0803 *** **89", { exact: true }).waitFor();
    await section.getByText("Tier 1", { exact: true }).waitFor();
    // Read from the simulated phone's inbox, into the step still open.
    const code = await identityCodeSent(test.app, "70123456789");
    await codeStep.getByLabel("Code from the text message").fill(code);
    await codeStep.getByRole("button", { name: "Confirm" }).click();
    await codeStep.waitFor({ state: "detached" });
    await page.getByText("Your identity is verified. Your account is now tier 2.").first().waitFor();
    await section.getByText("Tier 2", { exact: true }).waitFor();
    await section.getByText("Verified: identity checked", { exact: true }).waitFor();
    await section.getByText(/^•••••••6789, verified /).waitFor();
    await section.getByText("₦200,000.00 (₦49,000.00 used today)").waitFor();
    expect(await section.getByRole("button", { name: "Verify Details" }).count()).toBe(0);
    const details = page.getByRole("region", { name: "Personal details" });
    expect(await details.getByLabel("First name").getAttribute("readonly")).not.toBeNull();
    expect(await details.getByLabel("Date of birth").inputValue()).toBe("1990-05-04");

    await buyAirtime("2,000");
    await page.getByRole("heading", { name: "Purchase successful" }).waitFor();
  });
});
