import { Secret, TOTP } from "otpauth";
import type { Page } from "playwright-core";

// Each person's authenticator, as the test's "phone" holds it: the key read off the setup page.
const keys = new Map<string, string>();
const lastStep = new Map<string, number>();

/**
 * A fresh code for `email`. The server takes a code from one step either side of its clock, each step
 * once: a second sign-in within the same 30 seconds uses the next step's code, as a phone whose clock
 * runs a little ahead would show, and only a third waits for the step to turn.
 */
async function freshCode(email: string): Promise<string> {
  const key = keys.get(email);
  if (!key) throw new Error(`no authenticator was set up for ${email}`);
  const stepNow = () => Math.floor(Date.now() / 30_000);
  const step = Math.max(stepNow(), (lastStep.get(email) ?? -1) + 1);
  if (step > stepNow() + 1) await new Promise((r) => setTimeout(r, (step - 1) * 30_000 - Date.now() + 200));
  lastStep.set(email, step);
  return TOTP.generate({ secret: Secret.fromBase32(key), timestamp: step * 30_000 });
}

/**
 * After the password: sets up the authenticator on a first sign-in (QR code shown, key read, first
 * code, recovery codes saved) or types its code on a later one, and lands on the console.
 */
export async function passSecondFactor(page: Page, email: string): Promise<void> {
  const setup = page.getByRole("heading", { level: 1, name: "Set up two-step sign-in" });
  const code = page.getByRole("heading", { level: 1, name: "Two-step sign-in" });
  await setup.or(code).waitFor();
  if (await setup.isVisible()) {
    await page.getByRole("button", { name: "Show the QR code" }).click();
    await page.getByRole("img", { name: "QR code to scan with your authenticator app" }).waitFor();
    keys.set(email, (await page.locator(".second-factor-key").textContent())?.trim() ?? "");
    await page.getByLabel("Authenticator code").fill(await freshCode(email));
    await page.getByRole("button", { name: "Turn on" }).click();
    await page.getByRole("list", { name: "Recovery codes" }).waitFor();
    await page.getByRole("button", { name: "I have saved them: open the console" }).click();
  } else {
    await page.getByLabel("Authenticator code").fill(await freshCode(email));
    await page.getByRole("button", { name: "Continue" }).click();
  }
  await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
}

/** Signs `who` in at the console's own sign-in page, through the second factor, onto the dashboard. */
export async function consoleSignIn(page: Page, base: string, who: { email: string; password: string }) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email address").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign in to the console" }).click();
  await page.waitForURL(`${base}/admin/dashboard`);
  await passSecondFactor(page, who.email);
}
