import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phone } from "./support/browser";
import { startBrowserTest, testAdmin } from "./support/browserTest";
import { newCustomer } from "./support/customerFlows";
import { copiesOnceSettled, toastTexts, visibleCopies } from "./support/saidOnce";
import { consoleSignIn } from "./support/secondFactor";

// One message, one place (docs/decisions.md, "One message, one place"): each refusal a form field, a
// dialog or the page shows is shown there alone, never toasted as well, at a phone's 360px where a
// toast would cover the dialog. Each case counts the places on screen that say the words.

const expiry = "Your session has expired. Kindly sign-in again.";

let test: Awaited<ReturnType<typeof startBrowserTest>>;
const app = { base: "" };

beforeAll(async () => {
  test = await startBrowserTest({
    // The sign-in code case guesses from many addresses, as X-Forwarded-For names them.
    TRUST_PROXY: "1",
    ADDRESS_LIMIT_PER_MINUTE: "600",
  });
  app.base = test.app.base;
});

afterAll(() => test?.stop());

const newPage = () => test.newPage(phone);

async function fillRegistration(page: Page, email: string) {
  await page.goto(`${app.base}/auth/register`);
  await page.getByLabel("First name").fill("Kemi");
  await page.getByLabel("Last name").fill("Bello");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Phone number").fill("08031234567");
  await page.getByLabel("Password", { exact: true }).fill("kemi password 4");
  await page.getByRole("button", { name: "Create account" }).click();
}

