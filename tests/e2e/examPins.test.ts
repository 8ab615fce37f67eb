import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phone } from "./support/browser";
import { type BrowserTest, laptop, startBrowserTest } from "./support/browserTest";
import { fundedNewCustomer, payWithPin, tabTo } from "./support/customerFlows";
import { lookAt } from "./support/screenChecks";

// Exam PINs bought through the real server, its VTpass adapter and simulator, in Chromium: WAEC result
// checkers and a JAMB PIN after its candidate's check, at a phone's width and a laptop's, by keyboard
// alone at the choose step, each screen run through axe. SCREENSHOTS_DIR keeps a picture of each step.

let test: BrowserTest;
let page: Page;
let wide: Page;

const customer = {
  first: "Chidinma",
  last: "Obi",
  email: "chidinma@example.com",
  password: "chidinma pass 7",
};
const pin = "5172";
/** VTpass's sandbox profile ID, which its merchant-verify finds; one ending 4444 it does not. */
const jambProfile = "0123456789";
const unknownProfile = "0123454444";

beforeAll(async () => {
  // CSP bypassed only so axe can be injected.
  test = await startBrowserTest({ SIMULATOR_LATENCY_MS: "100" }, { firstAdmin: false, bypassCSP: true });
  page = await test.newPage(phone);
});

afterAll(() => test?.stop());

/** A step from the top of its page, at that page's width: the laptop's steps have a page of their own. */
const lookAtStep = (on: Page, name: string) => lookAt(on, "exam-pins", name, { asItIs: true, shown: "top" });

/** Each PIN on screen, as its groups read, checking that no PIN breaks over two lines. */
async function pinsShown(on: Page): Promise<string[]> {
  return on.locator(".pin-digits").evaluateAll((pins) =>
    pins.map((p) => {
      const tops = new Set([...p.children].map((group) => (group as HTMLElement).offsetTop));
      if (tops.size !== 1) throw new Error(`a PIN wraps: ${p.textContent}`);
      return [...p.children].map((group) => group.textContent).join(" ");
    }),
  );
}

