import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { startMailCatcher } from "./mailCatcher";

type Mail = Awaited<ReturnType<typeof startMailCatcher>>;

export interface Person {
  first: string;
  last: string;
  email: string;
  password: string;
}

/** The sign-up form filled in for `person` and sent, as a customer would on the site. */
export async function submitRegistration(page: Page, base: string, person: Person) {
  await page.goto(`${base}/auth/register`);
  await page.getByLabel("First name").fill(person.first);
  await page.getByLabel("Last name").fill(person.last);
  await page.getByLabel("Email address").fill(person.email);
  await page.getByLabel("Phone number").fill("08031234567");
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Create account" }).click();
}

/** Register, verify with the emailed code, and sign in, as a customer would on the site. */
export async function newCustomer(page: Page, base: string, mail: Mail, person: Person) {
  await submitRegistration(page, base, person);
  const verify = page.getByRole("dialog", { name: "Verify your email" });
  await verify.waitFor();
  await verify.getByLabel("Verification code").fill(await mail.nextCode(person.email, 0));
  await verify.getByRole("button", { name: "Verify" }).click();
  await page
    .getByRole("dialog", { name: "Account created" })
    .getByRole("button", { name: "Sign in now" })
    .click();
  await page.waitForURL(`${base}/app/dashboard`);
}

/** The first transaction PIN, from Profile → Reset Pin (a first PIN's modal) and the emailed code. */
export async function setPin(page: Page, base: string, mail: Mail, email: string, pin: string) {
  const seen = mail.count(email);
  await page.goto(`${base}/app/profile`);
  await page.getByRole("button", { name: "Reset Pin" }).click();
  const otp = page.getByRole("dialog", { name: "Set your transaction PIN" });
  await otp.waitFor();
  await otp.getByLabel("Code (OTP)").fill(await mail.nextCode(email, seen));
  await otp.getByLabel("PIN", { exact: true }).fill(pin);
  await otp.getByRole("button", { name: "Verify" }).click();
  await otp.waitFor({ state: "detached" });
}

/**
 * Fund account → amount chip → Paystack's (simulated) checkout, paid with its test card (the form
 * comes filled with it) → back on Fund account, where the server confirms with Paystack.
 */
export async function fundThroughCheckout(page: Page, base: string, chip: string) {
  await page.goto(`${base}/app/fund-account`);
  await page.getByRole("button", { name: chip, exact: true }).click();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.waitForURL(/\/simulator\/paystack\/checkout\//);
  await page.getByLabel("Card number").waitFor();
  await page.getByRole("button", { name: /^Pay ₦/ }).click();
  await page.waitForURL(/\/app\/fund-account\?.*reference=/);
}

/**
 * The customer's own account number from Fund account, then a transfer into it from their bank app
 * (the Paystack simulator's bank page), as most Nigerian wallet users top up.
 */
export async function fundByTransfer(page: Page, base: string, naira: string) {
  await page.goto(`${base}/app/fund-account`);
  const panel = page.getByRole("region", { name: "Pay by bank transfer" });
  const number = panel.locator(".bank-account dd.wallet-number");
  await number.waitFor();
  const account = ((await number.textContent()) ?? "").trim();
  await page.goto(`${base}/simulator/paystack/bank?account=${account}`);
  await page.getByLabel(/^Amount/).fill(naira);
  await page.getByRole("button", { name: /^Send/ }).click();
  await page.getByText(/^Transfer sent/).waitFor();
  return account;
}

/**
 * Ikeja Electric's prepaid meter `meter` for ₦1,000, checked with the disco and its customer accepted:
 * the electricity wizard at its confirm step.
 */
export async function checkedMeter(page: Page, base: string, meter: string) {
  await page.goto(`${base}/app/utilities`);
  await page.getByLabel("Electricity company").selectOption({ label: "Ikeja Electric (IKEDC)" });
  await page.getByLabel("Meter number").fill(meter);
  await page.getByLabel("Amount (₦)").fill("1,000");
  await page.getByLabel("Phone number").fill("08031234567");
  await page.getByRole("button", { name: "Check meter" }).click();
  await page.getByRole("heading", { name: "Is this the right customer?" }).waitFor();
  await page.getByRole("button", { name: "Yes, continue" }).click();
}

/** The confirm step: the PIN, then Pay. */
export async function payWithPin(page: Page, pin: string) {
  await page.getByRole("textbox", { name: "Transaction PIN" }).fill(pin);
  await page.getByRole("button", { name: /^Pay ₦/ }).click();
}

/**
 * A new customer with a PIN and `naira` in the wallet, by transfer, seen credited in the history:
 * where every wizard's browser test begins.
 */
export async function fundedNewCustomer(
  page: Page,
  base: string,
  mail: Mail,
  person: Person,
  pin: string,
  naira: string,
) {
  await newCustomer(page, base, mail, person);
  await setPin(page, base, mail, person.email, pin);
  await fundByTransfer(page, base, naira);
  const credit = `+₦${Number(naira).toLocaleString("en-NG")}.00`;
  await expect
    .poll(
      async () => {
        await page.goto(`${base}/app/transaction-history`);
        await page.getByRole("heading", { level: 1 }).waitFor();
        return page.getByText(credit).count();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBeGreaterThan(0);
}

/** Presses Tab until the focused element is `name`'s, as someone without a mouse gets there. */
export async function tabTo(page: Page, name: RegExp) {
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const label = el?.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
      return label ?? el?.closest("label")?.textContent ?? el?.textContent ?? "";
    });
    if (name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}