describe("one message, one place", () => {
  it("says a sign-up's wrong code once, in the dialog, and its success once, with no toast left over", async () => {
    const page = await newPage();
    const email = "kemi@example.com";
    await fillRegistration(page, email);
    const verify = page.getByRole("dialog", { name: "Verify your email" });
    await verify.waitFor();
    await verify.getByLabel("Verification code").fill("000000");
    await verify.getByRole("button", { name: "Verify" }).click();
    const alert = verify.getByRole("alert");
    await alert.waitFor();
    const said = ((await alert.textContent()) ?? "").replace("An error occurred.", "").trim();
    expect(said.length).toBeGreaterThan(5);
    expect(await copiesOnceSettled(page, said)).toBe(1);
    expect(await alert.textContent()).toMatch(/^An error occurred\./);
    expect(await toastTexts(page)).toEqual([]);

    await verify.getByLabel("Verification code").fill(await test.mail.nextCode(email, 0));
    await verify.getByRole("button", { name: "Verify" }).click();
    const created = page.getByRole("dialog", { name: "Account created" });
    await created.waitFor();
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(750);
    // Neither "Almost done…" from the sign-up nor the verification's own words stay in a toast.
    expect(await toastTexts(page)).toEqual([]);
    expect(await visibleCopies(page, "Your email is verified")).toBe(1);
  });

  it("reads the spec's code-less 400 for a taken email as 'User with this email already exists', once", async () => {
    const page = await newPage();
    // The spec's own answer (section 5), which this server never sends: a sign-up answers a taken
    // email as a new one (docs/decisions.md, "A taken email on sign-up").
    await page.route("**/api/auth/register/", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          status: false,
          msg: "custom user with this email already exists.",
          fields: { email: ["custom user with this email already exists."] },
        }),
      }),
    );
    await fillRegistration(page, "taken@example.com");
    expect(await copiesOnceSettled(page, "User with this email already exists")).toBe(1);
    expect(await page.getByLabel("Email address").getAttribute("aria-invalid")).toBe("true");
    expect(await visibleCopies(page, "custom user with this email")).toBe(0);
    expect(await toastTexts(page)).toEqual([]);
  });

  it("says why the sign-in code is needed only in its dialog, and a wrong code only under the code", async () => {
    const who = { first: "Sani", last: "Musa", email: "sani@example.com", password: "sani password 8" };
    const page = await newPage();
    await newCustomer(page, app.base, test.mail, who);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    for (let i = 0; i < 10; i++) {
      await fetch(`${app.base}/api/auth/login/`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i + 1}` },
        body: JSON.stringify({ email: who.email, password: `a wrong guess ${i}` }),
      });
    }
    await page.goto(`${app.base}/auth/login`);
    await page.getByLabel("Email address").fill(who.email);
    await page.getByLabel("Password", { exact: true }).fill(who.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    const dialog = page.getByRole("dialog", { name: "Enter your sign-in code" });
    await dialog.waitFor();
    expect(await copiesOnceSettled(page, "signing in needs a code as well")).toBe(1);
    expect(await visibleCopies(page, "Enter it below")).toBe(0);
    expect(await toastTexts(page)).toEqual([]);

    await dialog.getByLabel("Sign-in code").fill("000000");
    await dialog.getByRole("button", { name: "Sign in" }).click();
    const wrong = "That email, password or sign-in code is not right.";
    expect(await copiesOnceSettled(page, wrong)).toBe(1);
    expect(await dialog.getByLabel("Sign-in code").getAttribute("aria-invalid")).toBe("true");
    expect(await toastTexts(page)).toEqual([]);
  });

  it("says a wrong PIN code and the wait for a new one once each, in the PIN dialog", async () => {
    const page = await newPage();
    const email = "tobi@example.com";
    await newCustomer(page, app.base, test.mail, {
      first: "Tobi",
      last: "Ade",
      email,
      password: "tobi password 5",
    });
    await page.goto(`${app.base}/app/profile`);
    await page.getByRole("button", { name: /PIN/i }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await dialog.getByLabel("Code (OTP)").fill("000000");
    await dialog.getByLabel(/PIN/, { exact: false }).last().fill("1357");
    await dialog.getByRole("button", { name: "Verify" }).click();
    const alert = dialog.getByRole("alert");
    await alert.waitFor();
    const wrongCode = ((await alert.textContent()) ?? "").trim();
    expect(await copiesOnceSettled(page, wrongCode)).toBe(1);
    // "We sent a 6-digit code" may still be up from opening the dialog; no refusal is.
    expect(await toastTexts(page, "error")).toEqual([]);

    await dialog.getByRole("button", { name: "Resend" }).click();
    expect(await copiesOnceSettled(page, "Please wait")).toBe(1);
    expect(await dialog.getByRole("alert").textContent()).toMatch(/^Please wait \d+ seconds/);
    expect(await toastTexts(page, "error")).toEqual([]);
  });

  it("says a session expired once, on the sign-in page, when the profile fetch meets a 401 with any words", async () => {
    const page = await newPage();
    await newCustomer(page, app.base, test.mail, {
      first: "Ife",
      last: "Oke",
      email: "ife@example.com",
      password: "ife password 6",
    });
    // Spec section 8: a 401 on the profile fetch is a session expiry whatever it says.
    await page.route("**/api/auth/profile/", (route) =>
      route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify({ status: false, msg: "Token is invalid or expired" }),
      }),
    );
    await page.reload();
    await page.waitForURL(`${app.base}/auth/login`);
    expect(await copiesOnceSettled(page, expiry)).toBe(1);
    expect(await visibleCopies(page, "Token is invalid")).toBe(0);
    expect(await toastTexts(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });

  it("says a price below cost once, in the sell-at-a-loss step, and a smallest above the largest once", async () => {
    const page = await newPage();
    await consoleSignIn(page, app.base, testAdmin);

    await page.goto(`${app.base}/admin/manage-databundle/1`);
    await page
      .getByRole("button", { name: /^Edit / })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: /^Edit / });
    await dialog.getByLabel("Price", { exact: true }).fill("1");
    await dialog.getByRole("button", { name: "Save plan" }).click();
    const step = dialog.getByRole("region", { name: "This sells at a loss" });
    await step.waitFor();
    const words = ((await step.locator("p").first().textContent()) ?? "").trim();
    expect(words).toMatch(/below its cost/);
    expect(await copiesOnceSettled(page, words)).toBe(1);
    expect(await toastTexts(page)).toEqual([]);
    await page.keyboard.press("Escape");

    await page.goto(`${app.base}/admin/manage-airtime`);
    const mtn = page.getByRole("region", { name: /MTN/ }).first();
    await mtn.getByLabel(/Largest purchase/).fill("1");
    // Only the server knows the smallest it keeps, so the refusal is its answer, not the form's check.
    const answered = page.waitForResponse(
      (response) => response.url().includes("/fetch/airtime") && response.request().method() === "PATCH",
    );
    await mtn.getByRole("button", { name: /^Save/ }).click();
    expect((await answered).status()).toBe(400);
    const refusal = mtn.getByRole("alert").or(mtn.locator(".field-error")).first();
    await refusal.waitFor();
    const said = ((await refusal.textContent()) ?? "").trim();
    expect(await copiesOnceSettled(page, said)).toBe(1);
    expect(await toastTexts(page)).toEqual([]);
  });
});