describe("exam PINs in a real browser", () => {
  it("a new customer sets a PIN and funds the wallet by transfer", async () => {
    await fundedNewCustomer(page, test.app.base, test.mail, customer, pin, "40000");
    await page.goto(`${test.app.base}/app/dashboard`);
    await page
      .getByRole("navigation", { name: "Quick actions" })
      .getByRole("link", { name: "Exam PINs" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Exam PINs" }).waitFor();
  });

  it("buys two WAEC result checkers by keyboard alone, and shows each PIN with its serial, on the done step, the receipt and in the mail", async () => {
    await page.goto(`${test.app.base}/app/exam-pins`);
    await page.getByRole("group", { name: "Exam PIN" }).waitFor();
    await lookAtStep(page, "choose");
    // Keyboard alone: Tab into the PINs (the first one takes focus), Space chooses it, then the fields.
    await tabTo(page, /WAEC Result Checker/);
    await page.keyboard.press("Space");
    await tabTo(page, /^How many PINs$/);
    await page.keyboard.press("Control+A");
    await page.keyboard.type("2");
    await tabTo(page, /^Phone number$/);
    await page.keyboard.type("08031234567");
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("region", { name: "Confirm your purchase" });
    await confirm.getByText("2 PINs at ₦4,000 each").waitFor();
    expect(await confirm.locator(".summary-total").textContent()).toBe("Total₦8,000.00");
    await lookAtStep(page, "confirm");
    await tabTo(page, /^Transaction PIN$/);
    await page.keyboard.type(pin);
    await page.keyboard.press("Enter");

    const pins = page.getByRole("region", { name: "Your 2 PINs" });
    await pins.waitFor();
    const shown = await pinsShown(page);
    expect(shown).toHaveLength(2);
    for (const one of shown) expect(one).toMatch(/^\d{4} \d{4} \d{4}$/);
    expect(await pins.locator(".pin-serial").allTextContents()).toEqual([
      expect.stringMatching(/^Serial WRN\d{9}$/),
      expect.stringMatching(/^Serial WRN\d{9}$/),
    ]);
    await pins.getByRole("button", { name: "Copy PIN 2" }).waitFor();
    await pins.getByRole("button", { name: "Copy all PINs" }).waitFor();
    await lookAtStep(page, "done");

    // Mailed in the statement that delivered them: each PIN on screen is in the buyer's mail.
    const digits = shown.map((one) => one.replaceAll(" ", ""));
    await expect
      .poll(() => test.mail.mails.some((m) => digits.every((d) => m.raw.includes(d))), { timeout: 15_000 })
      .toBe(true);

    await page.getByRole("link", { name: "View receipt" }).click();
    await page.getByRole("region", { name: "Your 2 PINs" }).waitFor();
    expect(await pinsShown(page)).toEqual(shown);
    await lookAtStep(page, "receipt");
  });

  it("checks a JAMB candidate's profile ID before confirming, and refuses one JAMB does not know", async () => {
    await page.goto(`${test.app.base}/app/exam-pins`);
    await page.getByRole("radio", { name: /JAMB UTME PIN \(with mock\)/ }).check();
    expect(await page.getByLabel("How many PINs").count()).toBe(0);
    await page.getByLabel("JAMB profile ID").fill(unknownProfile);
    await page.getByLabel("Phone number").fill("08031234567");
    await page.getByRole("button", { name: "Check profile ID" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /profile ID/i })
      .waitFor();
    expect(await page.getByLabel("JAMB profile ID").inputValue()).toBe(unknownProfile);

    await page.getByLabel("JAMB profile ID").fill(jambProfile);
    await lookAtStep(page, "choose-jamb");
    await page.getByRole("button", { name: "Check profile ID" }).click();
    await page.getByRole("heading", { name: "Is this the right candidate?" }).waitFor();
    await lookAtStep(page, "verify");
    await page.getByRole("button", { name: "Yes, continue" }).click();
    const confirm = page.getByRole("region", { name: "Confirm your purchase" });
    await confirm.getByText(jambProfile).waitFor();
    await payWithPin(page, pin);
    const one = page.getByRole("region", { name: "Your PIN" });
    await one.waitFor();
    expect(await pinsShown(page)).toEqual([expect.stringMatching(/^\d{4} \d{4} \d{4} \d{4}$/)]);
    await one.getByRole("button", { name: "Copy PIN" }).waitFor();
    await lookAtStep(page, "done-jamb");
  });

  it("fits the same steps on a laptop's window", async () => {
    wide = await test.newPage(laptop, await page.context().storageState());
    await wide.goto(`${test.app.base}/app/exam-pins`);
    await wide.getByRole("group", { name: "Exam PIN" }).waitFor();
    await lookAtStep(wide, "choose");
    await wide.getByRole("radio", { name: /JAMB Direct Entry PIN/ }).check();
    await wide.getByLabel("JAMB profile ID").fill(jambProfile);
    await wide.getByLabel("Phone number").fill("08031234567");
    await wide.getByRole("button", { name: "Check profile ID" }).click();
    await wide.getByRole("heading", { name: "Is this the right candidate?" }).waitFor();
    await lookAtStep(wide, "verify");
    await wide.getByRole("button", { name: "No, go back" }).click();
    await wide.getByRole("radio", { name: /WAEC Result Checker/ }).check();
    await wide.getByLabel("How many PINs").fill("3");
    await wide.getByRole("button", { name: "Continue" }).click();
    await wide
      .getByRole("region", { name: "Confirm your purchase" })
      .getByText("₦12,000.00")
      .first()
      .waitFor();
    await lookAtStep(wide, "confirm");
    await payWithPin(wide, pin);
    await wide.getByRole("region", { name: "Your 3 PINs" }).waitFor();
    expect(await pinsShown(wide)).toHaveLength(3);
    await lookAtStep(wide, "done");
    await wide.getByRole("link", { name: "View receipt" }).click();
    await wide.getByRole("region", { name: "Your 3 PINs" }).waitFor();
    await lookAtStep(wide, "receipt");
  });
});
