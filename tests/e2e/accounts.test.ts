import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phone } from "./support/browser";
import { type BrowserTest, startBrowserTest, testAdmin } from "./support/browserTest";
import { type Person, submitRegistration } from "./support/customerFlows";
import { passSecondFactor } from "./support/secondFactor";

const admin = testAdmin;
const expiry = "Your session has expired. Kindly sign-in again.";

let test: BrowserTest;

beforeAll(async () => {
  test = await startBrowserTest(
    {
      // The sign-in code test below guesses from many addresses, as X-Forwarded-For names them.
      TRUST_PROXY: "1",
      // Every page here signs up, in and out from one address, far more often than a person would.
      ADDRESS_LIMIT_PER_MINUTE: "600",
    },
    { pageTimeout: 15_000 },
  );
});

afterAll(() => test?.stop());

const newPage = () => test.newPage(phone);

const toast = (page: Page, text: string) => page.locator(".Toastify").getByText(text, { exact: false });

async function signIn(page: Page, email: string, password: string, path = "/auth/login") {
  await page.goto(`${test.app.base}${path}`);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: /^Sign in/ }).click();
}

const register = (page: Page, person: Person) => submitRegistration(page, test.app.base, person);

describe("an account's life in a real browser", () => {
  const person = {
    first: "Adaeze",
    last: "Nwankwo",
    email: "adaeze@example.com",
    password: "adaeze password 7",
  };

  it("registers, verifies with the emailed code, signs in, sets a PIN, updates the profile and logs out", async () => {
    const page = await newPage();
    await register(page, person);

    const verify = page.getByRole("dialog", { name: "Verify your email" });
    await expect.poll(() => verify.isVisible()).toBe(true);
    const code = await test.mail.nextCode(person.email, 0);
    await verify.getByLabel("Verification code").fill(code);
    await verify.getByRole("button", { name: "Verify" }).click();

    const created = page.getByRole("dialog", { name: "Account created" });
    // Closed instead of "Sign in now", so the sign-in page itself is walked too.
    await created.waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${test.app.base}/auth/login`);
    await page.getByLabel("Email address").fill(person.email);
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${test.app.base}/app/dashboard`);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The profile, from the avatar in the top bar.
    await page.getByRole("link", { name: "Your profile" }).click();
    await page.getByRole("heading", { level: 1, name: `${person.first} ${person.last}` }).waitFor();
    const pin = page.getByRole("group", { name: "Transaction PIN" });
    await expect.poll(() => pin.textContent()).toContain("Not set");

    // A first PIN, through the OTP modal.
    await page.getByRole("button", { name: "Reset Pin" }).click();
    const otp = page.getByRole("dialog", { name: "Set your transaction PIN" });
    await otp.waitFor();
    const pinCode = await test.mail.nextCode(person.email, 1);
    await otp.getByLabel("Code (OTP)").fill(pinCode);
    await otp.getByLabel("PIN", { exact: true }).fill("2580");
    await otp.getByRole("button", { name: "Verify" }).click();
    await otp.waitFor({ state: "detached" });
    await toast(page, "Your transaction PIN has been set.").waitFor();
    await expect.poll(() => pin.textContent()).toContain("••••");
    await pin.getByRole("button", { name: "Show transaction pin" }).click();
    await expect.poll(() => pin.textContent()).toContain("Set. Use Reset Pin to change it.");

    // Update Profile, against PATCH auth/profile/.
    await page.getByLabel("Last name").fill("Okoro");
    await page.getByLabel("Date of birth").fill("1996-04-18");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await page.getByRole("heading", { level: 1, name: `${person.first} Okoro` }).waitFor();
    await toast(page, "Your profile has been updated.").waitFor();
    await page.reload();
    await page.getByRole("heading", { level: 1, name: `${person.first} Okoro` }).waitFor();
    expect(await page.getByLabel("Date of birth").inputValue()).toBe("1996-04-18");

    // Logout, from the phone's folded menu, through the confirmation; Escape first cancels it.
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await page
      .getByRole("navigation", { name: "Customer menu" })
      .getByRole("button", { name: "Log out" })
      .click();
    const logout = page.getByRole("dialog", { name: "Log out" });
    expect(await logout.textContent()).toContain("You are about to log out. Do you want to proceed?");
    await page.keyboard.press("Escape");
    await logout.waitFor({ state: "detached" });
    // Still signed in, with the menu still open where it was.
    expect(await page.getByRole("button", { name: "Menu", exact: true }).getAttribute("aria-expanded")).toBe(
      "true",
    );
    await page
      .getByRole("navigation", { name: "Customer menu" })
      .getByRole("button", { name: "Log out" })
      .click();
    await logout.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(`${test.app.base}/auth/login`);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await page.goto(`${test.app.base}/app/profile`);
    await page.waitForURL(`${test.app.base}/auth/login`);
    await page.context().close();
  });

  it("draws the profile before its forms arrive, puts them where their placeholders were, and says in place when they cannot load", async () => {
    const page = await newPage();
    await signIn(page, person.email, person.password);
    await page.waitForURL(`${test.app.base}/app/dashboard`);
    // The chunk of the profile's forms and modals (lazyPart) is held until the page has drawn without it.
    const partsChunk = /\/assets\/profileParts-[^/]+\.js$/;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(partsChunk, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${test.app.base}/app/profile`);
    const details = page.getByRole("region", { name: "Personal details" });
    const password = page.getByRole("region", { name: "Change password" });
    const verification = page.getByRole("region", { name: "Wallet and verification" });
    await details.getByRole("status").filter({ hasText: "Loading your personal details…" }).waitFor();
    await password.getByRole("status").filter({ hasText: "Loading the password form…" }).waitFor();
    await verification.getByText("Tier 1").waitFor();
    expect(await page.getByRole("button", { name: "Reset Pin" }).isEnabled()).toBe(true);

    // On a 360px phone, the forms take their placeholders' places: nothing on the page moves.
    const boxes = () => Promise.all([details, password, verification].map((region) => region.boundingBox()));
    const before = await boxes();
    release();
    await details.getByLabel("First name").waitFor();
    await password.getByLabel("Current password", { exact: true }).waitFor();
    const after = await boxes();
    for (const [index, box] of after.entries()) {
      for (const side of ["x", "y", "width", "height"] as const)
        expect(box?.[side]).toBeCloseTo(before[index]?.[side] ?? Number.NaN, 0);
    }

    // A phone that cannot fetch the chunk gets the page, and the load error where each form would be.
    const offline = await test.browser.newContext({
      ...phone,
      storageState: await page.context().storageState(),
    });
    const again = await offline.newPage();
    await again.route(partsChunk, (route) => route.abort("internetdisconnected"));
    await again.goto(`${test.app.base}/app/profile`);
    for (const name of ["Personal details", "Change password"]) {
      const region = again.getByRole("region", { name });
      await region.getByRole("alert").filter({ hasText: "This part of the page did not load." }).waitFor();
      expect(await region.getByRole("button", { name: "Try again" }).isVisible()).toBe(true);
    }
    expect(await again.getByRole("heading", { level: 1, name: `${person.first} Okoro` }).isVisible()).toBe(
      true,
    );
    await offline.close();
    await page.context().close();
  });

  it("answers a taken email as a new one, and tells its owner by email instead", async () => {
    const page = await newPage();
    const seen = test.mail.count(person.email);
    await register(page, { ...person, password: "someone else's secret" });
    await page.getByRole("dialog", { name: "Verify your email" }).waitFor();
    await expect
      .poll(() =>
        test.mail.mails
          .filter((m) => m.to.includes(person.email))
          .slice(seen)
          .map((m) => m.raw),
      )
      .toEqual([expect.stringMatching(/^Subject: You already have an OjaPay account/m)]);
    await page.context().close();
  });

  it("opens the verify modal when an unverified account signs in", async () => {
    const page = await newPage();
    const late = { first: "Emeka", last: "Obi", email: "emeka@example.com", password: "emeka password 9" };
    await register(page, late);
    await page.getByRole("dialog", { name: "Verify your email" }).waitFor();
    // The sign-in proves the sign-up's password, so the code mailed at sign-up confirms it.
    const code = await test.mail.nextCode(late.email, 0);

    await signIn(page, late.email, late.password);
    const verify = page.getByRole("dialog", { name: "Verify your email" });
    await verify.waitFor();
    await verify.getByLabel("Verification code").fill(code);
    await verify.getByRole("button", { name: "Verify" }).click();
    // Verified, the sign-in carries on by itself.
    await page.waitForURL(`${test.app.base}/app/dashboard`);
    await page.context().close();
  });

  it("sends a user whose session was revoked to /auth with the expiry message", async () => {
    const page = await newPage();
    await signIn(page, person.email, person.password);
    await page.waitForURL(`${test.app.base}/app/dashboard`);
    // The dashboard has had its answers, so the first request to meet the ended session is the
    // reload's below, not one of this page's still on its way (which would end it here, before the
    // reload, leaving that page nothing to say).
    await page.getByRole("heading", { level: 2, name: "Wallet balance" }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem("token"));
    // The session ends on the server (here: its own logout, from elsewhere).
    const res = await fetch(`${test.app.base}/api/auth/logout/`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);

    // The next thing the app asks the server (here, the dashboard's reload) meets the ended session.
    await page.reload();
    await page.waitForURL(`${test.app.base}/auth/login`);
    // Said by the sign-in page, once (tests/e2e/notices.test.ts counts the places).
    await page.locator(".auth-note").getByText(expiry).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await page.context().close();
  });

  it("lets the admin in at /admin/login and keeps a customer out of the admin area", async () => {
    const staffPage = await newPage();
    await signIn(staffPage, admin.email, admin.password, "/admin/login");
    await staffPage.waitForURL(`${test.app.base}/admin/dashboard`);
    // First sign-in: the console stays shut until an authenticator is set up (QR code, first code).
    await passSecondFactor(staffPage, admin.email);
    await staffPage.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await staffPage.getByRole("button", { name: "Menu", exact: true }).click();
    await staffPage
      .getByRole("navigation", { name: "Admin menu" })
      .getByRole("link", { name: "Manage users" })
      .waitFor();
    await staffPage.context().close();

    // Every later sign-in asks for the authenticator's code before the console opens.
    const again = await newPage();
    await signIn(again, admin.email, admin.password, "/admin/login");
    await again.getByRole("heading", { level: 1, name: "Two-step sign-in" }).waitFor();
    await passSecondFactor(again, admin.email);
    await again.context().close();

    const customer = await newPage();
    await signIn(customer, person.email, person.password, "/admin/login");
    await toast(customer, "This sign-in is for OjaPay staff.").waitFor();
    expect(customer.url()).toBe(`${test.app.base}/admin/login`);

    await signIn(customer, person.email, person.password);
    await customer.waitForURL(`${test.app.base}/app/dashboard`);
    await customer.goto(`${test.app.base}/admin/dashboard`);
    await customer.waitForURL(`${test.app.base}/app/dashboard`);
    await toast(customer, "The admin area is for OjaPay staff.").waitFor();
    // The server refuses it too, whatever the SPA does.
    const token = await customer.evaluate(() => localStorage.getItem("token"));
    const res = await fetch(`${test.app.base}/api/sys.admin/users/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(403);
    await customer.context().close();
  });

  it("resets a forgotten password with the emailed code, which signs out every device", async () => {
    const who = {
      email: "emeka@example.com",
      oldPassword: "emeka password 9",
      newPassword: "emeka fresh secret 10",
    };
    const before = await newPage();
    await signIn(before, who.email, who.oldPassword);
    await before.waitForURL(`${test.app.base}/app/dashboard`);

    const page = await newPage();
    await page.goto(`${test.app.base}/auth/login`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL(`${test.app.base}/auth/forgot-password`);
    const seen = test.mail.count(who.email);
    await page.getByLabel("Email address").fill(who.email);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    const code = await test.mail.nextCode(who.email, seen);
    await page.getByLabel("Code (OTP)").fill(code);
    await page.getByLabel("New password", { exact: true }).fill(who.newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL(`${test.app.base}/auth/login?email=${encodeURIComponent(who.email)}`);
    await toast(page, "Your password has been changed. Please sign in with it.").waitFor();
    await page.getByLabel("Password", { exact: true }).fill(who.newPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${test.app.base}/app/dashboard`);

    // The device signed in before the reset is signed out.
    await before.reload();
    await before.waitForURL(`${test.app.base}/auth/login`);
    await before.locator(".auth-note").getByText(expiry).waitFor();
    await before.context().close();

    // And a known password is changed from the profile.
    await page.goto(`${test.app.base}/app/profile`);
    await page.getByLabel("Current password", { exact: true }).fill(who.newPassword);
    await page.getByLabel("New password", { exact: true }).fill("emeka third secret 11");
    await page.getByRole("button", { name: "Change password" }).click();
    await toast(page, "Your password has been changed. Other devices have been signed out.").waitFor();
    await page.context().close();
  });

  it("confirms a sign-up from the mailed link at once on the browser that signed up", async () => {
    const page = await newPage();
    const who = { first: "Ifeoma", last: "Eze", email: "ifeoma@example.com", password: "ifeoma password 5" };
    await register(page, who);
    await page.getByRole("dialog", { name: "Verify your email" }).waitFor();
    const link = await test.mail.nextLink(who.email, 0);
    await page.goto(link);
    await page.getByText("Confirm the OjaPay account you signed up for on this device").waitFor();
    expect(new URL(page.url()).hash).toBe(""); // the token does not stay in the address bar
    await page.getByRole("button", { name: "Confirm my email" }).click();
    await page.getByRole("heading", { name: "Your email is confirmed" }).waitFor();
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.getByLabel("Password", { exact: true }).fill(who.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${test.app.base}/app/dashboard`);
    await page.context().close();
  });

  it("asks another browser opening the link for the sign-up's password first", async () => {
    const phoneTab = await newPage();
    const who = { first: "Sani", last: "Musa", email: "sani@example.com", password: "sani password 8" };
    await register(phoneTab, who);
    await phoneTab.getByRole("dialog", { name: "Verify your email" }).waitFor();
    const link = await test.mail.nextLink(who.email, 0);
    const laptop = await newPage();
    await laptop.goto(link);
    await laptop.getByRole("heading", { name: "Confirm your email" }).waitFor();
    await laptop.getByLabel("Password", { exact: true }).fill("somebody's guess");
    await laptop.getByRole("button", { name: "Confirm my email" }).click();
    await laptop.getByRole("alert").filter({ hasText: "Incorrect email or password." }).waitFor();
    await laptop.getByLabel("Password", { exact: true }).fill(who.password);
    await laptop.getByRole("button", { name: "Confirm my email" }).click();
    await laptop.getByRole("heading", { name: "Your email is confirmed" }).waitFor();
    await phoneTab.context().close();
    await laptop.context().close();
  });

  it("resets a forgotten password from the mailed link", async () => {
    const who = { email: "ifeoma@example.com", newPassword: "ifeoma linked secret 6" };
    const page = await newPage();
    await page.goto(`${test.app.base}/auth/forgot-password`);
    const seen = test.mail.count(who.email);
    await page.getByLabel("Email address").fill(who.email);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    const link = await test.mail.nextLink(who.email, seen);
    await page.goto(link);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await page.getByLabel("New password", { exact: true }).fill(who.newPassword);
    await page.getByRole("button", { name: "Set password" }).click();
    await page.waitForURL(`${test.app.base}/auth/login`);
    await toast(page, "Your password has been changed. Please sign in with it.").waitFor();
    await signIn(page, who.email, who.newPassword);
    await page.waitForURL(`${test.app.base}/app/dashboard`);
    await page.context().close();
  });

  it("asks for the emailed sign-in code once wrong passwords came from many addresses", async () => {
    const who = { email: "sani@example.com", password: "sani password 8" };
    const seen = test.mail.count(who.email);
    // Two were counted on the laptop above: a wrong password, and the sign-up's own, which counts as
    // wrong for every email (docs/decisions.md, "Sign-in without giving accounts away"). Eight more
    // make ten, from eight addresses; the ninth needs the code.
    const answers: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await fetch(`${test.app.base}/api/auth/login/`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i + 1}` },
        body: JSON.stringify({ email: who.email, password: `a wrong guess ${i}` }),
      });
      answers.push(res.status);
    }
    expect(answers).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 403]);
    const page = await newPage();
    await signIn(page, who.email, who.password);
    const dialog = page.getByRole("dialog", { name: "Enter your sign-in code" });
    await dialog.waitFor();
    // The owner was warned when the guesses reached ten; the code came with the right password.
    const code = await test.mail.nextCode(who.email, seen + 1);
    await dialog.getByLabel("Sign-in code").fill(code);
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${test.app.base}/app/dashboard`);
    await page.context().close();
  });
});
